import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// The friends service's JSON for one friend: `{"id", "firstname", "lastname", "phonenumber"}`, plus the
/// optional `email`, `latitude`, `longitude`, `placename`, `createdAt`, `updatedAt` this app adds.
/// Shared by the client (which reads any service's variant) and the server (which writes this one).
public enum FriendJSON {
    /// Wire names of the form's fields, as used in error bodies.
    public static func wireName(of field: FriendField) -> String {
        switch field {
        case .firstName: "firstname"
        case .lastName: "lastname"
        case .phoneNumber: "phonenumber"
        case .email: "email"
        case .location: "location"
        }
    }

    /// The field a wire name (in any of the spellings services use) stands for.
    public static func field(named name: String) -> FriendField? {
        let key = name.lowercased().filter { $0 != "_" && $0 != "-" }
        switch key {
        case "firstname", "first", "givenname": return .firstName
        case "lastname", "last", "surname", "familyname": return .lastName
        case "phonenumber", "phone", "tel", "telephone": return .phoneNumber
        case "email", "mail": return .email
        case "location", "latitude", "longitude", "coordinate", "placename": return .location
        default: return nil
        }
    }

    // MARK: Reading (lenient)

    /// A friend from one element of a service's answer, or nil when it lacks an id (a positive one) or a name,
    /// has a field of the wrong type, text too long to be a name, or an impossible position or date. Extra fields are ignored; control characters are
    /// replaced so that nothing read can drive the terminal.
    public static func friend(from value: JSONValue) -> Friend? {
        guard case .object(let fields) = value else { return nil }
        func text(_ names: String..., numbersAllowed: Bool = false) -> String?? {
            for name in names {
                guard let raw = fields[name], !raw.isNull else { continue }
                switch raw {
                case .string(let s): return .some(UntrustedText.clean(s))
                case .integer(let n) where numbersAllowed: return .some(String(n)) // phone numbers as numbers
                default: return .some(nil)
                }
            }
            return nil
        }
        guard let id = (fields["id"] ?? fields["_id"])?.integerValue, id > 0,
              case .some(.some(let first)) = text("firstname", "firstName", "first_name"),
              case .some(.some(let last)) = text("lastname", "lastName", "last_name"),
              case .some(.some(let phone)) = text("phonenumber", "phoneNumber", "phone_number", "phone", numbersAllowed: true)
        else { return nil }
        var friend = Friend(id: id, firstName: first, lastName: last, phoneNumber: phone)
        if case .some(.some(let email)) = text("email"), !email.isEmpty { friend.email = email }
        if case .some(.some(let place)) = text("placename", "placeName"), !place.isEmpty { friend.placeName = place }
        friend.otherPhones = otherPhones(in: fields)
        // A position or a date that is there but impossible (latitude 1e308, "9999-99-99") is a damaged row,
        // not a friend without one: shown, it would read "1e+308" or "Added 1970-01-01".
        let latitude = fields["latitude"].flatMap { $0.isNull ? nil : $0 }
        let longitude = fields["longitude"].flatMap { $0.isNull ? nil : $0 }
        if latitude != nil || longitude != nil {
            guard let lat = latitude?.doubleValue, let lon = longitude?.doubleValue else { return nil }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            guard coordinate.isValid else { return nil }
            friend.coordinate = coordinate
        }
        for (key, keyPath) in [("createdAt", \Friend.createdAt), ("updatedAt", \Friend.updatedAt)] {
            guard let raw = fields[key], !raw.isNull else { continue }
            guard let date = raw.stringValue.flatMap(parseDate) else { return nil }
            friend[keyPath: keyPath] = date
        }
        return friend
    }

    /// The numbers beside the main one (`otherphones`, an array of text, which this app's service adds): what is
    /// not text is skipped, and a list longer than a friend keeps is cut.
    static func otherPhones(in fields: [String: JSONValue]) -> [String] {
        guard let list = (fields["otherphones"] ?? fields["otherPhones"] ?? fields["other_phones"])?.arrayValue
        else { return [] }
        var phones: [String] = []
        for item in list {
            guard phones.count < FriendValidation.maxOtherPhones else { break }
            if let raw = item.stringValue, let phone = UntrustedText.clean(raw), !phone.isEmpty { phones.append(phone) }
        }
        return phones
    }

    /// The friends in a list answer: a bare array, or an object holding it under `friends` or `data`.
    /// Elements that cannot be read are skipped and counted. Nil when the answer holds no list at all.
    public static func friends(from value: JSONValue) -> (friends: [Friend], skipped: Int)? {
        let items: [JSONValue]
        if let array = value.arrayValue {
            items = array
        } else if let array = (value["friends"] ?? value["data"])?.arrayValue {
            items = array
        } else {
            return nil
        }
        var friends: [Friend] = []
        friends.reserveCapacity(items.count)
        // A second friend with an id already listed is refused: edits and deletes go by id, and one of the
        // two would be changed through the other's row.
        var seen = Set<Friend.ID>()
        for item in items {
            if let friend = friend(from: item), seen.insert(friend.id).inserted { friends.append(friend) }
        }
        return (friends, items.count - friends.count)
    }

    // MARK: Writing

    /// The JSON text of a friend, as the server answers it.
    public static func data(of friend: Friend) -> Data {
        var writer = JSONWriter()
        write(friend, into: &writer)
        return writer.data
    }

    /// The JSON text of a list of friends, written directly: a list of 1,000 is the server's busiest answer.
    public static func data(of friends: [Friend]) -> Data {
        var writer = JSONWriter(capacity: friends.count * 200 + 2)
        writer.raw("[")
        // By index, not `for friend in friends`, which copies each friend (and retains its strings) first.
        for index in friends.indices {
            if index > 0 { writer.raw(",") }
            write(friends[index], into: &writer)
        }
        writer.raw("]")
        return writer.data
    }

    private static func write(_ friend: Friend, into writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.integer(friend.id)
        writer.raw(",\"firstname\":")
        writer.string(friend.firstName)
        writer.raw(",\"lastname\":")
        writer.string(friend.lastName)
        writer.raw(",\"phonenumber\":")
        writer.string(friend.phoneNumber)
        if let email = friend.email {
            writer.raw(",\"email\":")
            writer.string(email)
        }
        if let coordinate = friend.coordinate {
            writer.raw(",\"latitude\":")
            writer.number(coordinate.latitude)
            writer.raw(",\"longitude\":")
            writer.number(coordinate.longitude)
        }
        if let placeName = friend.placeName {
            writer.raw(",\"placename\":")
            writer.string(placeName)
        }
        // Only when there are some: the answer stays what clients that know no other numbers read.
        if !friend.otherPhones.isEmpty {
            writer.raw(",\"otherphones\":[")
            for (index, phone) in friend.otherPhones.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(phone)
            }
            writer.raw("]")
        }
        writer.raw(",\"createdAt\":")
        writer.iso8601(friend.createdAt)
        writer.raw(",\"updatedAt\":")
        writer.iso8601(friend.updatedAt)
        writer.raw("}")
    }

    /// The JSON object of a draft, as the client sends it to add or edit. Empty optional fields are sent
    /// as null so that an edit clears them rather than leaving the old value. Other numbers are sent only when
    /// there are some (no screen clears them), so a service that knows no such field sees the body it knows.
    public static func object(of draft: FriendDraft) -> JSONValue {
        var fields: [String: JSONValue] = [
            "firstname": .string(draft.firstName),
            "lastname": .string(draft.lastName),
            "phonenumber": .string(draft.phoneNumber),
            "email": draft.email.map(JSONValue.string) ?? .null,
            "placename": draft.placeName.map(JSONValue.string) ?? .null,
            "latitude": draft.coordinate.map { .number($0.latitude) } ?? .null,
            "longitude": draft.coordinate.map { .number($0.longitude) } ?? .null,
        ]
        if !draft.otherPhones.isEmpty { fields["otherphones"] = .array(draft.otherPhones.map(JSONValue.string)) }
        return .object(fields)
    }

    // MARK: Dates

    private static func parseDate(_ text: String) -> Date? {
        guard text.utf8.count <= 64 else { return nil }
        return try? Date(text, strategy: .iso8601)
    }
}
