import FoundationEssentials

/// Writes friends as vCard 4.0 (RFC 6350): escaped values, lines folded at 75 octets, CRLF line ends.
public enum VCardWriter {
    /// The longest line in octets, line break excluded (RFC 6350 §3.2).
    static let maxLineOctets = 75

    /// All `friends`, one card after the other, each with its photo when `photo` has one.
    public static func write<Friends: Sequence<Friend>>(_ friends: Friends,
                                                        photo: (Friend.ID) -> [UInt8]? = { _ in nil }) -> String {
        var text = ""
        for friend in friends { text += card(for: friend, photo: photo(friend.id)) }
        return text
    }

    /// One card; `photo` (a JPEG, as the store keeps it) as a `data:` URI.
    public static func card(for friend: Friend, photo: [UInt8]? = nil) -> String {
        var lines = [
            "BEGIN:VCARD",
            "VERSION:4.0",
            "UID:nearby:friend:\(friend.id)",
            "FN:" + VCardText.escape(friend.fullName),
            "N:" + VCardText.escape(friend.lastName) + ";" + VCardText.escape(friend.firstName) + ";;;",
            // Plain text keeps the number exactly as typed; RFC 6350 §6.4.1 allows it.
            // The main number is the one the card prefers (PREF=1); the others follow in their order.
            (friend.otherPhones.isEmpty ? "TEL:" : "TEL;PREF=1:") + VCardText.escape(friend.phoneNumber),
        ]
        for (index, phone) in friend.otherPhones.enumerated() {
            lines.append("TEL;PREF=\(index + 2):" + VCardText.escape(phone))
        }
        if let email = friend.email, !email.isEmpty { lines.append("EMAIL:" + VCardText.escape(email)) }
        if let coordinate = friend.coordinate, coordinate.isValid {
            lines.append("GEO:geo:\(number(coordinate.latitude)),\(number(coordinate.longitude))")
        }
        if let place = friend.placeName, !place.isEmpty {
            // The place name is the street component of an address: where contacts apps show it.
            lines.append("ADR:;;" + VCardText.escape(place) + ";;;;")
        }
        if let photo, !photo.isEmpty {
            lines.append("PHOTO:data:image/jpeg;base64," + Data(photo).base64EncodedString())
        }
        lines.append("REV:" + timestamp(friend.updatedAt))
        lines.append("END:VCARD")
        return lines.map(fold).joined()
    }

    /// Folds a line so that no physical line exceeds 75 octets, never inside a UTF-8 sequence; adds CRLF.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > maxLineOctets else { return line + "\r\n" }
        var result = ""
        result.reserveCapacity(line.utf8.count + line.utf8.count / 70 * 3 + 2)
        var octets = 0
        var limit = maxLineOctets
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > limit {
                result += "\r\n "
                octets = 1
                limit = maxLineOctets
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result + "\r\n"
    }

    /// A coordinate part without exponent notation, which geo URIs do not allow.
    private static func number(_ value: Double) -> String {
        let plain = "\(value)"
        guard plain.contains("e") || plain.contains("E") else { return plain }
        var fixed = NumberText.fixed(value, digits: 9)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    private static func timestamp(_ date: Date) -> String {
        let (days, secondOfDay) = CivilDate.split(date)
        let (year, month, day) = CivilDate.civil(fromDays: days)
        let pad = CivilDate.pad
        return "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))T\(pad(secondOfDay / 3600, 2))"
            + "\(pad(secondOfDay % 3600 / 60, 2))\(pad(secondOfDay % 60, 2))Z"
    }
}
