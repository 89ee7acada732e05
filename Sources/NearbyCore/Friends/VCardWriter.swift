import Foundation

/// Writes friends as vCard 4.0 (RFC 6350): escaped values, lines folded at 75 octets, CRLF line ends.
public enum VCardWriter {
    /// The longest line in octets, line break excluded (RFC 6350 §3.2).
    static let maxLineOctets = 75

    /// All `friends`, one card after the other.
    public static func write<Friends: Sequence<Friend>>(_ friends: Friends) -> String {
        var text = ""
        for friend in friends { text += card(for: friend) }
        return text
    }

    /// One card.
    public static func card(for friend: Friend) -> String {
        var lines = [
            "BEGIN:VCARD",
            "VERSION:4.0",
            "UID:nearby:friend:\(friend.id)",
            "FN:" + VCardText.escape(friend.fullName),
            "N:" + VCardText.escape(friend.lastName) + ";" + VCardText.escape(friend.firstName) + ";;;",
            // Plain text keeps the number exactly as typed; RFC 6350 §6.4.1 allows it.
            "TEL:" + VCardText.escape(friend.phoneNumber),
        ]
        if let email = friend.email, !email.isEmpty { lines.append("EMAIL:" + VCardText.escape(email)) }
        if let coordinate = friend.coordinate, coordinate.isValid {
            lines.append("GEO:geo:\(number(coordinate.latitude)),\(number(coordinate.longitude))")
        }
        if let place = friend.placeName, !place.isEmpty {
            // The place name is the street component of an address: where contacts apps show it.
            lines.append("ADR:;;" + VCardText.escape(place) + ";;;;")
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
        var fixed = String(format: "%.9f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    private static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return String(format: "%04lld%02lld%02lldT%02lld%02lld%02lldZ", year, month, day,
                      secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    /// The Gregorian date of a day count since 1970-01-01 (H. Hinnant's days-to-civil).
    private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
