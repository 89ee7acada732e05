import Foundation
import NearbyCore
import NearbyHTTP
import PlacesStandIns
import Testing
import TestSupport
@testable import NearbyRemote

/// Google Places (New) photos: named in the detail's answer (the detail's field mask asks for them, a list's
/// never), fetched through the media endpoint at the width needed with the key in a header, never kept on
/// disk, and credited to their authors in one safe line.
@Suite("Google place photos")
struct GooglePhotoTests {
    static let key = "AIza-test-key-0123456789"
    static let here = Coordinate(latitude: 47.141, longitude: 9.5209)

    @Test func theDetailNamesItsPhotoAndItsAuthor() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        defer { Task { await google.stop() } }
        let provider = GooglePlacesProvider(apiKey: Self.key, keySource: "NEARBY_GOOGLE_API_KEY",
                                            baseURL: try #require(URL(string: google.baseURL)), timeout: .seconds(30),
                                            now: { Date() })
        let hit = try await provider.place(id: PlaceID(source: .google, sourceID: GooglePlacesFixture.amadeusID),
                                           from: Self.here)
        guard case .google(let name, _) = hit.place.picture else {
            Issue.record("expected a Google photo, got \(String(describing: hit.place.picture))")
            return
        }
        #expect(name == "places/ChIJ-Amadeus-Cafe-0001/photos/AmadeusPhoto-01")
        let credit = try #require(hit.place.picture?.credit)
        #expect(credit.hasPrefix("Photo: Anna") && credit.hasSuffix("Beck"))
        #expect(!credit.unicodeScalars.contains { $0.value < 0x20 })
        // Lists never ask for photos.
        _ = try await provider.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe), after: nil)
        let masks = google.requests.compactMap { $0.headers["x-goog-fieldmask"] }
        #expect(masks.filter { $0.contains("photos") }.count == 1)
    }

    @Test func aPhotoIsFetchedThroughTheMediaEndpointWithTheKeyInAHeader() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        defer { Task { await google.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = try #require(URL(string: google.baseURL))
        let fetcher = PictureFetcher(commonsURL: base, google: PictureFetcher.GooglePhotos(baseURL: base, apiKey: Self.key),
                                     cache: PictureCache(folder: folder.path), timeout: .seconds(10))
        let photo = try #require(RemotePicture(googleName: "places/ChIJ-Amadeus-Cafe-0001/photos/AmadeusPhoto-01",
                                               authors: ["Anna Beck"]))
        #expect(try await fetcher.bytes(of: photo, width: 500) == GoogleStandIn.photo)
        let media = try #require(google.requests.first)
        #expect(media.path == "/v1/places/ChIJ-Amadeus-Cafe-0001/photos/AmadeusPhoto-01/media")
        #expect(media.query["maxWidthPx"] == "640" && media.query["skipHttpRedirect"] == "true")
        #expect(media.query["key"] == nil && media.headers["x-goog-api-key"] == Self.key)
        // The picture itself is asked for without the key: it lives on another host.
        let picture = try #require(google.requests.last)
        #expect(picture.path.hasPrefix("/photo-bytes/") && picture.headers["x-goog-api-key"] == nil)
        // Google's terms allow keeping place ids only: asked again, it is fetched again.
        _ = try await fetcher.bytes(of: photo, width: 500)
        #expect(google.requests.filter { $0.path.hasSuffix("/media") }.count == 2)
        #expect(google.requests.count == 4)
        #expect(PictureCache(folder: folder.path).totalBytes == 0)
        // Without the Google source's key there is no asking.
        let keyless = PictureFetcher(commonsURL: base, cache: nil, timeout: .seconds(10))
        await #expect(throws: PictureFetchFailure.unreachable) { try await keyless.bytes(of: photo, width: 500) }
    }

    @Test(arguments: ["places/x/photos", "places/../photos/y", "places/a b/photos/c", "elsewhere/a/photos/b",
                      "places/a/photos/b?key=1"])
    func aNameThatIsNotGooglesIsNeverSent(name: String) {
        #expect(RemotePicture(googleName: name, authors: []) == nil)
    }

    @Test func theStoredFormKeepsTheAuthors() throws {
        let photo = try #require(RemotePicture(googleName: "places/a/photos/b", authors: ["Anna Beck", "Bo | X"]))
        #expect(RemotePicture(stored: photo.stored) == photo)
        #expect(photo.credit == "Photo: Anna Beck, Bo  X")
    }
}
