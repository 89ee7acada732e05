import Foundation
import Locking
import NearbyCore
import Testing
@testable import NearbyViewModels

/// A fetcher that answers from a table (or fails as told) and records what it was asked.
final class FakePictureFetcher: PictureFetching {
    let pictures: [RemotePicture: [UInt8]]
    let failure = Locked<PictureFetchFailure?>(nil)
    let asked = Locked<[String]>([])

    init(_ pictures: [RemotePicture: [UInt8]]) { self.pictures = pictures }

    func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8] {
        asked.withLock { $0.append("\(picture.stored) \(width)") }
        if let failure = failure.withLock({ $0 }) { throw failure }
        guard let bytes = pictures[picture] else { throw .status(404) }
        return bytes
    }
}

/// The place detail's picture: fetched once the screen says it draws pictures (never for one that draws none),
/// at the thumbnail width, again when the details name another, none without a picture or a fetcher, and a
/// failure in words that `r` fetches again.
@MainActor
struct PlaceDetailPictureTests {
    static let castle = RemotePicture.commons("Vaduz Castle.jpg")
    static var place: Place {
        var place = PlaceDetailViewModelTests.full
        place.picture = castle
        return place
    }

    func detail(_ place: Place = place, fetcher: FakePictureFetcher?) -> PlaceDetailViewModel {
        // The source has the place as the detail shows it: its details, once loaded, name the same picture.
        var context = PlaceDetailViewModelTests(places: [place] + PlacesSamples.cafes).context
        context.pictures = fetcher
        return PlaceDetailViewModel(hit: PagingPlacesProvider.hit(place, from: PlacesSamples.here), context: context)
    }

    @Test func thePictureIsFetchedWhenTheDetailLoads() async {
        let fetcher = FakePictureFetcher([Self.castle: [0xFF, 0xD8, 0xFF, 9]])
        let model = detail(fetcher: fetcher)
        #expect(model.picture.value == .none)
        model.load()
        await model.idle()
        // A screen that draws no pictures never asks.
        #expect(fetcher.asked.withLock { $0 }.isEmpty && model.picture.value == .none)
        model.showPicture()
        #expect(model.picture.value == .loading)
        await model.idle()
        guard case .loaded(let key, let bytes) = model.picture.value else {
            Issue.record("expected the picture, got \(model.picture.value)")
            return
        }
        #expect(bytes == [0xFF, 0xD8, 0xFF, 9])
        #expect(key.hasPrefix("place:commons:Vaduz Castle.jpg:"))
        #expect(fetcher.asked.withLock { $0 } == ["commons:Vaduz Castle.jpg 640"])
        // A refresh with the picture in hand does not fetch it again.
        model.refresh()
        await model.idle()
        #expect(fetcher.asked.withLock { $0 }.count == 1)
    }

    @Test func noPictureOrNoFetcherMeansNoBox() async {
        let without = detail(PlaceDetailViewModelTests.full, fetcher: FakePictureFetcher([:]))
        without.load()
        without.showPicture()
        await without.idle()
        #expect(without.picture.value == .none)
        let local = detail(fetcher: nil)
        local.load()
        local.showPicture()
        await local.idle()
        #expect(local.picture.value == .none)
    }

    @Test func aFailureSaysWhyAndRefreshFetchesAgain() async {
        let fetcher = FakePictureFetcher([Self.castle: [1, 2, 3]])
        fetcher.failure.withLock { $0 = .timeout }
        let model = detail(fetcher: fetcher)
        model.load()
        model.showPicture()
        await model.idle()
        #expect(model.picture.value == .failed("the picture's server took too long"))
        fetcher.failure.withLock { $0 = nil }
        model.refresh()
        await model.idle()
        guard case .loaded(_, let bytes) = model.picture.value else {
            Issue.record("expected the picture after r, got \(model.picture.value)")
            return
        }
        #expect(bytes == [1, 2, 3])
    }

    /// Google's lists carry no photos: the detail's answer names the picture, and it is fetched then.
    @Test func aPictureTheDetailsNameIsFetchedWhenTheyArrive() async {
        let fetcher = FakePictureFetcher([Self.castle: [5, 6]])
        var context = PlaceDetailViewModelTests(places: [Self.place] + PlacesSamples.cafes).context
        context.pictures = fetcher
        // The list's place without its picture; the source's details with it.
        let model = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(PlaceDetailViewModelTests.full, from: PlacesSamples.here),
                                         context: context)
        model.showPicture()
        #expect(model.picture.value == .none)
        model.load()
        await model.idle()
        guard case .loaded(_, let bytes) = model.picture.value else {
            Issue.record("expected the picture the details name, got \(model.picture.value)")
            return
        }
        #expect(bytes == [5, 6])
    }

    @Test func closingTheDetailStopsTheFetch() async {
        let model = detail(fetcher: FakePictureFetcher([Self.castle: [1]]))
        model.load()
        model.showPicture()
        model.close()
        await model.drained()
        #expect(model.picture.value != .loaded(key: "", bytes: [1]))
    }
}
