import FoundationEssentials
import NearbyCore

/// A place's row model, with the time it was made for and until when its text holds.
///
/// A class: every frame looks up each visible row, and handing out a reference costs one retain where a copy
/// of the model and its place cost one for each of their strings.
final class CachedPlaceRow {
    let model: PlaceRowModel
    /// What the row was made from: a reload that brings the place back unchanged keeps the row.
    let hit: PlaceHit
    let madeAt: Date
    /// When the open state (or its day-relative words) next changes; nil: never.
    let validUntil: Date?

    init(model: PlaceRowModel, hit: PlaceHit, madeAt: Date, validUntil: Date?) {
        self.model = model
        self.hit = hit
        self.madeAt = madeAt
        self.validUntil = validUntil
    }

    func holds(at now: Date) -> Bool {
        madeAt <= now && validUntil.map { now < $0 } ?? true
    }
}

/// The row models a places list has made, by place, with a small window by row index in front of it.
///
/// Every frame asks for each visible row once or twice; the window answers those with an index and a
/// comparison of ids instead of hashing each place's id, and the table behind it keeps rows scrolled away.
struct PlaceRowCache {
    private var byPlace: [PlaceID: CachedPlaceRow] = [:]
    /// Slot `index % window` holds the row last looked up at that index; its id tells whether it still fits.
    private var slots: [CachedPlaceRow?]
    private let capacity: Int

    init(capacity: Int = 2_000, window: Int = 256) {
        self.capacity = capacity
        slots = Array(repeating: nil, count: window)
    }

    var count: Int { byPlace.count }

    /// The row of the place `id` at `index` if one is held that still holds at `now`; otherwise made by `make`
    /// and kept.
    mutating func row(at index: Int, id: PlaceID, now: Date, make: () -> CachedPlaceRow) -> CachedPlaceRow {
        let slot = index % slots.count
        if let held = slots[slot], held.model.id == id, held.holds(at: now) { return held }
        if let held = byPlace[id], held.holds(at: now) {
            slots[slot] = held
            return held
        }
        let row = make()
        // Only rows the view asked for are kept; a long scroll through many pages starts over.
        if byPlace.count >= capacity { byPlace.removeAll(keepingCapacity: true) }
        byPlace[id] = row
        slots[slot] = row
        return row
    }

    /// The row of `hit` at `index` (see `row(at:id:now:make:)`).
    mutating func row(at index: Int, for hit: PlaceHit, now: Date, make: () -> CachedPlaceRow) -> CachedPlaceRow {
        row(at: index, id: hit.id, now: now, make: make)
    }

    mutating func removeAll() {
        byPlace.removeAll()
        clearWindow()
    }

    /// Drops the rows whose text no longer holds at `now`.
    mutating func removeExpired(at now: Date) {
        byPlace = byPlace.filter { _, row in row.holds(at: now) }
        clearWindow()
    }

    /// Keeps only the rows of `hits` made from the same place at the same distance: a reload (a filter typed,
    /// the list sorted again) then draws the rows it brings back without making them again.
    mutating func keep(unchanged hits: [PlaceHit]) {
        var kept: [PlaceID: CachedPlaceRow] = [:]
        for hit in hits {
            if let row = byPlace[hit.id], row.hit == hit { kept[hit.id] = row }
        }
        byPlace = kept
        clearWindow()
    }

    /// Drops the rows of these places (their walk arrived, say).
    mutating func remove<S: Sequence>(_ ids: S) where S.Element == PlaceID {
        for id in ids { byPlace[id] = nil }
        clearWindow()
    }

    private mutating func clearWindow() {
        for index in slots.indices { slots[index] = nil }
    }
}
