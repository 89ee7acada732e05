import FoundationEssentials
import NearbyCore

/// One place: its card, opening hours against the clock, a small map, friends near it, meeting points,
/// and the favourite action. Shows what the list already knew at once, then fills in what the source adds.
@MainActor
public final class PlaceDetailViewModel: PlaceDetailViewModelType {
    /// Nearest places drawn on the map around the place.
    public static let neighbourCount = 8
    static let neighbourRadius = 1_000.0
    /// Friends within this distance of the place are "near" it.
    public static let friendRadius = 5_000.0
    static let friendsShown = 10
    /// Friends read at most when looking for those near the place (in pages).
    static let friendScanLimit = 5_000
    static let friendPageSize = 500
    public static let meetingPointCount = 5

    public let title: Observable<String>
    public let lines: Observable<[PlaceDetailLine]>
    public let hours: Observable<OpeningHoursSummary?>
    public let map: Observable<PlaceMapModel>
    public let walk = Observable<String?>(nil)
    public let friendsNearby = Observable<[NearbyFriendRow]>([])
    public let meetingPoints = Observable(MeetingPointsState.none)
    public let favourite: Observable<FavouriteState>
    public let attribution: Observable<String>
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)
    public let nextRefresh = Observable<Date?>(nil)
    public let picture = Observable<PictureState>(.none)

    private static let detailsKey = ActivityKey("details")
    private static let neighboursKey = ActivityKey("neighbours")
    private static let friendsKey = ActivityKey("friends")
    private static let favouriteKey = ActivityKey("favourite")
    /// Asking the store apart from saving, so a save started as the answer arrives does not cancel the asking.
    private static let favouriteCheckKey = ActivityKey("favourite check")
    private static let meetingKey = ActivityKey("meeting")
    private static let routeKey = ActivityKey("route")
    static let pictureKey = ActivityKey("picture")

    let context: PlacesContext
    let tracker = ActivityTracker()
    private(set) var place: Place
    private var parsedHours: OpeningHours?
    /// Friends with a location, as far as they were read.
    private var locatedFriends: [Friend] = []
    private var meetingHits: [PlaceHit] = []
    /// The friend and the places around the way to them that the meeting points shown were chosen from.
    private var lastMeeting: (friend: Friend, candidates: [PlaceHit])?
    private var hasStarted = false
    /// The screen's work under way (the favourite's own aside), for the header spinner.
    private var working: Set<String> = []
    /// `f` pressed while the store was still being asked whether this is a favourite: done once it has
    /// answered, so a quick key is not lost (a second press takes the first back).
    private var toggleWhenKnown = false
    private var bindings: [ObservationToken] = []
    /// The screen draws pictures: the place's is fetched (`showPicture()`), and again when the details name
    /// another.
    var wantsPicture = false

    /// - Parameter hit: the place as the list or home screen has it; the source's details are fetched on `load()`.
    public init(hit: PlaceHit, context: PlacesContext) {
        self.context = context
        place = hit.place
        title = Observable(DisplayText.oneLine(hit.place.name))
        lines = Observable([])
        hours = Observable(nil)
        attribution = Observable(DisplayText.oneLine(hit.place.attribution))
        map = Observable(Self.baseMap(for: hit.place, context: context))
        favourite = Observable(context.favourites == nil ? .unavailable : .checking)
        applyPlace(hit.place)
        // A chosen time or span moves the hours and the meeting points with it (keys.md: they follow `t`).
        context.evaluationTime?.chosen.bind { [weak self] _ in
            guard let self, !self.tracker.isClosed else { return }
            self.updateHours()
            self.meetAgainAtTheTime()
        }.store(in: &bindings)
        context.evaluationTime?.openDuring.bind { [weak self] _ in
            guard let self, !self.tracker.isClosed else { return }
            self.updateHours()
            self.meetAgainAtTheTime()
        }.store(in: &bindings)
    }

    public var placeID: PlaceID { place.id }

    /// The time opening hours are evaluated at, for the screen's `t` and header; nil: always now.
    public var evaluationTime: EvaluationTime? { context.evaluationTime }

    // MARK: Intents

    public func load() {
        guard !tracker.isClosed, !hasStarted else { return }
        hasStarted = true
        startLoading()
        loadStreets()
    }

    public func refresh() {
        guard !tracker.isClosed else { return }
        hasStarted = true
        startLoading()
        if case .failed = picture.value { fetchPicture() }
    }

    public func toggleFavourite() {
        guard !tracker.isClosed, let store = context.favourites else { return }
        let wanted: Bool
        switch favourite.value {
        case .normal(let isFavourite), .saved(let isFavourite): wanted = !isFavourite
        case .failed(_, let retried): wanted = retried
        case .checking:
            toggleWhenKnown.toggle()
            return
        case .saving, .unavailable: return
        }
        favourite.update(.saving(isFavourite: wanted))
        // The place itself, so the store keeps its name and position for a favourite whose place later goes.
        let saved = place
        tracker.run(Self.favouriteKey) { [weak self] in
            var failure: PlacesError?
            do throws(PlacesError) {
                try await store.setFavourite(saved, wanted)
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self else { return }
            if let failure {
                self.favourite.update(.failed(message: PlacesErrorText.favourite(failure, saving: wanted),
                                              wanted: wanted))
            } else {
                self.favourite.update(.saved(isFavourite: wanted))
                self.status.value = .info(wanted ? "Saved to favourites" : "Removed from favourites")
                self.context.favouriteChanges?.record(saved.id, isFavourite: wanted)
            }
        }
    }

    public func suggestMeetingPoints(with friendID: Friend.ID) {
        guard !tracker.isClosed, let repository = context.friends else { return }
        let known = locatedFriends.first { $0.id == friendID }
        meetingHits = []
        meetingPoints.update(.loading(friend: known.map { DisplayText.oneLine($0.firstName) } ?? "your friend"))
        let (provider, place) = (context.provider, place)
        runShown(Self.meetingKey) { [weak self] in
            let outcome: Result<(Friend, [PlaceHit]), MeetingFailure>
            do throws(MeetingFailure) {
                let friend = try await Self.friend(friendID, known: known, in: repository)
                guard let location = friend.coordinate else { throw .noLocation(friend) }
                let rule = MeetingPoints(from: place, to: location)
                outcome = .success((friend, try await Self.candidates(for: rule, in: provider)))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.finishMeeting(outcome, friendID: friendID)
        }
    }

    public func clearMeetingPoints() {
        tracker.cancel(Self.meetingKey)
        working.remove(Self.meetingKey.name)
        updateLoading()
        meetingHits = []
        lastMeeting = nil
        meetingPoints.update(.none)
    }

    public func openMeetingPoint(at index: Int) {
        guard !tracker.isClosed, case .found = meetingPoints.value, meetingHits.indices.contains(index) else { return }
        var hit = meetingHits[index]
        hit.distance = context.here.distance(to: hit.place.coordinate)
        hit.bearing = context.here.bearing(to: hit.place.coordinate)
        context.navigator.push(.placeDetail(PlaceDetailViewModel(hit: hit, context: context)))
    }

    public func timeDidPass() {
        guard !tracker.isClosed else { return }
        updateHours()
    }

    public func dismissStatus() {
        status.update(nil)
        // The ✓ of a saved favourite goes with its "Saved to favourites": the star alone says it is one.
        if case .saved(let isFavourite) = favourite.value { favourite.update(.normal(isFavourite: isFavourite)) }
    }

    public func close() {
        tracker.close()
        working.removeAll()
        updateLoading()
        nextRefresh.update(nil)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    // MARK: Loading

    private func startLoading() {
        let (provider, here, id, center) = (context.provider, context.here, place.id, place.coordinate)
        runShown(Self.detailsKey) { [weak self] in
            let outcome: Result<PlaceHit, PlacesError>
            do throws(PlacesError) {
                outcome = .success(try await provider.place(id: id, from: here))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let hit): self.applyPlace(hit.place)
            case .failure(let error): self.status.value = .error(PlacesErrorText.loading(error))
            }
        }
        runShown(Self.neighboursKey) { [weak self] in
            // The map is decoration: without neighbours it still shows you and the place. So it takes what the
            // source holds already and costs no request of a live source.
            let query = PlaceQuery(center: center, radius: Self.neighbourRadius, limit: Self.neighbourCount + 1,
                                   reach: .heldOnly)
            let page = try? await provider.places(query, after: nil)
            guard !Task.isCancelled, let self, let page else { return }
            let neighbours = page.hits.filter { $0.id != id }.prefix(Self.neighbourCount).map { hit in
                MapMarker(coordinate: hit.place.coordinate, label: DisplayText.oneLine(hit.place.name),
                          kind: .neighbour)
            }
            var map = self.map.value
            map.neighbours = Array(neighbours)
            self.map.update(map)
        }
        if let router = context.walking {
            runShown(Self.routeKey) { [weak self] in
                let outcome: Result<WalkRoute?, RoutingError>
                do throws(RoutingError) {
                    outcome = .success(try await router.route(from: here, to: center))
                } catch {
                    outcome = .failure(error)
                }
                guard !Task.isCancelled, let self else { return }
                self.applyRoute(outcome)
            }
        }
        if let repository = context.friends {
            runShown(Self.friendsKey) { [weak self] in
                let friends = try? await Self.locatedFriends(in: repository)
                guard !Task.isCancelled, let self, let friends else { return }
                self.locatedFriends = friends
                self.updateFriends()
            }
        }
        if let store = context.favourites, case .checking = favourite.value {
            tracker.run(Self.favouriteCheckKey) { [weak self] in
                let outcome: Result<Bool, PlacesError>
                do throws(PlacesError) {
                    outcome = .success(try await store.isFavourite(id))
                } catch {
                    outcome = .failure(error)
                }
                guard !Task.isCancelled, let self else { return }
                let toggle = self.toggleWhenKnown
                self.toggleWhenKnown = false
                switch outcome {
                case .success(let isFavourite):
                    self.favourite.update(.normal(isFavourite: isFavourite))
                    if toggle { self.toggleFavourite() }
                case .failure(let error):
                    // What the place is was not learnt, so a press meanwhile cannot be carried out; `f` retries.
                    self.favourite.update(.failed(message: PlacesErrorText.favourite(error, saving: true), wanted: true))
                }
            }
        }
    }

    /// The walk on the map and in words; without one, why distances stay straight lines.
    private func applyRoute(_ outcome: Result<WalkRoute?, RoutingError>) {
        var map = map.value
        switch outcome {
        case .success(let route?):
            map.route = route.points
            walk.update(PlaceTexts.walk(route, pace: context.walkingPace, units: context.units))
        case .success(nil):
            map.route = []
            walk.update("No walk from here on the paths the store has")
        case .failure(.noNetwork):
            map.route = []
            walk.update(WalkingTimes.noNetworkNote)
        case .failure(.storage(let message)):
            map.route = []
            walk.update("The walk could not be read (\(DisplayText.oneLine(message)))")
        }
        self.map.update(map)
    }

    private func updateFriends() {
        let center = place.coordinate
        let near = locatedFriends.compactMap { friend -> (Friend, Double)? in
            guard let location = friend.coordinate else { return nil }
            let distance = center.distance(to: location)
            return distance <= Self.friendRadius ? (friend, distance) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.id < $1.0.id }
        .prefix(Self.friendsShown)
        friendsNearby.update(near.map { friend, distance in
            let location = friend.coordinate ?? center
            return NearbyFriendRow(id: friend.id, name: DisplayText.oneLine(friend.fullName),
                                   distance: DistanceFormatting.distance(distance, bearing: center.bearing(to: location),
                                                                         units: context.units))
        })
        var map = map.value
        map.friends = near.compactMap { friend, _ in
            friend.coordinate.map { MapMarker(coordinate: $0, label: DisplayText.oneLine(friend.fullName), kind: .friend) }
        }
        self.map.update(map)
    }

    // MARK: Meeting points

    /// The meeting points shown, chosen again from the same places at the time now chosen: which are open
    /// changes with it, the places around do not.
    private func meetAgainAtTheTime() {
        guard let lastMeeting else { return }
        finishMeeting(.success(lastMeeting), friendID: lastMeeting.friend.id)
    }

    private func finishMeeting(_ outcome: Result<(Friend, [PlaceHit]), MeetingFailure>, friendID: Friend.ID) {
        lastMeeting = nil
        switch outcome {
        case .success(let (friend, candidates)):
            lastMeeting = (friend, candidates)
            guard let location = friend.coordinate else { return }
            let now = context.now()
            let origin = place.coordinate
            var cache = ParsedHoursCache()
            var statuses: [PlaceID: OpeningStatus] = [:]
            let rule = MeetingPoints(from: place, to: location)
            let chosen = rule.suggestions(from: candidates, limit: Self.meetingPointCount) { place in
                let status = place.openingStatus(hours: cache.hours(of: place), at: now,
                                                 in: context.hoursContext(for: place))
                statuses[place.id] = status
                return status.state == .open
            }
            let name = DisplayText.oneLine(friend.firstName)
            meetingHits = chosen
            guard !chosen.isEmpty else {
                let what = rule.categories.count == 1 ? rule.categories[0].pluralName : "places to meet"
                // At a chosen time the words name it: "open now" would be a confident wrong answer.
                let when = context.timeIsChosen
                    ? "open at " + TimeExpression.label(now, now: context.clock(), zone: context.timeZone)
                    : "open now"
                meetingPoints.update(.empty("No \(what) \(when) between here and \(name)."))
                return
            }
            meetingPoints.update(.found(friend: name, chosen.map { hit in
                let coordinate = hit.place.coordinate
                let fromPlace = hit.id == place.id ? "right here"
                    : "here " + DistanceFormatting.distance(origin.distance(to: coordinate), units: context.units)
                let fromFriend = DistanceFormatting.distance(coordinate.distance(to: location), units: context.units)
                return MeetingPointRow(id: hit.id, name: DisplayText.oneLine(hit.place.name),
                                       category: hit.place.category.displayName,
                                       distances: "\(fromPlace) · \(name) \(fromFriend)",
                                       openState: statuses[hit.id].map { $0.rowText(timeZone: context.zone(for: hit.place)) } ?? "")
            }))
        case .failure(.noLocation(let friend)):
            meetingPoints.update(.empty("\(DisplayText.oneLine(friend.firstName)) has no location to meet halfway."))
        case .failure(.friend(let error)):
            meetingPoints.update(.failed(message: FriendsErrorText.loading(error)))
        case .failure(.places(let error)):
            meetingPoints.update(.failed(message: PlacesErrorText.loading(error)))
        }
    }

    // MARK: Content

    private func applyPlace(_ newPlace: Place) {
        if newPlace.openingHours != place.openingHours || parsedHours == nil {
            parsedHours = newPlace.openingHours.map(OpeningHours.init)
        }
        let pictureChanged = newPlace.picture != place.picture
        place = newPlace
        // The details may name a picture the list did not (Google's photos come with the details only).
        if pictureChanged, wantsPicture { fetchPicture() }
        title.update(DisplayText.oneLine(newPlace.name))
        attribution.update(DisplayText.oneLine(newPlace.attribution))
        lines.update(makeLines(newPlace))
        var map = map.value
        map.place = MapMarker(coordinate: newPlace.coordinate, label: DisplayText.oneLine(newPlace.name), kind: .place)
        self.map.update(map)
        updateHours()
        if !locatedFriends.isEmpty { updateFriends() }
    }

    private func makeLines(_ place: Place) -> [PlaceDetailLine] {
        var lines = [
            PlaceDetailLine(label: "Category", value: place.category.displayName),
            PlaceDetailLine(label: "Distance", value: context.distanceText(to: place.coordinate)),
        ]
        func add(_ label: String, _ value: String?, _ kind: PlaceDetailLine.Kind = .text, link: String? = nil) {
            guard let value, !value.isEmpty else { return }
            lines.append(PlaceDetailLine(label: label, value: DisplayText.oneLine(value), kind: kind, link: link))
        }
        add("Address", PlaceTexts.fullAddress(place.address))
        add("Coordinates", PlaceTexts.coordinate(place.coordinate), link: PlaceTexts.geoURI(place.coordinate))
        add("Phone", place.phone, .phone, link: place.phone.flatMap(PlaceTexts.telURI))
        add("Website", place.website, .website, link: place.website.map(PlaceTexts.webURL))
        add("E-mail", place.email, .email, link: place.email.map { "mailto:" + $0.trimmingBlanks() })
        add("Cuisine", PlaceTexts.cuisine(place.cuisine))
        add("Wheelchair", PlaceTexts.wheelchair(place.wheelchair))
        if let rating = PlaceTexts.rating(place.rating, count: nil) {
            let count = place.ratingCount.map { " from \(DisplayText.count($0)) rating\($0 == 1 ? "" : "s")" } ?? ""
            add("Rating", rating + count)
        }
        add("Price", PlaceTexts.priceLevel(place.priceLevel))
        add("Operator", place.operatorText)
        // The element on openstreetmap.org, to see or mend the data; shown without its scheme.
        if let url = PlaceTexts.openStreetMapURL(place.id) {
            add("OSM", String(url.dropFirst("https://www.".count)), .website, link: url)
        }
        return lines
    }

    private func updateHours() {
        let now = context.now()
        let hoursContext = context.hoursContext(for: place)
        let zone = hoursContext.zone
        guard let parsedHours else {
            // No hours, but the source may have said whether the place is open now.
            if place.openNowReport?.holds(at: now) == true {
                let status = place.openingStatus(hours: nil, at: now, in: hoursContext)
                hours.update(OpeningHoursSummary(now: status.detailText(timeZone: zone), state: status.state, week: []))
                nextRefresh.update(tracker.isClosed || context.timeIsChosen ? nil : status.nextChange)
            } else {
                hours.update(nil)
                nextRefresh.update(nil)
            }
            return
        }
        let status = place.openingStatus(hours: parsedHours, at: now, in: hoursContext)
        let week = parsedHours.isReadable
            ? parsedHours.week(containing: now, in: hoursContext).map { day -> OpeningWeekRow in
                let notes = [day.holiday, day.comment].compactMap { $0 }.map(OpeningHoursText.printable)
                return OpeningWeekRow(day: day.weekdayAbbreviation,
                                      hours: day.intervals.isEmpty ? "closed" : day.intervals.map(\.label).joined(separator: ", "),
                                      isToday: day.isToday, note: notes.isEmpty ? nil : notes.joined(separator: " · "))
            }
            : []
        // Hours are read on the place's clock: where it keeps another time than the computer, say what it shows.
        let clockNow = context.clock()
        let local = context.timeIsChosen || !context.zones.differsFromComputer(zone, at: clockNow) ? ""
            : " · " + OpeningHoursText.clock(zone.localDateTime(at: clockNow).minuteOfDay) + " local"
        hours.update(OpeningHoursSummary(now: DisplayText.oneLine(status.detailText(timeZone: zone)) + local,
                                         state: status.state, week: week))
        // A chosen time stands still: nothing shown changes as the clock runs.
        guard parsedHours.isReadable || status.isReported, !tracker.isClosed, !context.timeIsChosen else {
            return nextRefresh.update(nil)
        }
        // "Today" in the week table, and "tomorrow" in the state, move at midnight even when the state does not;
        // "closes in 21 min" becomes 20 a minute later.
        let midnight = context.nextMidnight(after: now)
        let nextMinute = local.isEmpty ? nil
            : Date(timeIntervalSince1970: (clockNow.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
        let candidates = [status.nextChange, midnight, status.wordsValidUntil, nextMinute].compactMap { $0 }
        nextRefresh.update(candidates.min())
    }

    /// Runs `operation` under `key`, counted for the header spinner until it ends (a newer run of the same
    /// key takes over the count; a cancelled one never reaches its end).
    private func runShown(_ key: ActivityKey, _ operation: @escaping @MainActor @Sendable () async -> Void) {
        working.insert(key.name)
        updateLoading()
        tracker.run(key) { [weak self] in
            await operation()
            guard !Task.isCancelled, let self else { return }
            self.working.remove(key.name)
            self.updateLoading()
        }
    }

    private func updateLoading() {
        isLoading.update(!tracker.isClosed && !working.isEmpty)
    }
}
