import OSMFormats

/// The areas of an extract's base (`ExtractBaseFiles.areas`), held as the file's bytes: an update looks at
/// every area's nodes and at the place it makes, and decodes the tags of the few it places again.
struct BaseAreas {
    /// Where one area's parts lie in the bytes.
    struct Entry {
        var id: Int64
        /// The first node id's offset, and how many there are.
        var refs: Int
        var refCount: Int
        /// The place's category code and name, as `"code|name"`: what tells an area beside a changed place.
        var placeKey: String
        /// The tag count's offset.
        var tags: Int
    }

    private let bytes: [UInt8]
    private(set) var entries: [Entry] = []

    init(_ bytes: [UInt8]) throws(OSMImportError) {
        self.bytes = bytes
        var offset = 0
        func need(_ count: Int) throws(OSMImportError) {
            guard count >= 0, offset + count <= bytes.count else { throw .scratch("the extract's base areas end early") }
        }
        func integer<T: FixedWidthInteger>(_ type: T.Type) throws(OSMImportError) -> T {
            try need(MemoryLayout<T>.size)
            defer { offset += MemoryLayout<T>.size }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        func skipText() throws(OSMImportError) {
            let length = Int(try integer(UInt32.self))
            try need(length)
            offset += length
        }
        while offset < bytes.count {
            let id = try integer(Int64.self)
            let refCount = Int(try integer(Int32.self))
            try need(refCount * 8)
            let refs = offset
            offset += refCount * 8
            let code = try integer(Int32.self)
            let nameLength = Int(try integer(UInt32.self))
            try need(nameLength)
            let name = String(decoding: bytes[offset..<offset + nameLength], as: UTF8.self)
            offset += nameLength
            let tags = offset
            let tagCount = Int(try integer(Int32.self))
            guard tagCount >= 0 else { throw .scratch("the extract's base areas are damaged") }
            for _ in 0..<tagCount * 2 { try skipText() }
            entries.append(Entry(id: id, refs: refs, refCount: refCount, placeKey: "\(code)|\(name)", tags: tags))
        }
    }

    /// Whether any node of entry `index` is one `test` picks.
    func anyNode(of index: Int, _ test: (Int64) -> Bool) -> Bool {
        let entry = entries[index]
        return bytes.withUnsafeBytes { raw in
            (0..<entry.refCount).contains { test(raw.loadUnaligned(fromByteOffset: entry.refs + $0 * 8, as: Int64.self)) }
        }
    }

    /// Entry `index` whole: its nodes and tags.
    func area(at index: Int) -> ExtractBase.Area {
        let entry = entries[index]
        return bytes.withUnsafeBytes { raw in
            let refs = (0..<entry.refCount).map { raw.loadUnaligned(fromByteOffset: entry.refs + $0 * 8, as: Int64.self) }
            var offset = entry.tags
            func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
                defer { offset += MemoryLayout<T>.size }
                return raw.loadUnaligned(fromByteOffset: offset, as: T.self)
            }
            func text() -> String {
                let length = Int(integer(UInt32.self))
                defer { offset += length }
                return String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length]), as: UTF8.self)
            }
            var tags: [String: String] = [:]
            // The lengths were checked when the entries were read.
            for _ in 0..<Int(integer(Int32.self)) {
                let key = text()
                tags[key] = text()
            }
            return ExtractBase.Area(id: entry.id, refs: refs, tags: tags)
        }
    }
}
