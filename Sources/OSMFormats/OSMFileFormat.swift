/// The kinds of OpenStreetMap file the importer reads, recognised by their first bytes, not their name.
public enum OSMFileFormat: String, Hashable, Sendable {
    case pbf
    case xml
    case gzippedXML

    /// A name for messages ("PBF", "XML", "gzip-compressed XML").
    public var displayName: String {
        switch self {
        case .pbf: "PBF"
        case .xml: "XML"
        case .gzippedXML: "gzip-compressed XML"
        }
    }

    /// Recognises the format from the file's first bytes (16 are enough).
    package static func detect(_ prefix: [UInt8]) throws(OSMImportError) -> OSMFileFormat {
        guard !prefix.isEmpty else { throw .notOSM(reason: "the file is empty") }
        if prefix.starts(with: [0x1f, 0x8b]) { return .gzippedXML }
        if prefix.starts(with: Array("BZh".utf8)) {
            throw .unsupported("the file is bzip2-compressed; decompress it first (bunzip2)", .byte(0))
        }
        if prefix.count >= 15, prefix[4] == 0x0a, prefix[5] == 9, Array(prefix[6..<15]) == Array("OSMHeader".utf8) {
            return .pbf
        }
        var rest = prefix[...]
        if rest.starts(with: [0xef, 0xbb, 0xbf]) { rest = rest.dropFirst(3) }
        if let first = rest.first(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }), first == UInt8(ascii: "<") {
            return .xml
        }
        if rest.allSatisfy({ [0x20, 0x09, 0x0a, 0x0d].contains($0) }) {
            throw .notOSM(reason: "the file starts with nothing but blank space")
        }
        throw .notOSM(reason: "it is neither PBF nor XML (it does not start with a PBF header or “<”)")
    }
}
