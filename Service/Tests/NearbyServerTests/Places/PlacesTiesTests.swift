import Foundation
import NearbyCore
import NearbyData
@testable import NearbyServer
import Testing

/// Many places at one distance on PostGIS (the attack finding N8: 30,000 cafés at one point). Every page must
/// cost a few pages' worth of rows, not all the places tied with it, and paging must give every place once.
@Suite("Places at one spot on PostGIS", .serialized,
       .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15 and PostGIS 3"))
struct PlacesTiesTests {
    /// One node of the extract.
    struct Node {
        var id: Int
        var lat: String
        var lon: String
        var amenity: String
        var name: String
    }

    static let center = Coordinate(latitude: 47.14, longitude: 9.5)

    /// 2,000 places at a spot 2⁻⁷° east of the centre and 500 at its mirror west: both differences of longitude
    /// are exact, so both spots are at exactly one distance, and their ids (1…2,500, taken in turn) interleave.
    /// 300 more at a spot 1e-7° further east (8 mm from the first, within the tolerance the walk once had), one pair and a
    /// few single places near those, and places nearer and farther. Every seventh place is a restaurant.
    static let nodes: [Node] = {
        func node(_ id: Int, _ lat: String, _ lon: String) -> Node {
            id % 7 == 0 ? Node(id: id, lat: lat, lon: lon, amenity: "restaurant", name: "Bistro \(id)")
                : Node(id: id, lat: lat, lon: lon, amenity: "cafe", name: "Café \(id)")
        }
        var nodes = (1...2500).map { node($0, "47.14", $0 % 5 == 0 ? "9.4921875" : "9.5078125") }
        nodes += (2501...2800).map { node($0, "47.14", "9.5078126") }
        nodes += [node(2801, "47.14", "9.5078123"), node(2802, "47.14", "9.5078123"), node(2803, "47.14", "9.5078124"),
                  node(2804, "47.14", "9.5078127"), node(2805, "47.1400001", "9.5078125")]
        // Nearer and farther, one apiece, every ~15 m out to about 900 m.
        nodes += (0..<60).map { step in node(3000 + step, "47.14", String(format: "%.7f", 9.5 + Double(step) * 0.0002)) }
        return nodes
    }()

    /// 3,000 places at distinct spots on a circle of 500 m round the centre, each at the PBF grid's point nearest
    /// to it, so all within about a centimetre of one distance; and a few inside it.
    static let ring: [Node] = {
        let metresPerDegree = Geodesy.earthRadius * .pi / 180
        var nodes = (0..<3000).map { index in
            let angle = 2 * Double.pi * Double(index) / 3000
            let lat = center.latitude + 500 * cos(angle) / metresPerDegree
            let lon = center.longitude + 500 * sin(angle) / (metresPerDegree * cos(center.latitude * .pi / 180))
            return Node(id: index + 1, lat: String(format: "%.7f", lat), lon: String(format: "%.7f", lon),
                        amenity: "cafe", name: "Ring \(index + 1)")
        }
        nodes += (0..<20).map { step in
            Node(id: 4000 + step, lat: "47.14", lon: String(format: "%.7f", 9.5 + Double(step) * 0.0002),
                 amenity: "cafe", name: "Inside \(step)")
        }
        return nodes
    }()

    static func write(_ nodes: [Node] = Self.nodes, to folder: URL) throws -> String {
        let body = nodes.map { node in
            #"<node id="\#(node.id)" lat="\#(node.lat)" lon="\#(node.lon)"><tag k="amenity" v="\#(node.amenity)"/><tag k="name" v="\#(node.name)"/></node>"#
        }.joined(separator: "\n")
        let path = folder.appendingPathComponent("ties.osm").path
        try Data("<?xml version='1.0'?><osm version=\"0.6\">\n\(body)\n</osm>".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `nodes` imported into a local store and into PostGIS, for `body`.
    static func imported(_ nodes: [Node],
                         _ body: (LocalPlacesStore, PostgresPlacesStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-ties-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(nodes, to: folder)
        let sqlite = try await TestBackend.make(.sqlite)
        let postgres = try await TestBackend.make(.postgres)
        let local = try #require(sqlite.backend.places as? LocalPlacesStore)
        let remote = try #require(postgres.backend as? PostgresServiceBackend)
        _ = try local.importOpenStreetMap(at: path)
        _ = try await PostgresPlacesImport(pools: remote.pools).importOpenStreetMap(at: path)
        try await body(local, PostgresPlacesStore(pools: remote.pools))
        await sqlite.close()
        await postgres.close()
    }

    /// Every place a query finds, page by page.
    static func all(_ provider: any PlacesProvider, _ query: PlaceQuery, most: Int = nodes.count) async throws -> [PlaceHit] {
        var hits: [PlaceHit] = []
        var after: PageCursor?
        repeat {
            let page = try await provider.places(query, after: after)
            hits += page.hits
            after = page.next
        } while after != nil && hits.count <= most
        return hits
    }

    /// Every place PostGIS finds, page by page; the most rows a page read; the cursor after the first 1,000.
    static func paged(_ store: PostgresPlacesStore, _ query: PlaceQuery, most: Int) async throws
        -> (found: [PlaceHit], largestRead: Int, middle: PageCursor?) {
        var found: [PlaceHit] = []
        var largestRead = 0
        var after: PageCursor?
        var middle: PageCursor?
        repeat {
            let (page, rowsRead) = try await store.page(query, after: after)
            found += page.hits
            largestRead = max(largestRead, rowsRead)
            after = page.next
            if found.count > 1000 && middle == nil { middle = after }
        } while after != nil && found.count <= most
        return (found, largestRead, middle)
    }

    /// Places at one distance as one unordered group, in the order of their distances.
    struct Run: Equatable {
        var distance: Double
        var ids: Set<String>
    }

    static func runs(_ hits: [PlaceHit]) -> [Run] {
        var runs: [Run] = []
        for hit in hits {
            if runs.last?.distance == hit.distance {
                runs[runs.count - 1].ids.insert(hit.place.id.description)
            } else {
                runs.append(Run(distance: hit.distance, ids: [hit.place.id.description]))
            }
        }
        return runs
    }

    @Test("paging through places at one distance gives each once, in the local store's order, each page a bounded read")
    func pagesThroughTies() async throws {
        try await Self.imported(Self.nodes) { local, store in try await pagesThroughTies(local, store) }
    }

    private func pagesThroughTies(_ local: LocalPlacesStore, _ store: PostgresPlacesStore) async throws {

        // All places (the walk's first query), and cafés by category or by word (its second).
        let limit = 100
        for (category, search) in [(nil, nil), (.cafe, nil), (nil, "caf")] as [(NearbyCore.Category?, String?)] {
            let query = PlaceQuery(center: Self.center, radius: 2000, category: category, searchText: search, limit: limit)
            let label = "category \(category?.rawValue ?? "-"), search \(search ?? "-")"
            let expected = try await Self.all(local, query)
            // The places the query should find, counted from the extract: losing some on both sides fails too.
            #expect(expected.count == Self.nodes.filter { category == nil && search == nil || $0.amenity == "cafe" }.count,
                    "\(label)")

            let (found, largestRead, middle) = try await Self.paged(store, query, most: Self.nodes.count)

            let ids = found.map(\.place.id.description)
            #expect(Set(ids).count == ids.count, "\(label): a place came twice")
            #expect(found.count == expected.count, "\(label)")
            #expect(Self.runs(found) == Self.runs(expected), "\(label)")
            // At one distance, ids in byte order (the cursor's order); the local store keeps its own row order
            // there (the order the extract listed them in, by spot), which the comparison above leaves aside.
            for (earlier, later) in zip(found, found.dropFirst()) where earlier.distance == later.distance {
                let (first, second) = (earlier.place.id.description, later.place.id.description)
                #expect(first.utf8.lexicographicallyPrecedes(second.utf8), "\(label): \(first) before \(second)")
            }
            // A page reads the walk and a page and one from each crowded spot, in a round for each crowded spot
            // found: about 1,000 rows at worst here. Widening the walk read every place tied at the page's edge,
            // and the spots' 2,800 at once.
            #expect(largestRead <= 12 * (limit + 1 + PostgresPlacesStore.margin), "\(label): \(largestRead) rows for a page")

            // A cursor of the first format (no spot), handed out before spots were read by id, pages the same.
            let cursor = try #require(middle, "\(label)")
            let parts = cursor.token.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            try #require(parts.count == 5 && parts[0] == "p2", "\(cursor.token)")
            let older = PageCursor(token: "p1:\(parts[1]):\(parts[4])")
            let fromOlder = try await store.places(query, after: older)
            let fromNewer = try await store.places(query, after: cursor)
            #expect(fromOlder.hits.map(\.place.id) == fromNewer.hits.map(\.place.id), "\(label)")
            #expect(fromOlder.next == fromNewer.next, "\(label)")
        }
    }

    @Test("a ring of places at distinct spots within a centimetre of one distance: each page a bounded read, in the local store's order")
    func pagesThroughARing() async throws {
        try await Self.imported(Self.ring) { local, store in try await pagesThroughARing(local, store) }
    }

    private func pagesThroughARing(_ local: LocalPlacesStore, _ store: PostgresPlacesStore) async throws {

        let limit = 100
        let query = PlaceQuery(center: Self.center, radius: 2000, limit: limit)
        let expected = try await Self.all(local, query, most: Self.ring.count)
        #expect(expected.count == Self.ring.count)
        let spread = (expected.last?.distance ?? 0) - (expected.dropFirst(20).first?.distance ?? 0)
        #expect(spread < 0.03, "the ring is \(spread) m wide")

        let (found, largestRead, _) = try await Self.paged(store, query, most: Self.ring.count)
        #expect(Set(found.map(\.place.id)).count == found.count, "a place came twice")
        #expect(Self.runs(found) == Self.runs(expected))
        // Within 5 cm of the page's edge, as the walk's tolerance once was, every page read the whole ring (3,000
        // rows and more); the walk's and our distances differ by rounding alone once scaled.
        #expect(largestRead <= 4 * (limit + 1 + PostgresPlacesStore.margin), "\(largestRead) rows for a page")
    }
}
