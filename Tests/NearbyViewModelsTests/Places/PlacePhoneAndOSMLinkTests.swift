import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// `p` copies a place's phone; a place from OpenStreetMap links to its element on openstreetmap.org.
@MainActor
struct PlacePhoneAndOSMLinkTests {
    static func detail(_ place: Place) -> PlaceDetailViewModel {
        let context = PlacesContext(provider: PagingPlacesProvider(places: [place]), navigator: Navigator(),
                                    here: PlacesSamples.here, timeZone: PlacesSamples.utc)
        return PlaceDetailViewModel(hit: PagingPlacesProvider.hit(place, from: PlacesSamples.here), context: context)
    }

    static func place(_ id: PlaceID, phone: String? = nil) -> Place {
        Place(id: id, name: "Café", category: .cafe, coordinate: PlacesSamples.offset(north: 50), phone: phone,
              attribution: "© OpenStreetMap contributors")
    }

    @Test(arguments: [("n123", "node/123"), ("w4567", "way/4567"), ("r89", "relation/89")])
    func everyKindOfElementHasItsPage(id: String, path: String) {
        #expect(PlaceTexts.openStreetMapURL(PlaceID(source: .osm, sourceID: id))
                == "https://www.openstreetmap.org/" + path)
    }

    @Test func otherSourcesAndOddIDsHaveNoPage() {
        for id in [PlaceID(source: .demo, sourceID: "n1"), PlaceID(source: .google, sourceID: "ChIJ123"),
                   PlaceID(source: .osm, sourceID: "x12"), PlaceID(source: .osm, sourceID: "n"),
                   PlaceID(source: .osm, sourceID: "n12/../x"), PlaceID(source: .osm, sourceID: "n１２")] {
            #expect(PlaceTexts.openStreetMapURL(id) == nil, "\(id)")
        }
    }

    @Test func anOSMPlaceShowsItsPageAsALinkAndOthersDoNot() {
        let osm = Self.detail(Self.place(PlaceID(source: .osm, sourceID: "w4567")))
        #expect(osm.lines.value.last == PlaceDetailLine(label: "OSM", value: "openstreetmap.org/way/4567",
                                                        kind: .website, link: "https://www.openstreetmap.org/way/4567"))
        let demo = Self.detail(Self.place(PlaceID(source: .demo, sourceID: "n1")))
        #expect(!demo.lines.value.contains { $0.label == "OSM" })
    }

    @Test func pCopiesThePhoneAsWrittenOnlyWhenThereIsOne() {
        let withPhone = Self.detail(Self.place(PlaceID(source: .osm, sourceID: "n1"), phone: "+423 555 01 01"))
        #expect(withPhone.phoneText == "+423 555 01 01")
        let without = Self.detail(Self.place(PlaceID(source: .osm, sourceID: "n2")))
        #expect(without.phoneText == nil)
    }
}
