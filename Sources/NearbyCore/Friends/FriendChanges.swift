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
    /// The numbers beside the main one, all of them (an empty list clears them); nil leaves them.
    public var otherPhones: [String]?

    public init(firstName: String? = nil, lastName: String? = nil, phoneNumber: String? = nil,
                email: String?? = nil, coordinate: Coordinate?? = nil, placeName: String?? = nil,
                otherPhones: [String]? = nil) {
        self.otherPhones = otherPhones
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
            && placeName == nil && otherPhones == nil
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
        if let otherPhones { result.otherPhones = otherPhones }
        return result
    }

    /// The problems of the fields this edit sets (the others were valid when they were saved).
    public var problems: [FriendField: String] {
        var result: [FriendField: String] = [:]
        if let firstName, let problem = FriendValidation.nameProblem(firstName) { result[.firstName] = problem }
        if let lastName, let problem = FriendValidation.lastNameProblem(lastName) { result[.lastName] = problem }
        if let phoneNumber, let problem = FriendValidation.phoneProblem(phoneNumber) {
            result[.phoneNumber] = problem
        } else if let otherPhones, let problem = FriendValidation.otherPhonesProblem(otherPhones) {
            result[.phoneNumber] = problem
        }
        if let email, let problem = FriendValidation.emailProblem(email) { result[.email] = problem }
        if case .some(.some(let coordinate)) = coordinate, !coordinate.isValid {
            result[.location] = "Not a valid coordinate"
        } else if case .some(.some(let placeName)) = placeName,
                  let problem = FriendValidation.placeNameProblem(placeName) {
            result[.location] = problem
        }
        return result
    }
}
