import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

@Suite("Liechtenstein extract", .computeBound,
       .enabled(if: LiechtensteinExtract.path != nil, LiechtensteinExtract.isAbsentMessage))
struct LiechtensteinImportTests {
    static func importAll() throws -> (CollectingImportSink, OSMImportSummary) {
        let sink = CollectingImportSink()
        let summary = try OSMImporter(path: LiechtensteinExtract.path ?? "").run(into: sink)
        return (sink, summary)
    }

    @Test("counts per category (named places, nodes and closed ways)")
    func counts() throws {
        let (sink, summary) = try Self.importAll()
        // Cross-checked with osmium: 75 restaurants, 71 of them named; 14 cafés, 13 named; 18 ATMs (all kept).
        #expect(summary.placesByCategory[.restaurant] == 71)
        #expect(summary.placesByCategory[.cafe] == 13)
        #expect(summary.placesByCategory[.atm] == 18)
        #expect(summary.placesByCategory[.pharmacy] == 6)
        #expect(summary.placesByCategory[.bar] == 5)
        #expect(summary.placesByCategory[.pub] == 4)
        #expect(summary.placesByCategory[.nightclub] == nil)
        // With the visitors' categories (viewpoints, monuments, playgrounds, water, bicycles, chargers and the
        // shops): osmium counts 142 objects of their tags, 113 nodes and 29 ways; unnamed monuments and shops
        // are left out as every named kind's are.
        #expect(summary.places == 836)
        #expect(summary.waysPlaced == 519)
        #expect(summary.placesByCategory[.viewpoint] ?? 0 > 0 && summary.placesByCategory[.playground] ?? 0 > 0)
        #expect(summary.localities == 71)
        #expect(summary.elements == 306_700 + 32_585 + 890)
        #expect(sink.places.count == Set(sink.places.map(\.id)).count)
        #expect(sink.localities.contains { $0.name == "Vaduz" && $0.kind == .town })
    }

    @Test("a known pharmacy keeps every field")
    func knownPlace() throws {
        let (sink, _) = try Self.importAll()
        let pharmacy = try #require(sink.places.first { $0.id.description == "osm:n995356599" })
        #expect(pharmacy.name == "Apotheke am Postplatz")
        #expect(pharmacy.category == .pharmacy)
        #expect(pharmacy.address == Address(street: "Postplatz", houseNumber: "2", postcode: "9494", city: "Schaan",
                                            country: "LI"))
        #expect(pharmacy.phone == "+423 233 55 55")
        #expect(pharmacy.website == "https://www.dieapotheke.li/")
        #expect(pharmacy.openingHours == .osm("Mo-Fr 07:30-18:30; Sa 08:00-15:00"))
        #expect(pharmacy.operatorName == "Nikolaus Frick")
        #expect(pharmacy.wheelchair == "yes")
        #expect(abs(pharmacy.coordinate.latitude - 47.1678945) < 1e-7)
        #expect(abs(pharmacy.coordinate.longitude - 9.5084709) < 1e-7)
        #expect(pharmacy.attribution == "© OpenStreetMap contributors")
    }

    @Test("a restaurant mapped as a building sits at the centre of its corners")
    func knownWay() throws {
        let (sink, _) = try Self.importAll()
        let forum = try #require(sink.places.first { $0.id.description == "osm:w120583011" })
        #expect(forum.name == "Restaurant Forum")
        #expect(forum.category == .restaurant)
        #expect(forum.cuisine == "regional")
        // The mean of its four distinct nodes, computed with osmium.
        #expect(abs(forum.coordinate.latitude - 47.1571186) < 1e-6)
        #expect(abs(forum.coordinate.longitude - 9.5070700) < 1e-6)
    }
}
