import CursesTerminal
import Foundation
import Logging
import NearbyCore
import NearbyData
import NearbyScreens
import NearbyViewModels

/// Wires the real services into the view models and runs the terminal app.
@MainActor
struct AppLauncher {
    let services: AppServices
    let settings: AppSettings
    /// Where "here" is, when known: friends show their distance from it.
    let here: NearLocation?
    let start: StartScreen

    func run() async throws {
        let logger = Logger(label: "nearby.app")
        let navigator = Navigator()
        let units = settings.units
        let context = FriendsContext(repository: services.friends, navigator: navigator, here: here?.coordinate,
                                     distanceText: { from, to in
                                         DistanceFormatting.distance(from.distance(to: to),
                                                                     bearing: from.bearing(to: to), units: units)
                                     })
        let makeFriends = { ScreenModel.friendsList(FriendsListViewModel(context: context)) }
        let root: ScreenModel = switch start {
        case .friends: makeFriends()
        case .home: .home(HomeViewModel(context: homeContext(navigator: navigator, friends: context)))
        }
        let coordinator = AppCoordinator(navigator: navigator, root: root, makeFriendsList: makeFriends)
        // Never the key or the token: only which sources are in use.
        logger.info("starting on \(start); places from \(settings.source.rawValue); friends from \(settings.friendsURL == nil ? "the local store" : "a service")")
        try await TerminalRunLoop(app: coordinator).run()
        logger.info("quit")
    }

    private func homeContext(navigator: Navigator, friends: FriendsContext) -> HomeContext {
        // With no place known yet, Home explains how to get data; the coordinate is then only a placeholder.
        let location = here.map { HomeLocation(coordinate: $0.coordinate, name: $0.name) }
            ?? HomeLocation(coordinate: Coordinate(latitude: 0, longitude: 0), name: "no location yet")
        let places = PlacesContext(provider: services.places, favourites: services.favourites,
                                   friends: services.friends, navigator: navigator, here: location.coordinate,
                                   units: settings.units)
        let routes = HomeRoutes(placesList: HomeRoutes.placesList(context: places),
                                placeDetail: HomeRoutes.placeDetail(context: places),
                                friendDetail: HomeRoutes.friendDetail(context: friends))
        return HomeContext(places: services.places, friends: services.friends, navigator: navigator, here: location,
                           units: settings.units, routes: routes)
    }
}
