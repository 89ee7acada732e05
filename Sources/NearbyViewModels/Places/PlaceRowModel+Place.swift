import FoundationEssentials
import NearbyCore

extension PlaceRowModel {
    /// `place` as a list row: its texts, and `status` (its opening state at the list's time; nil: hours unknown).
    init(place: Place, distance: String, hours: OpeningHours?, status: OpeningStatus?, timeZone: ZoneRules,
         walk: String? = nil) {
        let hoursText = hours.map { DisplayText.oneLine($0.raw) }
        self.init(
            id: place.id, name: DisplayText.oneLine(place.name), subtitle: DisplayText.oneLine(place.subtitle),
            category: place.category.displayName, distance: distance,
            openState: status.map { $0.rowText(timeZone: timeZone) } ?? "hours unknown",
            openness: status?.state ?? .unknown,
            rating: PlaceTexts.rating(place.rating, count: place.ratingCount),
            detailLine: [PlaceTexts.streetLine(place), hoursText].compactMap { $0 }.joined(separator: " · "),
            isClosingSoon: status?.isClosingSoon ?? false,
            walk: walk, picture: place.picture)
    }
}

extension PlacesContext {
    /// `place`'s opening state at `date`; nil when neither its hours nor a live "open now" say anything.
    func openingStatus(of place: Place, hours: OpeningHours?, at date: Date) -> OpeningStatus? {
        guard hours != nil || place.openNowReport != nil else { return nil }
        return place.openingStatus(hours: hours, at: date, in: hoursContext(for: place))
    }
}
