import ArgumentParser
import NearbyCore
import NearbyData

/// `nearby friends remove ID`: removes one friend.
struct FriendsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a friend by id.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The friend's id, as `nearby friends list` shows it.")
    var id: Int64

    func run() async throws {
        let repository = LocalFriendsRepository(database: try global.openStore())
        do {
            let friend = try await repository.friend(id: id)
            try await repository.deleteFriend(id: id)
            print("Removed friend \(id): \(FriendsOutput.safe(friend.fullName))")
        } catch .notFound {
            FriendsOutput.error("nearby: no friend has the id \(id).")
            throw ExitCode.failure
        } catch {
            FriendsOutput.error("nearby: cannot remove the friend: \(FriendsOutput.describe(error))")
            throw ExitCode.failure
        }
    }
}
