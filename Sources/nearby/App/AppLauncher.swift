import ArgumentParser
import CursesTerminal
import FoundationEssentials
import Logging
import NearbyCore
import NearbyData
import OSMFormats
import NearbyRemote
import NearbyScreens
import NearbyViewModels
import TerminalView

/// Wires the real services into the view models and runs the terminal app.
@MainActor
struct AppLauncher {
    let services: AppServices
    let settings: AppSettings
    /// Where "here" is, when known: friends show their distance from it.
    let here: NearLocation?
    let start: StartScreen
    /// How far around here Home and the lists look, in metres.
    let radius: Double
    /// `--at`: the time opening hours are evaluated at instead of now, until the user returns to now.
    var at: String?
    /// `--open-during`: lists keep only places open for the whole span.
    var openDuring: String?
    /// With `--near gps`: where each GPS move is remembered; lists follow gpsd.
    var gps: LastLocation?
    /// Where a place moved to with `L` is remembered; nil (the demo) remembers nothing.
    var last: LastLocation?
    /// `--radius` was given: `--open search:` then looks that far, else through the whole store as `/` does.
    var radiusGiven = false
    /// Where the lists' order, rows and radius are kept between runs; nil (the demo) keeps nothing.
    var preferences: ListPreferencesFile?
    /// The data folder, where region updates keep their change files; nil (the demo): no Regions screen.
    var dataFolder: URL?

    func run() async throws {
        let logger = Logger(label: "nearby.app")
        let navigator = Navigator()
        let units = settings.units
        let zone = ZoneRules.local(tz: ProcessEnvironment.values["TZ"])
        let holidays: HolidayDirectory
        do {
            holidays = try settings.holidayDirectory(zone: zone)
        } catch {
            throw CommandFailure(error.description)
        }
        // Each place's hours on its own clock; typed times on the clock of where the app opens.
        let zones = PlaceZones.world(fallback: zone)
        // One time for every screen: a time chosen on one is the time on all of them.
        let evaluationTime = EvaluationTime(zone: zones.zone(at: homeLocation.coordinate))
        if let at, let error = evaluationTime.choose(at) {
            throw CommandFailure.badValue("--at: \(OpeningHoursText.printable(error.description)).")
        }
        if let openDuring, let error = evaluationTime.keepOpen(during: openDuring) {
            throw CommandFailure.badValue("--open-during: \(OpeningHoursText.printable(error.description)).")
        }
        var context = FriendsContext(repository: services.friends, navigator: navigator, here: here?.coordinate,
                                     distanceText: { from, to in
                                         DistanceFormatting.distance(from.distance(to: to),
                                                                     bearing: from.bearing(to: to), units: units)
                                     },
                                     timeZone: zone, placeNames: StoreGazetteer(store: services.store))
        // The local store keeps photos; a friends service keeps none yet.
        context.photos = services.friends as? any FriendPhotos
        let makeFriends = { ScreenModel.friendsList(FriendsListViewModel(context: context)) }
        let location = homeLocation
        var places = PlacesContext(provider: services.places, favourites: services.favourites,
                                   friends: services.friends, navigator: navigator, here: location.coordinate,
                                   units: settings.units, timeZone: zone, zones: zones,
                                   evaluationTime: evaluationTime,
                                   holidays: holidays, walking: services.walking,
                                   sourceHasRatings: settings.source == .google)
        let tracker = gps.map { HereTracking.tracker(settings: settings, fallback: here, last: $0) }
        places.hereTracker = tracker
        places.preferences = preferences.map { file in ListPreferencesHolder(file.read(), save: file.write) }
        // One channel for favourites saved on any screen: every list's ★ and Home's section follow it.
        places.favouriteChanges = FavouriteChanges()
        places.pictures = placePictures
        tracker?.start()
        defer { tracker?.stop() }
        // The route table holds the contexts, which hold the navigator: let go of it when the app ends, so this
        // cycle does not keep the services alive past the run.
        defer { navigator.screens = nil }
        // Every start opens on top of Home, so that Back leads there.
        let above = start == .friends ? makeFriends() : try await startScreen(places: places, location: location)
        // One set of region tasks for the whole run: an update goes on when its screen is left.
        let regionTasks = settings.source == .local ? dataFolder.map { folder in
            RegionTasks(service: StoreRegions(store: services.store, dataFolder: folder,
                                              updatesURL: settings.updatesURL?.absoluteString,
                                              regionsURL: settings.regionsURL,
                                              keepDownloads: settings.keepDownloads))
        } : nil
        let root = ScreenModel.home(HomeViewModel(context: homeContext(navigator: navigator, friends: context,
                                                                       places: places, evaluationTime: evaluationTime,
                                                                       holidays: holidays, regions: regionTasks)))
        let coordinator = AppCoordinator(navigator: navigator, root: root, makeFriendsList: makeFriends,
                                         evaluationTime: evaluationTime, keyTable: settings.keyTable,
                                         pictures: settings.theme.images == .off ? nil : TerminalPicturePainter())
        coordinator.runningWork = { regionTasks?.isBusy == true ? "the region update" : nil }
        if let above { navigator.push(above) }
        // Never the key or the token: only which sources are in use.
        logger.info("starting on \(start); places from \(settings.source.rawValue); friends from \(settings.friendsURL == nil ? "the local store" : "a service")")
        let runLoop = TerminalRunLoop(app: coordinator, hyperlinks: settings.hyperlinks,
                                      themeSettings: settings.theme)
        try await runLoop.run()
        if let signal = runLoop.endingSignal {
            logger.info("stopped by signal \(signal)")
            // The terminal is restored: end as the signal would have, 128 + its number.
            throw ExitCode(128 + signal)
        }
        logger.info("quit")
    }

    /// The places' pictures' fetcher: with a live source, or with the local one when `fetch_pictures` says so;
    /// nil where pictures are not drawn at all. Fetched pictures are kept in the store's folder.
    private var placePictures: (any PictureFetching)? {
        guard settings.theme.images != .off, settings.source != .local || settings.fetchPictures,
              let commons = settings.commonsURL ?? URL(string: PictureFetcher.defaultCommonsURL) else { return nil }
        let cache = dataFolder.map { PictureCache(folder: $0.appendingPathComponent("pictures").path) }
        // Google's photos through its own media endpoint, with the key the places come with.
        var google: PictureFetcher.GooglePhotos?
        if settings.source == .google, settings.googleAPI == .new, let key = settings.googleAPIKey,
           let url = settings.placesURL ?? GooglePlacesProvider.defaultURL {
            google = PictureFetcher.GooglePhotos(baseURL: url, apiKey: key.exposedValue)
        }
        return PictureFetcher(commonsURL: commons, google: google, cache: cache)
    }

    /// Where Home is centred. With no place known yet, Home explains how to get data; the coordinate is then
    /// only a placeholder.
    private var homeLocation: HomeLocation {
        here.map { HomeLocation(coordinate: $0.coordinate, name: $0.name) } ?? .unknown
    }

    /// The screen `--open` asks for above Home, if any.
    private func startScreen(places: PlacesContext, location: HomeLocation) async throws -> ScreenModel? {
        switch start {
        case .home, .friends:
            return nil
        case .category(let category):
            return .placesList(PlacesListViewModel(subject: category.map { .category($0) } ?? .all, context: places,
                                                   radius: radius))
        case .search(let text):
            let reach = radiusGiven || services.places.isLive ? radius : SearchRadius.everywhere
            return .placesList(PlacesListViewModel(subject: .search(text), context: places, radius: reach))
        case .favourites:
            return .favourites(FavouritesListViewModel(context: places))
        case .place(let id):
            do throws(PlacesError) {
                let hit = try await services.places.place(id: id, from: location.coordinate)
                let request = PlaceDetailRequest(hit: hit, center: location.coordinate, radius: radius)
                return .placeDetail(PlaceDetailViewModel(request: request, context: places))
            } catch {
                throw CommandFailure("Cannot open place \(id): \(error.explanation)")
            }
        }
    }

    private func homeContext(navigator: Navigator, friends: FriendsContext, places: PlacesContext,
                             evaluationTime: EvaluationTime, holidays: HolidayDirectory,
                             regions: RegionTasks?) -> HomeContext {
        let location = homeLocation
        // Home opens the other features' screens through the one table of routes.
        let table = RouteTable(places: places, friends: friends, regions: regions)
        navigator.screens = { table.screen(for: $0) }
        var context = HomeContext(places: services.places, friends: services.friends, navigator: navigator,
                                  here: location, radius: radius, units: settings.units, timeZone: places.timeZone,
                                  zones: places.zones, evaluationTime: evaluationTime, holidays: holidays)
        context.offersRegions = regions != nil
        let locator = HereLocator(gazetteer: StoreGazetteer(store: services.store), gps: settings.gpsd)
        context.locate = { text in await locator.locate(text) }
        if let last {
            context.remember = { location in
                last.write(NearLocation(name: location.name, coordinate: location.coordinate))
            }
        }
        context.hereTracker = places.hereTracker
        context.dataChanged = regions?.changed
        if regions != nil {
            let store = services.store
            // Off the main thread: the store's middle is an average over every place.
            context.defaultHere = {
                guard let found = try? store.fetchDefaultLocation() else { return nil }
                return HomeLocation(coordinate: found.coordinate, name: found.name)
            }
        }
        context.walking = services.walking
        if settings.source == .local {
            // The newest extract whose extent holds the point: Home says when its data is a month old.
            let store = services.store
            context.extractDate = { point in
                let extracts = (try? store.extracts()) ?? []
                return extracts.filter { $0.extent?.contains(point) == true }.compactMap(\.dataTime).max()
            }
        }
        context.favourites = places.favourites
        context.favouriteChanges = places.favouriteChanges
        context.pictures = places.pictures
        return context
    }
}
