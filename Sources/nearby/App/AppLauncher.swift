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
    let database: AppDatabase
    let start: StartScreen

    func run() async throws {
        let logger = Logger(label: "nearby.app")
        let repository = LocalFriendsRepository(database: database)
        let navigator = Navigator()
        let context = FriendsContext(repository: repository, navigator: navigator)
        let makeFriends = { ScreenModel.friendsList(FriendsListViewModel(context: context)) }
        let root: ScreenModel = switch start {
        case .friends: makeFriends()
        }
        let coordinator = AppCoordinator(navigator: navigator, root: root, makeFriendsList: makeFriends)
        logger.info("starting on \(start)")
        try await TerminalRunLoop(app: coordinator).run()
        logger.info("quit")
    }
}
