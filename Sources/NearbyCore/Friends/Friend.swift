import FoundationEssentials

/// A person in the address book.
public struct Friend: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int64

    public var id: ID
    public var firstName: String
    public var lastName: String
    public var phoneNumber: String
    /// The card's other numbers (a work phone, a landline), in the card's order of preference.
    public var otherPhones: [String]
    public var email: String?
    /// Where the friend is, when known.
    public var coordinate: Coordinate?
    /// A place name given instead of (or beside) a coordinate.
    public var placeName: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: ID, firstName: String, lastName: String, phoneNumber: String, email: String? = nil,
                coordinate: Coordinate? = nil, placeName: String? = nil, otherPhones: [String] = [],
                createdAt: Date = Date(timeIntervalSince1970: 0), updatedAt: Date = Date(timeIntervalSince1970: 0)) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phoneNumber = phoneNumber
        self.otherPhones = otherPhones
        self.email = email
        self.coordinate = coordinate
        self.placeName = placeName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The friend a saved draft becomes.
    public init(id: ID, draft: FriendDraft, createdAt: Date, updatedAt: Date) {
        self.init(id: id, firstName: draft.firstName, lastName: draft.lastName, phoneNumber: draft.phoneNumber,
                  email: draft.email, coordinate: draft.coordinate, placeName: draft.placeName,
                  otherPhones: draft.otherPhones, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// "First Last", the way lists show a friend.
    public var fullName: String { PersonName.display(first: firstName, last: lastName) }

    /// The editable part of this friend.
    public var draft: FriendDraft {
        FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, email: email,
                    coordinate: coordinate, placeName: placeName, otherPhones: otherPhones)
    }
}

/// The fields of a friend that a user types: what add and edit send.
public struct FriendDraft: Hashable, Sendable, Codable {
    public var firstName: String
    public var lastName: String
    public var phoneNumber: String
    /// Numbers beside the main one (a vCard's other `TEL`s); the form edits only the main one and keeps these.
    public var otherPhones: [String]
    public var email: String?
    public var coordinate: Coordinate?
    public var placeName: String?

    public init(firstName: String, lastName: String, phoneNumber: String, email: String? = nil,
                coordinate: Coordinate? = nil, placeName: String? = nil, otherPhones: [String] = []) {
        self.firstName = firstName
        self.lastName = lastName
        self.phoneNumber = phoneNumber
        self.otherPhones = otherPhones
        self.email = email
        self.coordinate = coordinate
        self.placeName = placeName
    }
}
