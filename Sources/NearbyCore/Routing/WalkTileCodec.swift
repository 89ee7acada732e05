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
        let origin = tile.key.originE7
        writeVarint(version, to: &out)
        writeVarint(UInt64(tile.vertexCount), to: &out)
        var lat = origin.latitude, lon = origin.longitude
        for i in 0..<tile.vertexCount {
            writeSigned(Int64(tile.vertexLatitudes[i]) - Int64(lat), to: &out)
            writeSigned(Int64(tile.vertexLongitudes[i]) - Int64(lon), to: &out)
            lat = tile.vertexLatitudes[i]
            lon = tile.vertexLongitudes[i]
        }
        writeVarint(UInt64(tile.names.count), to: &out)
        for name in tile.names {
            let bytes = Array(name.utf8)
            writeVarint(UInt64(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        }
        writeVarint(UInt64(tile.edges.count), to: &out)
        for edge in tile.edges {
            for end in [edge.from, edge.to] {
                writeSigned(Int64(end.tile.row) - Int64(tile.key.row), to: &out)
                writeSigned(Int64(end.tile.column) - Int64(tile.key.column), to: &out)
                writeVarint(UInt64(end.index), to: &out)
            }
            writeVarint((edge.forward ? 1 : 0) | (edge.backward ? 2 : 0) | (edge.isolated ? 4 : 0), to: &out)
            writeVarint(UInt64(edge.name + 1), to: &out)
            writeVarint(UInt64((Double(edge.length) * 100).rounded()), to: &out)
            writeVarint(UInt64(edge.shapeCount), to: &out)
            var lat = origin.latitude, lon = origin.longitude
            for point in Int(edge.shapeStart)..<Int(edge.shapeStart + edge.shapeCount) {
                writeSigned(Int64(tile.shapeLatitudes[point]) - Int64(lat), to: &out)
                writeSigned(Int64(tile.shapeLongitudes[point]) - Int64(lon), to: &out)
                lat = tile.shapeLatitudes[point]
                lon = tile.shapeLongitudes[point]
            }
        }
        return out
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
            lat += try reader.signed()
            lon += try reader.signed()
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
                lat += try reader.signed()
                lon += try reader.signed()
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

        mutating func signed() throws(DecodingError) -> Int64 {
            let raw = try varint()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
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
            let row = Int64(key.row) + (try signed())
            let column = Int64(key.column) + (try signed())
            let index = try varint()
            guard (0..<9_000).contains(row), (0..<Int64(WalkTileKey.columns)).contains(column),
                  index < 1 << 24 else {
                throw DecodingError(reason: "an edge ends outside the network")
            }
            return WalkVertexRef(tile: WalkTileKey(row: Int32(row), column: Int32(column)), index: Int32(index))
        }
    }
}
