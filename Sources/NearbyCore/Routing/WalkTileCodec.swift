/// The stored form of a walking-network tile: varints and zigzag deltas, about 6 bytes a shape point.
///
/// Layout (version 1): vertex count, then each vertex as the delta from the previous one (the first from the
/// tile's south-west corner); the way names; then each edge: both ends (tile offset and index), flags, name,
/// length in centimetres, and its shape as deltas (the first point from the corner). Flags: 1 forward, 2 backward,
/// 4 isolated (a bit older stores never set, so their edges all count as joined to the network).
public enum WalkTileCodec {
    static let version: UInt64 = 1

    /// Why stored bytes could not be read as a tile.
    public struct DecodingError: Error, Hashable, Sendable {
        public let reason: String
    }

    public static func encode(_ tile: WalkTile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(tile.shapeLatitudes.count * 6 + tile.vertexCount * 6 + 64)
        appendHeader(key: tile.key, latitudes: tile.vertexLatitudes, longitudes: tile.vertexLongitudes,
                     names: tile.names, to: &out)
        writeVarint(UInt64(tile.edges.count), to: &out)
        for edge in tile.edges {
            let shape = Int(edge.shapeStart)..<Int(edge.shapeStart + edge.shapeCount)
            appendEdge(from: edge.from, to: edge.to, flags: edgeFlags(edge), name: edge.name,
                       centimetres: centimetres(edge.length), latitudes: tile.shapeLatitudes[shape],
                       longitudes: tile.shapeLongitudes[shape], key: tile.key, to: &out)
        }
        return out
    }

    static func edgeFlags(_ edge: WalkTile.Edge) -> UInt8 {
        (edge.forward ? 1 : 0) | (edge.backward ? 2 : 0) | (edge.isolated ? 4 : 0)
    }

    /// An edge's length as stored.
    package static func centimetres(_ length: Float) -> UInt64 {
        UInt64((Double(length) * 100).rounded())
    }

    /// One edge's record (a tile's bytes are a header, then each edge's record, self-contained).
    package static func appendEdge(from: WalkVertexRef, to: WalkVertexRef, flags: UInt8, name: Int32,
                                   centimetres: UInt64, latitudes: ArraySlice<Int32>, longitudes: ArraySlice<Int32>,
                                   key: WalkTileKey, to out: inout [UInt8]) {
        let origin = key.originE7
        for end in [from, to] {
            writeSigned(Int64(end.tile.row) - Int64(key.row), to: &out)
            writeSigned(Int64(end.tile.column) - Int64(key.column), to: &out)
            writeVarint(UInt64(end.index), to: &out)
        }
        writeVarint(UInt64(flags), to: &out)
        writeVarint(UInt64(name + 1), to: &out)
        writeVarint(centimetres, to: &out)
        writeVarint(UInt64(latitudes.count), to: &out)
        appendPoints(latitudes, longitudes, from: origin, to: &out)
    }

    /// Points as differences from the one before, the first from `origin`.
    private static func appendPoints(_ latitudes: ArraySlice<Int32>, _ longitudes: ArraySlice<Int32>,
                                     from origin: (latitude: Int32, longitude: Int32), to out: inout [UInt8]) {
        var lat = origin.latitude, lon = origin.longitude
        for (latitude, longitude) in zip(latitudes, longitudes) {
            writeSigned(Int64(latitude) - Int64(lat), to: &out)
            writeSigned(Int64(longitude) - Int64(lon), to: &out)
            lat = latitude
            lon = longitude
        }
    }

    /// A tile's header: the version, its vertices (the first from the tile's corner) and its names.
    package static func appendHeader(key: WalkTileKey, latitudes: [Int32], longitudes: [Int32], names: [String],
                                     to out: inout [UInt8]) {
        let origin = key.originE7
        writeVarint(version, to: &out)
        writeVarint(UInt64(latitudes.count), to: &out)
        appendPoints(latitudes[...], longitudes[...], from: origin, to: &out)
        writeVarint(UInt64(names.count), to: &out)
        for name in names {
            let bytes = Array(name.utf8)
            writeVarint(UInt64(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        }
    }

    package static func appendCount(_ count: Int, to out: inout [UInt8]) {
        writeVarint(UInt64(count), to: &out)
    }

    /// Where each part of a tile's bytes is, for a patch that rewrites some edges and copies the others' bytes.
    package struct Layout {
        /// 32-bit fields: a patch holds the records of every tile of a region at once.
        package struct Record {
            /// The record's bytes, and the byte of its flags (one byte: flags are below 0x80).
            package var start: Int32
            package var end: Int32
            package var flagsOffset: Int32
            package var shapeOffset: Int32
            package var from: WalkVertexRef
            package var to: WalkVertexRef
            package var name: Int32
            package var centimetres: UInt32
            package var shapeCount: Int32
            package var flags: UInt8

            package init(start: Int32, end: Int32, flagsOffset: Int32, shapeOffset: Int32, from: WalkVertexRef,
                         to: WalkVertexRef, name: Int32, centimetres: UInt32, shapeCount: Int32, flags: UInt8) {
                self.start = start
                self.end = end
                self.flagsOffset = flagsOffset
                self.shapeOffset = shapeOffset
                self.from = from
                self.to = to
                self.name = name
                self.centimetres = centimetres
                self.shapeCount = shapeCount
                self.flags = flags
            }
        }

        package var vertexLatitudes: [Int32] = []
        package var vertexLongitudes: [Int32] = []
        package var names: [String] = []
        package var records: [Record] = []

        package init() {}
    }

    /// Reads a tile's layout: its vertices and names, and each edge's record without its shape.
    package static func layout(_ bytes: UnsafeRawBufferPointer, key: WalkTileKey) throws(DecodingError) -> Layout {
        var reader = Reader(bytes: bytes)
        let version = try reader.varint()
        guard version == Self.version else {
            throw DecodingError(reason: "the walking network was stored by another version (\(version))")
        }
        var layout = Layout()
        let origin = key.originE7
        let vertexCount = try reader.count(limit: 1 << 24)
        layout.vertexLatitudes.reserveCapacity(vertexCount)
        layout.vertexLongitudes.reserveCapacity(vertexCount)
        var lat = Int64(origin.latitude), lon = Int64(origin.longitude)
        for _ in 0..<vertexCount {
            try reader.step(&lat)
            try reader.step(&lon)
            layout.vertexLatitudes.append(try reader.coordinate(lat))
            layout.vertexLongitudes.append(try reader.coordinate(lon))
        }
        let nameCount = try reader.count(limit: 1 << 24)
        for _ in 0..<nameCount { layout.names.append(try reader.string()) }
        let edgeCount = try reader.count(limit: 1 << 24)
        layout.records.reserveCapacity(edgeCount)
        for _ in 0..<edgeCount {
            let start = reader.offset
            let from = try reader.vertex(around: key)
            let to = try reader.vertex(around: key)
            let flagsOffset = reader.offset
            let flags = try reader.varint()
            guard reader.offset == flagsOffset + 1 else { throw DecodingError(reason: "an edge's flags are not one byte") }
            let name = try reader.varint()
            guard name <= UInt64(nameCount) else { throw DecodingError(reason: "an edge names no stored name") }
            let centimetres = try reader.varint()
            let shapeCount = try reader.count(limit: 1 << 20)
            guard shapeCount >= 2 else { throw DecodingError(reason: "an edge has fewer than two points") }
            let shapeOffset = reader.offset
            try reader.skipVarints(shapeCount * 2)
            for end in [from, to] where end.tile == key && Int(end.index) >= vertexCount {
                throw DecodingError(reason: "an edge ends at a vertex the tile does not have")
            }
            guard reader.offset < Int(Int32.max), centimetres <= UInt64(UInt32.max) else {
                throw DecodingError(reason: "a tile is too large")
            }
            layout.records.append(Layout.Record(
                start: Int32(start), end: Int32(reader.offset), flagsOffset: Int32(flagsOffset),
                shapeOffset: Int32(shapeOffset), from: from, to: to, name: Int32(name) - 1,
                centimetres: UInt32(centimetres), shapeCount: Int32(shapeCount), flags: UInt8(flags)))
        }
        return layout
    }

    /// The points of one edge's shape, read from its record.
    package static func shape(of record: Layout.Record, in bytes: UnsafeRawBufferPointer, key: WalkTileKey)
        throws(DecodingError) -> (latitudes: [Int32], longitudes: [Int32]) {
        var reader = Reader(bytes: bytes, offset: Int(record.shapeOffset))
        let origin = key.originE7
        var lat = Int64(origin.latitude), lon = Int64(origin.longitude)
        var latitudes: [Int32] = [], longitudes: [Int32] = []
        latitudes.reserveCapacity(Int(record.shapeCount))
        longitudes.reserveCapacity(Int(record.shapeCount))
        for _ in 0..<record.shapeCount {
            try reader.step(&lat)
            try reader.step(&lon)
            latitudes.append(try reader.coordinate(lat))
            longitudes.append(try reader.coordinate(lon))
        }
        return (latitudes, longitudes)
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer, key: WalkTileKey) throws(DecodingError) -> WalkTile {
        var reader = Reader(bytes: bytes)
        let version = try reader.varint()
        guard version == Self.version else {
            throw DecodingError(reason: "the walking network was stored by another version (\(version))")
        }
        let origin = key.originE7
        let vertexCount = try reader.count(limit: 1 << 24)
        var vertexLatitudes = [Int32](), vertexLongitudes = [Int32]()
        vertexLatitudes.reserveCapacity(vertexCount)
        vertexLongitudes.reserveCapacity(vertexCount)
        var lat = Int64(origin.latitude), lon = Int64(origin.longitude)
        for _ in 0..<vertexCount {
            try reader.step(&lat)
            try reader.step(&lon)
            vertexLatitudes.append(try reader.coordinate(lat))
            vertexLongitudes.append(try reader.coordinate(lon))
        }
        let nameCount = try reader.count(limit: 1 << 24)
        var names: [String] = []
        names.reserveCapacity(nameCount)
        for _ in 0..<nameCount {
            names.append(try reader.string())
        }
        let edgeCount = try reader.count(limit: 1 << 24)
        var edges: [WalkTile.Edge] = []
        edges.reserveCapacity(edgeCount)
        var shapeLatitudes: [Int32] = [], shapeLongitudes: [Int32] = []
        for _ in 0..<edgeCount {
            let from = try reader.vertex(around: key)
            let to = try reader.vertex(around: key)
            let flags = try reader.varint()
            let name = try reader.varint()
            guard name <= UInt64(names.count) else { throw DecodingError(reason: "an edge names no stored name") }
            let centimetres = try reader.varint()
            let shapeCount = try reader.count(limit: 1 << 20)
            guard shapeCount >= 2 else { throw DecodingError(reason: "an edge has fewer than two points") }
            let shapeStart = Int32(shapeLatitudes.count)
            var lat = Int64(origin.latitude), lon = Int64(origin.longitude)
            for _ in 0..<shapeCount {
                try reader.step(&lat)
                try reader.step(&lon)
                shapeLatitudes.append(try reader.coordinate(lat))
                shapeLongitudes.append(try reader.coordinate(lon))
            }
            edges.append(WalkTile.Edge(from: from, to: to, length: Float(Double(centimetres) / 100),
                                       forward: flags & 1 != 0, backward: flags & 2 != 0, name: Int32(name) - 1,
                                       shapeStart: shapeStart, shapeCount: Int32(shapeCount),
                                       isolated: flags & 4 != 0))
        }
        for edge in edges {
            for end in [edge.from, edge.to] where end.tile == key && Int(end.index) >= vertexCount {
                throw DecodingError(reason: "an edge ends at a vertex the tile does not have")
            }
        }
        return WalkTile(key: key, vertexLatitudes: vertexLatitudes, vertexLongitudes: vertexLongitudes, edges: edges,
                        shapeLatitudes: shapeLatitudes, shapeLongitudes: shapeLongitudes, names: names)
    }

    private static func writeVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    private static func writeSigned(_ value: Int64, to out: inout [UInt8]) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &out)
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer, offset: Int = 0) {
            self.bytes = bytes
            self.offset = offset
        }

        mutating func varint() throws(DecodingError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                guard shift < 64 else { break }
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            throw DecodingError(reason: "the walking network's data ends early")
        }

        /// Moves past `count` varints without reading their values (each ends at a byte below 0x80).
        mutating func skipVarints(_ count: Int) throws(DecodingError) {
            var left = count
            while left > 0 {
                guard offset < bytes.count else { throw DecodingError(reason: "the walking network's data ends early") }
                if bytes[offset] < 0x80 { left -= 1 }
                offset += 1
            }
        }

        mutating func signed() throws(DecodingError) -> Int64 {
            let raw = try varint()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        /// Adds the next difference to `value`: damaged bytes may hold a difference that overflows, which is
        /// damage, not a trap.
        mutating func step(_ value: inout Int64) throws(DecodingError) {
            let (sum, overflow) = value.addingReportingOverflow(try signed())
            guard !overflow else { throw DecodingError(reason: "a point lies off the globe") }
            value = sum
        }

        mutating func count(limit: Int) throws(DecodingError) -> Int {
            let value = try varint()
            // Every counted item takes at least one byte, so a count beyond the bytes left is damage.
            guard value <= UInt64(limit), value <= UInt64(bytes.count - offset) else {
                throw DecodingError(reason: "the walking network's data claims \(value) items")
            }
            return Int(value)
        }

        mutating func string() throws(DecodingError) -> String {
            let length = try count(limit: 1 << 16)
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]),
                              as: UTF8.self)
            offset += length
            return text
        }

        func coordinate(_ value: Int64) throws(DecodingError) -> Int32 {
            guard value >= -1_800_000_000, value <= 1_800_000_000 else {
                throw DecodingError(reason: "a point of the walking network lies off the globe")
            }
            return Int32(value)
        }

        mutating func vertex(around key: WalkTileKey) throws(DecodingError) -> WalkVertexRef {
            var row = Int64(key.row), column = Int64(key.column)
            try step(&row)
            try step(&column)
            let index = try varint()
            guard (0..<9_000).contains(row), (0..<Int64(WalkTileKey.columns)).contains(column),
                  index < 1 << 24 else {
                throw DecodingError(reason: "an edge ends outside the network")
            }
            return WalkVertexRef(tile: WalkTileKey(row: Int32(row), column: Int32(column)), index: Int32(index))
        }
    }
}
