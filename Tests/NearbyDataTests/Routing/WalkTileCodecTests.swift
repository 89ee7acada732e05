import NearbyCore
import Testing

@Suite("Walking network tiles")
struct WalkTileCodecTests {
    static let key = WalkTileKey(Coordinate(latitude: 47.14, longitude: 9.52))

    static func tile() -> WalkTile {
        let other = WalkTileKey(row: key.row, column: key.column + 1)
        let origin = (lat: Int32(471_400_000), lon: Int32(95_200_000))
        return WalkTile(
            key: key, vertexLatitudes: [origin.lat, origin.lat + 1_000], vertexLongitudes: [origin.lon, origin.lon + 500],
            edges: [
                .init(from: WalkVertexRef(tile: key, index: 0), to: WalkVertexRef(tile: key, index: 1), length: 12.34,
                      forward: true, backward: false, name: 0, shapeStart: 0, shapeCount: 3),
                .init(from: WalkVertexRef(tile: key, index: 1), to: WalkVertexRef(tile: other, index: 7), length: 1_000,
                      forward: true, backward: true, name: -1, shapeStart: 3, shapeCount: 2),
            ],
            shapeLatitudes: [origin.lat, origin.lat + 400, origin.lat + 1_000, origin.lat + 1_000, origin.lat + 1_200],
            shapeLongitudes: [origin.lon, origin.lon + 300, origin.lon + 500, origin.lon + 500, origin.lon + 90_000],
            names: ["Städtle ✓"])
    }

    @Test("a tile survives encoding and decoding exactly")
    func roundTrip() throws {
        let tile = Self.tile()
        let bytes = WalkTileCodec.encode(tile)
        let decoded = try bytes.withUnsafeBytes { try WalkTileCodec.decode($0, key: Self.key) }
        #expect(decoded.vertexLatitudes == tile.vertexLatitudes)
        #expect(decoded.vertexLongitudes == tile.vertexLongitudes)
        #expect(decoded.edges == tile.edges)
        #expect(decoded.shapeLatitudes == tile.shapeLatitudes)
        #expect(decoded.shapeLongitudes == tile.shapeLongitudes)
        #expect(decoded.names == tile.names)
    }

    @Test("damaged bytes are refused, never trusted")
    func damaged() {
        let bytes = WalkTileCodec.encode(Self.tile())
        for cut in [0, 1, 5, bytes.count / 2, bytes.count - 1] {
            let truncated = Array(bytes[0..<cut])
            #expect(throws: WalkTileCodec.DecodingError.self) {
                try truncated.withUnsafeBytes { try WalkTileCodec.decode($0, key: Self.key) }
            }
        }
        var huge = bytes
        huge[1] = 0xff  // the vertex count's varint now claims far more than the bytes hold
        huge.insert(0x7f, at: 2)
        #expect(throws: WalkTileCodec.DecodingError.self) {
            try huge.withUnsafeBytes { try WalkTileCodec.decode($0, key: Self.key) }
        }
    }

    @Test("walking minutes read as lists show them")
    func minutesText() {
        #expect(WalkingTimeText.minutes(0.2) == "1 min")
        #expect(WalkingTimeText.minutes(7.4) == "7 min")
        #expect(WalkingTimeText.minutes(65) == "1 h 05")
        #expect(WalkingTimeText.minutes(800) == "12 h+")
        #expect(WalkEstimate(metres: 560).minutes() == 7)
    }

    @Test("tile keys cover the globe and pack both ways")
    func keys() {
        for point in [Coordinate(latitude: -90, longitude: -180), Coordinate(latitude: 90, longitude: 180),
                      Coordinate(latitude: 47.141, longitude: 9.5209)] {
            let key = WalkTileKey(point)
            #expect(WalkTileKey(packed: key.packed) == key)
        }
    }
}
