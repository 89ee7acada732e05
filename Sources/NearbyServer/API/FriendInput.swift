import Foundation
import NearbyCore

/// A friend's fields read from a request body and checked with `FriendValidation`.
enum FriendInput {
    enum Outcome {
        case draft(FriendDraft)
        case problems([FriendField: String])
        case notAnObject
    }

    /// The draft `value` describes. With a `base` (a partial edit), absent fields keep the base's value;
    /// without one, absent required fields are problems. `null` clears an optional field.
    static func read(_ value: JSONValue, over base: FriendDraft?) -> Outcome {
        guard case .object(let fields) = value else { return .notAnObject }
        var problems: [FriendField: String] = [:]

        func lookup(_ names: [String]) -> JSONValue? {
            for name in names { if let found = fields[name] { return found } }
            return nil
        }
        func requiredText(_ field: FriendField, _ names: [String], current: String?, numbersAllowed: Bool = false)
            -> String {
            guard let raw = lookup(names) else { return current ?? "" }
            switch raw {
            case .string(let text): return text.trimmingCharacters(in: .whitespaces)
            case .integer(let number) where numbersAllowed: return String(number)
            case .null: return ""
            default:
                problems[field] = "Must be text"
                return current ?? ""
            }
        }
        func optionalText(_ field: FriendField, _ names: [String], current: String?) -> String? {
            guard let raw = lookup(names) else { return current }
            switch raw {
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                return trimmed.isEmpty ? nil : trimmed
            case .null: return nil
            default:
                problems[field] = "Must be text"
                return current
            }
        }

        var draft = FriendDraft(
            firstName: requiredText(.firstName, ["firstname", "firstName"], current: base?.firstName),
            lastName: requiredText(.lastName, ["lastname", "lastName"], current: base?.lastName),
            phoneNumber: requiredText(.phoneNumber, ["phonenumber", "phoneNumber"], current: base?.phoneNumber,
                                      numbersAllowed: true),
            email: optionalText(.email, ["email"], current: base?.email),
            coordinate: base?.coordinate,
            placeName: optionalText(.location, ["placename", "placeName"], current: base?.placeName))

        let latitude = fields["latitude"], longitude = fields["longitude"]
        switch (latitude, longitude) {
        case (nil, nil): break
        case (.null?, .null?): draft.coordinate = nil
        case (let lat?, let lon?):
            if let lat = lat.doubleValue, let lon = lon.doubleValue {
                draft.coordinate = Coordinate(latitude: lat, longitude: lon)
            } else {
                problems[.location] = "Latitude and longitude must be numbers"
            }
        default:
            problems[.location] = "Latitude and longitude go together"
        }
        if let place = draft.placeName, problems[.location] == nil {
            if place.count > 200 {
                problems[.location] = "At most 200 characters"
            } else if place.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems[.location] = "Only printable characters"
            }
        }
        // Type problems come first: they say more than the validation of a value that was not used.
        problems.merge(FriendValidation.problems(in: draft)) { typeProblem, _ in typeProblem }
        return problems.isEmpty ? .draft(draft) : .problems(problems)
    }
}
