import OSMFormats
import NearbyCore

/// Which extract an import comes from: importing a newer file of the same extract replaces what the older
/// one brought (places gone from the new file are removed).
///
/// Recognised, in this order, by the replication feed named in the file's header (Geofabrik's extracts name
/// theirs), else by the region in the header (bounding box, and the header's source when it has one), else
/// by the file's name without its folder, its date, "latest" and its extensions
/// (`liechtenstein-2022-07-24.osm.pbf` and `liechtenstein-latest.osm.pbf` are both "liechtenstein") together
/// with the extent of its data, so two `map.osm` files of different towns are two extracts.
public struct PlacesExtract: Hashable, Sendable {
    /// What identifies the extract from one file to the next.
    public var key: String
    /// The file it was imported from this time, for messages.
    public var fileName: String

    public init(key: String, fileName: String) {
        self.key = key
        self.fileName = fileName
    }

    /// The extract of the file at `path`, with what its header said (nil when it said nothing).
    public static func identify(path: String, header: OSMExtractHeader?) -> PlacesExtract {
        let fileName = String(path.split(separator: "/").last ?? Substring(path))
        if let url = header?.replicationURL?.trimmingSuffix("/"), !url.isEmpty {
            return PlacesExtract(key: "feed:\(url)", fileName: fileName)
        }
        if let bounds = header?.bounds, bounds.isValid {
            // Four decimals (about 10 m): a region's box, written by different tools, still matches.
            func degrees(_ value: Double) -> String { NumberText.fixed(value, digits: 4) }
            var key = "bbox:\(degrees(bounds.minLatitude)),\(degrees(bounds.minLongitude)),"
                + "\(degrees(bounds.maxLatitude)),\(degrees(bounds.maxLongitude))"
            if let source = header?.source, !source.isEmpty { key += " source:\(source)" }
            return PlacesExtract(key: key, fileName: fileName)
        }
        return PlacesExtract(key: fileKeyPrefix + nameStem(fileName), fileName: fileName)
    }

    /// Keys of extracts known by their file name alone; the store tells two such files apart by the extent
    /// of their data, adding `#2`, `#3`… to the key of the second and later.
    public static let fileKeyPrefix = "file:"

    /// The file name without extensions, dates and "latest": what stays the same from one download to the next.
    public static func nameStem(_ fileName: String) -> String {
        var stem = fileName.lowercased()
        for suffix in [".gz", ".bz2", ".pbf", ".osm", ".xml"] {
            while stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        }
        let parts = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." || $0 == " " })
        let kept = parts.filter { part in
            if part == "latest" { return false }
            // A date: 20220724, 220724, a year, or the pieces of 2022-07-24 (split on the dashes above).
            return !part.allSatisfy(\.isNumber)
        }
        let joined = kept.joined(separator: "-")
        return joined.isEmpty ? stem : joined
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
