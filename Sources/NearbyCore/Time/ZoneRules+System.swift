extension ZoneRules {
    /// Where the zone files live: `$TZDIR`, else /usr/share/zoneinfo.
    public static var systemDirectory: String {
        SmallFile.environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    }

    /// The zone named `name` ("Europe/Vaduz") from the zone files in `directory`.
    public static func named(_ name: String, directory: String = systemDirectory) throws(ZoneError) -> ZoneRules {
        guard isZoneName(name), let bytes = SmallFile.contents(directory + "/" + name) else {
            throw .unknownZone(name)
        }
        return try TZifReader.rules(from: bytes, identifier: name)
    }

    /// The zone the process runs in, as the C library chooses it: `TZ` (a zone name, ":name", a file path or
    /// a POSIX rule; empty means UTC), else /etc/localtime. Falls back to UTC rather than failing.
    public static func local(tz: String?, directory: String = systemDirectory,
                             localtime: String = "/etc/localtime") -> ZoneRules {
        guard var value = tz else { return systemDefault(localtime: localtime, directory: directory) }
        if value.hasPrefix(":") { value.removeFirst() }
        if value.isEmpty { return .utc }
        if value.hasPrefix("/") {
            guard let bytes = SmallFile.contents(value),
                  let rules = try? TZifReader.rules(from: bytes, identifier: zoneName(ofPath: value) ?? value) else {
                return .utc
            }
            return rules
        }
        if let rules = try? named(value, directory: directory) { return rules }
        return posix(value) ?? .utc
    }

    /// The zone of this process (`TZ`, else /etc/localtime), read once.
    public static let current: ZoneRules = local(tz: SmallFile.environment("TZ"))

    private static func systemDefault(localtime: String, directory: String) -> ZoneRules {
        guard let bytes = SmallFile.contents(localtime) else { return .utc }
        var name = SmallFile.linkTarget(localtime).flatMap(zoneName(ofPath:))
        if name == nil, let text = SmallFile.contents("/etc/timezone", limit: 256) {
            let line = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            name = line.flatMap { isZoneName($0) ? $0 : nil }
        }
        return (try? TZifReader.rules(from: bytes, identifier: name ?? "localtime")) ?? .utc
    }

    /// "Europe/Vaduz" from "/usr/share/zoneinfo/Europe/Vaduz" (or a relative link "../usr/share/zoneinfo/…").
    static func zoneName(ofPath path: String) -> String? {
        let bytes = Array(path.utf8), marker = Array("zoneinfo/".utf8)
        guard bytes.count > marker.count,
              let start = stride(from: bytes.count - marker.count, through: 0, by: -1)
                .first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }) else { return nil }
        var name = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        // posix/ and right/ are variants of the same zones.
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        return isZoneName(name) ? name : nil
    }

    /// A name that can only point inside the zone directory.
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count < 256, !name.hasPrefix("/"), !name.contains("..") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "/_+-".unicodeScalars.contains(scalar)
        }
    }
}
