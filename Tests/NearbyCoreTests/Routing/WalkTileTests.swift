import Testing
@testable import NearbyCore

@Suite("Walk tiles")
struct WalkTileTests {
    @Test("a shape point far from its tile (across the antimeridian) finds a grid cell without overflowing")
    func farShapePoint() {
        let key = WalkTileKey(Coordinate(latitude: 0, longitude: 170))
        #expect(WalkTile.cell(of: 0, -1_700_000_000, in: key).column == 0)
        let west = WalkTileKey(Coordinate(latitude: 0, longitude: -179.99))
        #expect(WalkTile.cell(of: 0, Int32.max, in: west).column == WalkTile.gridSize - 1)
        let south = WalkTileKey(Coordinate(latitude: 89.99, longitude: 0))
        #expect(WalkTile.cell(of: Int32.min, 0, in: south).row == 0)
    }
}
