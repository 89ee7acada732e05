import Foundation
import NearbyCore
import NearbyData
import NearbyHTTP

/// A friend's fields read from a request body and checked with `FriendValidation`: the fields a body sets,
/// each checked on its own, so a partial edit names only what it changes.
enum FriendInput {
    enum Outcome<Value> {
        case value(Value)
        case problems([FriendField: String])
        case notAnObject
    }

    /// The fields `value` sets. `null` clears an optional field (and empties a required one, which is then a
    /// problem).
    static func changes(_ value: JSONValue) -> Outcome<FriendChanges> {
        guard case .object(let fields) = value else { return .notAnObject }
        var problems: [FriendField: String] = [:]
        var changes = FriendChanges()

        func lookup(_ names: [String]) -> JSONValue? {
            for name in names { if let found = fields[name] { return found } }
            return nil
        }
        func requiredText(_ field: FriendField, _ names: [String], numbersAllowed: Bool = false) -> String? {
            guard let raw = lookup(names) else { return nil }
            switch raw {
            case .string(let text): return text.trimmingCharacters(in: .whitespaces)
            case .integer(let number) where numbersAllowed: return String(number)
            case .null: return ""
            default:
                problems[field] = "Must be text"
                return nil
            }
        }
        func optionalText(_ field: FriendField, _ names: [String]) -> String?? {
            guard let raw = lookup(names) else { return nil }
            switch raw {
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                return .some(trimmed.isEmpty ? nil : trimmed)
            case .null: return .some(nil)
            default:
                problems[field] = "Must be text"
                return nil
            }
        }

        changes.firstName = requiredText(.firstName, ["firstname", "firstName"])
        changes.lastName = requiredText(.lastName, ["lastname", "lastName"])
        changes.phoneNumber = requiredText(.phoneNumber, ["phonenumber", "phoneNumber"], numbersAllowed: true)
        changes.email = optionalText(.email, ["email"])
        changes.placeName = optionalText(.location, ["placename", "placeName"])
        // The numbers beside the main one: a list of text (null or [] clears them; absent leaves them, so a
        // client that knows no such field never drops them in an edit).
        switch lookup(["otherphones", "otherPhones"]) {
        case nil: break
        case .null?: changes.otherPhones = []
        case .array(let items)?:
            var phones: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    problems[.phoneNumber] = "Other numbers must be a list of text"
                    break
                }
                // A blank entry is no number (a form's empty row), not a broken one.
                let phone = text.trimmingCharacters(in: .whitespaces)
                if !phone.isEmpty { phones.append(phone) }
            }
            changes.otherPhones = phones
        default:
            problems[.phoneNumber] = "Other numbers must be a list of text"
        }

        switch (fields["latitude"], fields["longitude"]) {
        case (nil, nil): break
        case (.null?, .null?): changes.coordinate = .some(nil)
        case (let lat?, let lon?):
            if let lat = lat.doubleValue, let lon = lon.doubleValue {
                changes.coordinate = .some(Coordinate(latitude: lat, longitude: lon))
            } else {
                problems[.location] = "Latitude and longitude must be numbers"
            }
        default:
            problems[.location] = "Latitude and longitude go together"
        }
        // Each field is checked with the rules every way a friend comes in shares (FriendValidation, through
        // FriendChanges.problems): the same lengths, the same forbidden characters.
        // Type problems come first: they say more than the validation of a value that was not used.
        problems.merge(changes.problems) { typeProblem, _ in typeProblem }
        return problems.isEmpty ? .value(changes) : .problems(problems)
    }

    /// A whole friend (add): every required field must be there.
    static func draft(_ value: JSONValue) -> Outcome<FriendDraft> {
        switch whole(value) {
        case .notAnObject: return .notAnObject
        case .problems(let problems): return .problems(problems)
        case .value(let whole): return .value(whole.draft)
        }
    }

    /// The fields a body sets and the friend they make: the body read once, every required field there.
    private static func whole(_ value: JSONValue) -> Outcome<(changes: FriendChanges, draft: FriendDraft)> {
        switch changes(value) {
        case .notAnObject: return .notAnObject
        case .problems(let problems): return .problems(Self.withMissing(problems, in: value))
        case .value(let changes):
            let missing = withMissing([:], in: value)
            if !missing.isEmpty { return .problems(missing) }
            return .value((changes, changes.applied(to: FriendDraft(firstName: "", lastName: "", phoneNumber: ""))))
        }
    }

    /// A whole friend in place of the one stored (PUT): every required field must be there, and every field the
    /// body lacks is cleared, except the other numbers, which a client that knows no such field never sends:
    /// they stay unless the body names them.
    static func replacement(_ value: JSONValue) -> Outcome<FriendChanges> {
        switch whole(value) {
        case .notAnObject: return .notAnObject
        case .problems(let problems): return .problems(problems)
        case .value(let (changes, draft)):
            return .value(FriendChanges(firstName: draft.firstName, lastName: draft.lastName,
                                        phoneNumber: draft.phoneNumber, email: .some(draft.email),
                                        coordinate: .some(draft.coordinate), placeName: .some(draft.placeName),
                                        otherPhones: changes.otherPhones))
        }
    }

    /// `problems` plus "Required" for each required field the body lacks.
    private static func withMissing(_ problems: [FriendField: String], in value: JSONValue) -> [FriendField: String] {
        guard case .object(let fields) = value else { return problems }
        var result = problems
        // A last name is optional (a friend of one name): a body without one is a friend without one.
        let required: [(FriendField, [String])] = [(.firstName, ["firstname", "firstName"]),
                                                   (.phoneNumber, ["phonenumber", "phoneNumber"])]
        for (field, names) in required where !names.contains(where: { fields[$0] != nil }) && result[field] == nil {
            result[field] = "Required"
        }
        return result
    }
}
