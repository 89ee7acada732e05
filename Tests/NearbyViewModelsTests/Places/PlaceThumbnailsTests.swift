import NearbyCore
import Testing
@testable import NearbyViewModels

/// The list's and Home's small pictures: fetched one at a time, only for the places in view, in the order shown;
/// a view that moves on drops what it no longer shows from the queue; failures are kept (not asked again), and
/// what is kept stays within its bound.
@MainActor
struct PlaceThumbnailsTests {
    static func picture(_ index: Int) -> RemotePicture { .commons("Place \(index).jpg") }
    static func fetcher(_ count: Int, bytes: Int = 4) -> FakePictureFetcher {
        FakePictureFetcher(Dictionary(uniqueKeysWithValues: (0..<count).map {
            (picture($0), [0xFF, 0xD8, 0xFF] + [UInt8](repeating: UInt8($0), count: bytes))
        }))
    }

    @Test func thePlacesInViewAreFetchedInTheOrderShownAtTheThumbnailWidth() async {
        let fetcher = Self.fetcher(6)
        let thumbnails = PlaceThumbnails(fetcher: fetcher)
        #expect(thumbnails.state(of: Self.picture(0)) == .loading)
        thumbnails.show([Self.picture(2), Self.picture(0), Self.picture(1)])
        await thumbnails.idle()
        #expect(fetcher.asked.withLock { $0 } == ["commons:Place 2.jpg 160", "commons:Place 0.jpg 160", "commons:Place 1.jpg 160"])
        guard case .loaded(let key, let bytes) = thumbnails.state(of: Self.picture(2)) else {
            Issue.record("not loaded: \(thumbnails.state(of: Self.picture(2)))")
            return
        }
        #expect(key.hasPrefix("thumbnail:commons:Place 2.jpg:"))
        #expect(bytes.count == 7)
        #expect(thumbnails.revision.value == 3)
        // Shown again: nothing fetched again.
        thumbnails.show([Self.picture(2), Self.picture(0), Self.picture(1)])
        await thumbnails.idle()
        #expect(fetcher.asked.withLock { $0 }.count == 3)
    }

    @Test func aViewThatMovedOnIsNotFetchedForAnyMore() async {
        let fetcher = Self.fetcher(10)
        let thumbnails = PlaceThumbnails(fetcher: fetcher)
        // The first is fetched at once; the rest wait, then the list scrolls to others before they are.
        thumbnails.show([Self.picture(0), Self.picture(1), Self.picture(2)])
        thumbnails.show([Self.picture(7), Self.picture(8)])
        await thumbnails.idle()
        #expect(fetcher.asked.withLock { $0 } == ["commons:Place 0.jpg 160", "commons:Place 7.jpg 160", "commons:Place 8.jpg 160"])
        #expect(thumbnails.state(of: Self.picture(1)) == .loading, "never fetched: still to come if shown")
    }

    @Test func aFailureIsKeptAndNotAskedAgain() async {
        let fetcher = Self.fetcher(0)
        let thumbnails = PlaceThumbnails(fetcher: fetcher)
        thumbnails.show([Self.picture(3)])
        await thumbnails.idle()
        #expect(thumbnails.state(of: Self.picture(3)) == .failed("the picture's server has no such picture"))
        thumbnails.show([Self.picture(3)])
        await thumbnails.idle()
        #expect(fetcher.asked.withLock { $0 }.count == 1)
    }

    @Test func whatIsKeptStaysWithinItsBoundTheLeastRecentlyShownOutFirst() async {
        // Three of 3 MB: the first goes when the third comes, unless it was shown again meanwhile.
        let fetcher = Self.fetcher(3, bytes: 3 * 1024 * 1024)
        let thumbnails = PlaceThumbnails(fetcher: fetcher)
        thumbnails.show([Self.picture(0)])
        await thumbnails.idle()
        thumbnails.show([Self.picture(1)])
        await thumbnails.idle()
        thumbnails.show([Self.picture(0), Self.picture(2)])
        await thumbnails.idle()
        #expect(thumbnails.state(of: Self.picture(1)) == .loading, "dropped: fetched again when shown")
        if case .loaded = thumbnails.state(of: Self.picture(0)) {} else { Issue.record("the recently shown one went") }
        if case .loaded = thumbnails.state(of: Self.picture(2)) {} else { Issue.record("the newest went") }
    }

    @Test func closedItFetchesNothing() async {
        let fetcher = Self.fetcher(2)
        let thumbnails = PlaceThumbnails(fetcher: fetcher)
        thumbnails.close()
        thumbnails.show([Self.picture(0)])
        await thumbnails.idle()
        #expect(fetcher.asked.withLock { $0 }.isEmpty)
    }

    @Test func aListsRowsCarryTheirPlacesPicture() {
        var place = PlacesSamples.cafes[0]
        place.picture = Self.picture(0)
        let row = PlaceRowModel(place: place, distance: "120 m", hours: nil, status: nil,
                                timeZone: ZoneRules.fixed(seconds: 0, identifier: "UTC"))
        #expect(row.picture == Self.picture(0))
    }
}
