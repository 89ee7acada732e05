import Foundation
@testable import NearbyData

/// A small region made in the test, shaped like a real extract: `copies` towns side by side eastwards, each a
/// grid of named streets and footways over several tiles, with a one-way footway, a courtyard's isolated path,
/// a way cut at a missing node, a repeated reference, cafés as nodes and as areas; streets join each town to
/// the next, so ways cross from one copy into the other. Node ids rise with the copy, as in a sorted extract.
struct RegionModel {
    struct Way {
        var id: Int64
        var refs: [Int64]
        var tags: [String: String]
    }

    private(set) var nodes: [(id: Int64, latitude: Double, longitude: Double, tags: [String: String])] = []
    private(set) var ways: [Way] = []

    static let grid = 12
    static let spacing = 0.003
    /// Each copy is this far east of the one before: a little more than its own width.
    static let copyWidth = Double(grid) * spacing + 0.004
    static let south = 47.0
    static let west = 9.0

    init(copies: Int) {
        for copy in 0..<copies { addTown(copy) }
        for copy in 0..<(copies - 1) {
            // A street from the east edge of one town to the west edge of the next, on every third row.
            for row in stride(from: 0, to: Self.grid, by: 3) {
                ways.append(Way(id: Self.wayID(copy, 900 + row),
                                refs: [Self.nodeID(copy, row, Self.grid - 1), Self.nodeID(copy + 1, row, 0)],
                                tags: ["highway": "unclassified", "name": "Link \(row)"]))
            }
        }
    }

    static func nodeID(_ copy: Int, _ row: Int, _ column: Int) -> Int64 {
        Int64(copy * 100_000 + row * 100 + column + 1)
    }

    static func wayID(_ copy: Int, _ number: Int) -> Int64 {
        Int64(copy * 10_000 + number + 1)
    }

    /// A point of the grid of a copy.
    static func point(_ copy: Int, _ row: Int, _ column: Int) -> (Double, Double) {
        (south + Double(row) * spacing, west + Double(copy) * copyWidth + Double(column) * spacing)
    }

    private mutating func addTown(_ copy: Int) {
        let grid = Self.grid
        for row in 0..<grid {
            for column in 0..<grid {
                let (latitude, longitude) = Self.point(copy, row, column)
                nodes.append((Self.nodeID(copy, row, column), latitude, longitude, [:]))
            }
        }
        // Streets west to east, named; footways south to north every other column, unnamed but two.
        for row in 0..<grid {
            var refs = (0..<grid).map { Self.nodeID(copy, row, $0) }
            if row == 4 { refs.insert(refs[3], at: 3) }                   // a reference repeated
            if row == 7 { refs.insert(Int64(copy * 100_000 + 99_999), at: 6) }  // a node the file lacks
            ways.append(Way(id: Self.wayID(copy, row), refs: refs,
                            tags: ["highway": row % 2 == 0 ? "residential" : "service", "name": "Street \(row)"]))
        }
        for column in stride(from: 0, to: grid, by: 2) {
            var tags = ["highway": "footway"]
            if column == 2 { tags["name"] = "Uferweg" }
            if column == 6 { tags["oneway"] = "yes" }
            if column == 8 { tags["foot"] = "no" }
            ways.append(Way(id: Self.wayID(copy, 100 + column), refs: (0..<grid).map { Self.nodeID(copy, $0, column) },
                            tags: tags))
        }
        // A courtyard's path that joins nothing: an isolated piece.
        let (latitude, longitude) = Self.point(copy, 0, 0)
        let courtyard = Int64(copy * 100_000 + 50_000)
        nodes.append((courtyard, latitude + 0.0012, longitude + 0.0011, [:]))
        nodes.append((courtyard + 1, latitude + 0.0013, longitude + 0.0012, [:]))
        ways.append(Way(id: Self.wayID(copy, 200), refs: [courtyard, courtyard + 1], tags: ["highway": "footway"]))
        // Cafés: one a node, one an area round a block.
        nodes.append((courtyard + 2, latitude + 0.0045, longitude + 0.0045,
                      ["amenity": "cafe", "name": "Café \(copy)"]))
        let block = [Self.nodeID(copy, 5, 5), Self.nodeID(copy, 5, 6), Self.nodeID(copy, 6, 6), Self.nodeID(copy, 6, 5)]
        ways.append(Way(id: Self.wayID(copy, 300), refs: block + [block[0]],
                        tags: ["amenity": "restaurant", "name": "Block \(copy)"]))
    }

    /// The region as OpenStreetMap XML; `shuffled` lists the nodes out of id order (as some exports do).
    func xml(shuffled: Bool = false) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
        var listed = nodes.sorted { $0.id < $1.id }
        if shuffled {
            // A fixed reordering: every seventh node first, then the rest backwards.
            listed = listed.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
                + listed.enumerated().filter { $0.offset % 7 != 0 }.map(\.element).reversed()
        }
        for node in listed {
            text += "<node id=\"\(node.id)\" lat=\"\(node.latitude)\" lon=\"\(node.longitude)\""
            if node.tags.isEmpty {
                text += "/>\n"
            } else {
                text += ">" + node.tags.sorted { $0.key < $1.key }
                    .map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined() + "</node>\n"
            }
        }
        for way in ways {
            text += "<way id=\"\(way.id)\">" + way.refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + way.tags.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
                + "</way>\n"
        }
        return text + "</osm>\n"
    }

    /// The walkable ways, as the import decides.
    var walkableWays: [Way] {
        ways.filter { $0.refs.count >= 2 && WalkableWay.directions($0.tags) != nil }
    }
}
