import NearbyCore
import Testing
@testable import NearbyData

/// A small town, written as PBF or XML by the tests, with what an import of it must produce.
enum SampleExtract {
    static let nodes: [TestPBF.Node] = [
        .init(id: 1, lat: 47.1410, lon: 9.5209, tags: [
            ("amenity", "cafe"), ("name", "Café Sonne & Mond"), ("addr:street", "Städtle"), ("addr:housenumber", "5"),
            ("addr:postcode", "9490"), ("addr:city", "Vaduz"), ("addr:country", "LI"), ("contact:phone", "+423 555 0101"),
            ("website", "https://sonne.example"), ("contact:email", "hallo@sonne.example"),
            ("opening_hours", "Mo-Fr 07:30-18:00"), ("cuisine", "coffee_shop"), ("wheelchair", "yes"),
            ("operator", "Sonne AG"), ("brand", "Sonne"),
        ]),
        .init(id: 2, lat: 47.1420, lon: 9.5210, tags: [("amenity", "atm"), ("brand", "Raiffeisen"), ("operator", "RB")]),
        .init(id: 3, lat: 47.1430, lon: 9.5211, tags: [("amenity", "atm"), ("operator", "LLB")]),
        .init(id: 4, lat: 47.1440, lon: 9.5212, tags: [("amenity", "atm")]),
        .init(id: 5, lat: 47.1450, lon: 9.5213, tags: [("amenity", "restaurant"), ("cuisine", "pizza")]),
        .init(id: 6, lat: 47.1415, lon: 9.5215, tags: [("place", "town"), ("name", "Vaduz"), ("population", "5000")]),
        .init(id: 7, lat: 47.1460, lon: 9.5214, tags: [("amenity", "bench"), ("name", "A bench")]),
        .init(id: 8, lat: 47.1470, lon: 9.5215, tags: [("amenity", "bar"), ("name", "Evil\u{1B}[31m Bar\n\u{202E}x")]),
        .init(id: 9, lat: 47.1480, lon: 9.5216, tags: [("highway", "bus_stop"), ("name", "Post")]),
        .init(id: 10, lat: 47.0, lon: 9.0),
        .init(id: 11, lat: 47.0, lon: 9.002),
        .init(id: 12, lat: 47.002, lon: 9.002),
        .init(id: 13, lat: 47.002, lon: 9.0),
        .init(id: 14, lat: 47.003, lon: 9.003),
        .init(id: 15, lat: 47.004, lon: 9.004),
        .init(id: 20, lat: -33.8688, lon: 151.2093, tags: [("amenity", "pharmacy"), ("name", "Sydney Pharmacy")]),
        .init(id: 21, lat: 40.7128, lon: -74.0060, tags: [("amenity", "cinema"), ("name", "Film Forum")]),
    ]

    static let ways: [TestPBF.Way] = [
        // Closed, unnamed parking: kept, named after its kind, at the centre of its four corners.
        .init(id: 100, refs: [10, 11, 12, 13, 10], tags: [("amenity", "parking"), ("parking", "surface")]),
        // Open: not an area, dropped.
        .init(id: 101, refs: [10, 11, 14, 15], tags: [("amenity", "restaurant"), ("name", "Open Way")]),
        // Closed triangle.
        .init(id: 102, refs: [11, 12, 13, 11], tags: [("shop", "supermarket"), ("name", "Coop"), ("building", "yes")]),
        // Closed, but none of its nodes is in the file.
        .init(id: 103, refs: [998, 999, 997, 998], tags: [("amenity", "cafe"), ("name", "Ghost")]),
        // Closed but of no known category.
        .init(id: 104, refs: [10, 11, 12, 10], tags: [("building", "yes"), ("name", "Shed")]),
    ]

    static var pbf: TestPBF { TestPBF(nodes: nodes, ways: ways) }

    /// The same content as OpenStreetMap XML, one element per line like real files.
    static var xml: String { TestOSMXML.document(nodes: nodes, ways: ways) }

    /// Checks what every format must produce from this extract.
    static func check(_ sink: CollectingImportSink, _ summary: OSMImportSummary, relations: Int = 0,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let byID = Dictionary(uniqueKeysWithValues: sink.places.map { ($0.id.description, $0) })
        #expect(Set(byID.keys) == ["osm:n1", "osm:n2", "osm:n3", "osm:n4", "osm:n8", "osm:n20", "osm:n21",
                                   "osm:w100", "osm:w102"], sourceLocation: sourceLocation)
        #expect(sink.places.count == byID.count, "no place twice", sourceLocation: sourceLocation)

        let cafe = try #require(byID["osm:n1"], sourceLocation: sourceLocation)
        #expect(cafe == Place(
            id: PlaceID(source: .osm, sourceID: "n1"), name: "Café Sonne & Mond", category: .cafe,
            coordinate: cafe.coordinate,
            address: Address(street: "Städtle", houseNumber: "5", postcode: "9490", city: "Vaduz", country: "LI"),
            phone: "+423 555 0101", website: "https://sonne.example", email: "hallo@sonne.example",
            openingHours: .osm("Mo-Fr 07:30-18:00"), cuisine: "coffee_shop", wheelchair: "yes",
            operatorName: "Sonne AG", brand: "Sonne", attribution: "© OpenStreetMap contributors"),
                sourceLocation: sourceLocation)
        #expect(abs(cafe.coordinate.latitude - 47.1410) < 1e-7 && abs(cafe.coordinate.longitude - 9.5209) < 1e-7,
                sourceLocation: sourceLocation)

        // Unnamed ATMs: brand, else operator, else the category's name.
        #expect(byID["osm:n2"]?.name == "Raiffeisen", sourceLocation: sourceLocation)
        #expect(byID["osm:n3"]?.name == "LLB", sourceLocation: sourceLocation)
        #expect(byID["osm:n4"]?.name == "ATM", sourceLocation: sourceLocation)
        #expect(byID["osm:n4"]?.category == .atm, sourceLocation: sourceLocation)
        // Control characters and bidi overrides never reach a screen.
        #expect(byID["osm:n8"]?.name == "Evil [31m Bar x", sourceLocation: sourceLocation)
        // Signs of coordinates survive.
        let sydney = try #require(byID["osm:n20"], sourceLocation: sourceLocation)
        #expect(abs(sydney.coordinate.latitude + 33.8688) < 1e-7 && abs(sydney.coordinate.longitude - 151.2093) < 1e-7,
                sourceLocation: sourceLocation)
        let newYork = try #require(byID["osm:n21"], sourceLocation: sourceLocation)
        #expect(abs(newYork.coordinate.longitude + 74.0060) < 1e-7, sourceLocation: sourceLocation)

        let parking = try #require(byID["osm:w100"], sourceLocation: sourceLocation)
        #expect(parking.name == "Parking" && parking.category == .parking, sourceLocation: sourceLocation)
        #expect(abs(parking.coordinate.latitude - 47.001) < 1e-7 && abs(parking.coordinate.longitude - 9.001) < 1e-7,
                sourceLocation: sourceLocation)
        let coop = try #require(byID["osm:w102"], sourceLocation: sourceLocation)
        #expect(abs(coop.coordinate.latitude - (47.0 + 47.002 + 47.002) / 3) < 1e-7, sourceLocation: sourceLocation)
        #expect(abs(coop.coordinate.longitude - (9.002 + 9.002 + 9.0) / 3) < 1e-7, sourceLocation: sourceLocation)

        #expect(sink.localities.count == 1, sourceLocation: sourceLocation)
        let vaduz = try #require(sink.localities.first, sourceLocation: sourceLocation)
        #expect(vaduz.id == "osm:n6" && vaduz.name == "Vaduz" && vaduz.kind == .town, sourceLocation: sourceLocation)

        #expect(summary.placesByCategory == [.cafe: 1, .atm: 3, .bar: 1, .pharmacy: 1, .cinema: 1, .parking: 1,
                                            .supermarket: 1], sourceLocation: sourceLocation)
        #expect(summary.localities == 1, sourceLocation: sourceLocation)
        #expect(summary.waysPlaced == 2, sourceLocation: sourceLocation)
        #expect(summary.waysWithoutNodes == 1, sourceLocation: sourceLocation)
        #expect(summary.elements == nodes.count + ways.count + relations, sourceLocation: sourceLocation)
    }
}

/// Writes OpenStreetMap XML for fixtures.
enum TestOSMXML {
    static func document(nodes: [TestPBF.Node], ways: [TestPBF.Way], relation: Bool = true) -> String {
        var lines = ["<?xml version='1.0' encoding='UTF-8'?>",
                     "<osm version=\"0.6\" generator=\"nearby tests\">",
                     "  <bounds minlat=\"-34\" minlon=\"-75\" maxlat=\"48\" maxlon=\"152\"/>"]
        for node in nodes {
            let head = "  <node id=\"\(node.id)\" version=\"1\" lat=\"\(node.lat)\" lon=\"\(node.lon)\""
            if node.tags.isEmpty {
                lines.append(head + "/>")
            } else {
                lines.append(head + ">")
                lines += node.tags.map(tag)
                lines.append("  </node>")
            }
        }
        for way in ways {
            lines.append("  <way id=\"\(way.id)\" version=\"1\">")
            lines += way.refs.map { "    <nd ref=\"\($0)\"/>" }
            lines += way.tags.map(tag)
            lines.append("  </way>")
        }
        if relation {
            lines += ["  <relation id=\"7\">", "    <member type=\"way\" ref=\"100\" role=\"outer\"/>",
                      "    <tag k=\"amenity\" v=\"cafe\"/>", "    <tag k=\"name\" v=\"Not a place\"/>", "  </relation>"]
        }
        lines.append("</osm>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func tag(_ tag: (String, String)) -> String {
        "    <tag k=\"\(escape(tag.0))\" v=\"\(escape(tag.1))\"/>"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\u{1B}": result += "&#x1b;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
