import FoundationEssentials
import NearbyCore
import TerminalView
import TerminalText

/// How the friends commands print: user data made terminal-safe, tables of sane width, JSON in the style of
/// every `--json`.
enum FriendsOutput {
    /// The widest a column may get; longer cells are cut with "…" so one long name cannot widen the table.
    static let columnLimits: [Int?] = [nil, 36, 22, 32, 36]

    /// A friend's field names as the `add` command spells its options.
    static func optionName(of field: FriendField) -> String {
        switch field {
        case .firstName: "--first"
        case .lastName: "--last"
        case .phoneNumber: "--phone"
        case .email: "--email"
        case .location: "--place"
        }
    }

    /// "47.14100, 9.52090 (Vaduz)", "Vaduz", or "".
    static func location(of friend: Friend) -> String {
        var location = friend.coordinate.map { CoordinateText.format($0) } ?? ""
        if let place = friend.placeName, !place.isEmpty {
            location = location.isEmpty ? place : "\(location) (\(place))"
        }
        return location
    }

    /// The friends as aligned columns: id, name, phone, e-mail, location. Cut to fit only for a person
    /// (`cut`, stdout a terminal): piped into grep or a file, every name and address is whole.
    static func table(_ friends: [Friend], cut: Bool = true) -> String {
        let header = ["ID", "NAME", "PHONE", "E-MAIL", "LOCATION"]
        let rows = friends.map { friend -> [String] in
            [String(friend.id), friend.fullName, ([friend.phoneNumber] + friend.otherPhones).joined(separator: ", "),
             friend.email ?? "", location(of: friend)]
                .map(TerminalText.safe)
        }
        return TextTable.render([header] + rows, alignments: [.right, .left, .left, .left, .left],
                                maximumWidths: cut ? columnLimits : [])
    }

    /// The friends as a JSON array.
    static func json(_ friends: [Friend]) -> String {
        JSONOutput.array(friends.map { friend in
            .object([
                ("id", .int(Int(friend.id))),
                ("first_name", .string(friend.firstName)),
                ("last_name", .string(friend.lastName)),
                ("phone", .string(friend.phoneNumber)),
                ("other_phones", .array(friend.otherPhones.map { .string($0) })),
                ("email", .text(friend.email)),
                ("lat", .degrees(friend.coordinate?.latitude)),
                ("lon", .degrees(friend.coordinate?.longitude)),
                ("place_name", .text(friend.placeName)),
                ("created_at", .string(CivilDate.iso8601UTC(friend.createdAt))),
                ("updated_at", .string(CivilDate.iso8601UTC(friend.updatedAt))),
            ])
        }).rendered()
    }
}
