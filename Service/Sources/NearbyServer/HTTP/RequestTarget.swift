/// A request target ("/api/friends/3?x=1") split into the path the routes match and the query.
struct RequestTarget: Equatable {
    /// Percent-decoded, dot segments resolved, always starting with "/".
    var path: String
    /// Percent-decoded names and values ("+" is a space); the first of a repeated name wins.
    var query: [String: String]

    init(_ target: String) {
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = target.firstIndex(of: "?") {
            pathPart = target[..<mark]
            queryPart = target[target.index(after: mark)...]
        } else {
            pathPart = Substring(target)
            queryPart = nil
        }
        path = Self.resolvingDotSegments(Self.percentDecoded(pathPart, plusIsSpace: false))
        var query: [String: String] = [:]
        for pair in queryPart?.split(separator: "&", omittingEmptySubsequences: true) ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.percentDecoded(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? Self.percentDecoded(parts[1], plusIsSpace: true) : ""
            if query[name] == nil { query[name] = value }
        }
        self.query = query
    }

    /// `%41` → "A"; a malformed escape stays as it is; bytes that are not UTF-8 become U+FFFD.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = pending.isEmpty ? iterator.next() : pending.removeFirst() {
            if byte == UInt8(ascii: "+"), plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard let high = iterator.next() else { bytes.append(byte); break }
                guard let low = iterator.next() else { bytes += [byte, high]; break }
                if let h = hexValue(high), let l = hexValue(low) {
                    bytes.append(h << 4 | l)
                } else {
                    // Not an escape: keep the percent, and read the two bytes again as ordinary ones.
                    bytes.append(byte)
                    pending = [high, low]
                }
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 3986 §5.2.4: "/a/./b/../c" → "/a/c"; ".." never climbs above the root.
    static func resolvingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
