import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// The places list's row cache: the window by index never answers with another place's row or a row whose
/// text has run out, and what is dropped is made again.
struct PlaceRowCacheTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func hit(_ id: String) -> PlaceHit {
        PlaceHit(place: PlacesSamples.place(id, "Place \(id)", north: 10), distance: 10, bearing: 0)
    }

    static func row(_ hit: PlaceHit, _ label: String, validUntil: Date? = nil) -> CachedPlaceRow {
        CachedPlaceRow(model: PlaceRowModel(place: hit.place, distance: label, hours: nil, status: nil,
                                            timeZone: PlacesSamples.utc),
                       hit: hit, madeAt: t0, validUntil: validUntil)
    }

    @Test func aSlotHeldByAnotherPlaceIsNotItsRow() {
        var cache = PlaceRowCache(window: 4)
        let a = Self.hit("a"), b = Self.hit("b")
        var made = 0
        _ = cache.row(at: 1, for: a, now: Self.t0) { made += 1; return Self.row(a, "A") }
        // Index 5 shares slot 1 of a four-row window, and so does index 1 after the list was sorted again.
        let atFive = cache.row(at: 5, for: b, now: Self.t0) { made += 1; return Self.row(b, "B") }
        let atOne = cache.row(at: 1, for: b, now: Self.t0) { made += 1; return Self.row(b, "B again") }
        let aAgain = cache.row(at: 1, for: a, now: Self.t0) { made += 1; return Self.row(a, "A again") }
        #expect(atFive.model.distance == "B")
        #expect(atOne.model.distance == "B", "the table behind the window still holds b")
        #expect(aAgain.model.distance == "A")
        #expect(made == 2)
    }

    @Test func aReloadKeepsOnlyTheRowsOfPlacesThatCameBackUnchanged() {
        var cache = PlaceRowCache()
        let a = Self.hit("a"), b = Self.hit("b"), c = Self.hit("c")
        for (index, hit) in [a, b, c].enumerated() { _ = cache.row(at: index, for: hit, now: Self.t0) { Self.row(hit, "old") } }
        var moved = b
        moved.distance = 20
        cache.keep(unchanged: [moved, a])
        #expect(cache.count == 1)
        #expect(cache.row(at: 0, for: moved, now: Self.t0) { Self.row(moved, "new") }.model.distance == "new")
        #expect(cache.row(at: 1, for: a, now: Self.t0) { Self.row(a, "new") }.model.distance == "old")
        #expect(cache.row(at: 2, for: c, now: Self.t0) { Self.row(c, "new") }.model.distance == "new")
    }

    @Test func aRowWhoseTextRanOutIsMadeAgain() {
        var cache = PlaceRowCache()
        let a = Self.hit("a")
        let until = Self.t0.addingTimeInterval(60)
        _ = cache.row(at: 0, for: a, now: Self.t0) { Self.row(a, "before", validUntil: until) }
        let same = cache.row(at: 0, for: a, now: until.addingTimeInterval(-1)) { Self.row(a, "unexpected") }
        let later = cache.row(at: 0, for: a, now: until) { Self.row(a, "after") }
        #expect(same.model.distance == "before")
        #expect(later.model.distance == "after")
    }

    @Test func removedRowsAreMadeAgainThroughTheWindowToo() {
        var cache = PlaceRowCache()
        let a = Self.hit("a"), b = Self.hit("b")
        _ = cache.row(at: 0, for: a, now: Self.t0) { Self.row(a, "walk unknown") }
        _ = cache.row(at: 1, for: b, now: Self.t0) { Self.row(b, "b") }
        cache.remove([a.id])
        let a2 = cache.row(at: 0, for: a, now: Self.t0) { Self.row(a, "7 min") }
        let b2 = cache.row(at: 1, for: b, now: Self.t0) { Self.row(b, "unexpected") }
        #expect(a2.model.distance == "7 min")
        #expect(b2.model.distance == "b")
        cache.removeAll()
        #expect(cache.count == 0)
        let b3 = cache.row(at: 1, for: b, now: Self.t0) { Self.row(b, "b made again") }
        #expect(b3.model.distance == "b made again")
    }

    @Test func expiredRowsLeaveBothTheTableAndTheWindow() {
        var cache = PlaceRowCache()
        let a = Self.hit("a")
        let until = Self.t0.addingTimeInterval(60)
        _ = cache.row(at: 0, for: a, now: Self.t0) { Self.row(a, "open", validUntil: until) }
        cache.removeExpired(at: until)
        #expect(cache.count == 0)
    }
}
