import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

/// A place's picture from its tags reaches the store and comes back with the place; a change of the tag is a
/// change of the place, and the same file again changes nothing.
@Suite("Place pictures in the import")
struct PlacePictureImportTests {
    static func extract(castlePicture: String) -> String {
        """
        <osm version="0.6">
          <node id="1" lat="47.13900" lon="9.52400"><tag k="tourism" v="attraction"/><tag k="name" v="Schloss Vaduz"/>
            \(castlePicture)</node>
          <node id="2" lat="47.14000" lon="9.52000"><tag k="amenity" v="cafe"/><tag k="name" v="Café Amann"/>
            <tag k="image" v="https://example.com/amann.jpg"/></node>
          <node id="3" lat="47.14100" lon="9.52100"><tag k="amenity" v="cafe"/><tag k="name" v="Plain"/>
            <tag k="image" v="not an address"/></node>
        </osm>
        """
    }

    @Test func picturesAreStoredAndAChangedTagIsAChangedPlace() async throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let castle = #"<tag k="wikimedia_commons" v="File:Vaduz Castle.jpg"/><tag k="image" v="https://example.com/x.jpg"/>"#
        let file = try TemporaryFile(name: "vaduz.osm", text: Self.extract(castlePicture: castle))
        defer { file.remove() }
        _ = try store.importOpenStreetMap(at: file.path)
        let here = Coordinate(latitude: 47.14, longitude: 9.52)
        func picture(_ id: String) async throws -> RemotePicture? {
            try await store.place(id: try #require(PlaceID(id)), from: here).place.picture
        }
        #expect(try await picture("osm:n1") == .commons("Vaduz Castle.jpg"))
        #expect(try await picture("osm:n2") == .address("https://example.com/amann.jpg"))
        #expect(try await picture("osm:n3") == nil)

        let again = try store.importOpenStreetMap(at: file.path)
        #expect(again.changes?.placesUpdated == 0)

        let changed = try TemporaryFile(name: "vaduz.osm",
                                        text: Self.extract(castlePicture: #"<tag k="wikimedia_commons" v="File:Other.jpg"/>"#))
        defer { changed.remove() }
        let update = try store.importOpenStreetMap(at: changed.path)
        #expect(update.changes?.placesUpdated == 1)
        #expect(try await picture("osm:n1") == .commons("Other.jpg"))
    }
}
