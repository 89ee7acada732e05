/// A partial edit of a friend: only the fields that are set change (a PATCH).
///
/// The optional fields (e-mail, location, place name) are doubly optional: nil leaves the field as it is,
/// `.some(nil)` clears it.
public struct FriendChanges: Hashable, Sendable {
    public var firstName: String?
    public var lastName: String?
    public var phoneNumber: String?
    public var email: String??
    public var coordinate: Coordinate??
    public var placeName: String??

    public init(firstName: String? = nil, lastName: String? = nil, phoneNumber: String? = nil,
                email: String?? = nil, coordinate: Coordinate?? = nil, placeName: String?? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.phoneNumber = phoneNumber
        self.email = email
        self.coordinate = coordinate
        self.placeName = placeName
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        firstName == nil && lastName == nil && phoneNumber == nil && email == nil && coordinate == nil
            && placeName == nil
    }

    /// `draft` with these changes made.
    public func applied(to draft: FriendDraft) -> FriendDraft {
        var result = draft
        if let firstName { result.firstName = firstName }
        if let lastName { result.lastName = lastName }
        if let phoneNumber { result.phoneNumber = phoneNumber }
        if let email { result.email = email }
        if let coordinate { result.coordinate = coordinate }
        if let placeName { result.placeName = placeName }
        return result
    }
}
