import Foundation
import NearbyCore
import TerminalView

/// How the friends commands print: user data made terminal-safe, errors on standard error.
enum FriendsOutput {
    /// Writes one line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes text to standard output as it is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `text` from a user or a file, safe to print to a terminal.
    static func safe(_ text: String) -> String {
        TextSanitizer.sanitize(text)
    }

    /// A friend's field names as the `add` command spells its options.
    static func optionName(of field: FriendField) -> String {
        switch field {
        case .firstName: "--first"
        case .lastName: "--last"
        case .phoneNumber: "--phone"
        case .email: "--email"
        case .location: "--near"
        }
    }

    /// A friends error in one line a user understands.
    static func describe(_ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "The friends service wants you to log in."
        case .notFound: "No such friend."
        case .network(let message): "The friends service could not be reached: \(message)"
        case .invalid(let field, let reason): "\(optionName(of: field)): \(reason)"
        case .storage(let message): message
        }
    }

    /// The friends as aligned columns: id, name, phone, e-mail, location.
    static func table(_ friends: [Friend]) -> String {
        let rows = friends.map { friend -> [String] in
            var location = friend.coordinate.map { String(format: "%.5f, %.5f", $0.latitude, $0.longitude) } ?? ""
            if let place = friend.placeName {
                location = location.isEmpty ? place : "\(location) (\(place))"
            }
            return [String(friend.id), friend.fullName, friend.phoneNumber, friend.email ?? "", location].map(safe)
        }
        let header = ["ID", "NAME", "PHONE", "E-MAIL", "LOCATION"]
        let all = [header] + rows
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        var text = ""
        for row in all {
            // Empty trailing cells would only add trailing spaces.
            let lastFilled = row.lastIndex { !$0.isEmpty } ?? 0
            for (column, cell) in row.enumerated() where column <= lastFilled {
                let padding = column == lastFilled ? 0 : widths[column] - DisplayWidth.of(cell)
                if column > 0 { text += "  " }
                // Right-align the id column, left-align the rest.
                if column == 0 {
                    text += String(repeating: " ", count: padding) + cell
                } else {
                    text += cell + String(repeating: " ", count: padding)
                }
            }
            text += "\n"
        }
        return text
    }
}
