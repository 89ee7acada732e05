import ArgumentParser
import NearbyCore
import NearbyData

/// `nearby friends remove ID`: removes one friend.
struct FriendsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a friend by id.")

    @OptionGroup var source: FriendsSourceOptions

    @Argument(help: "The friend's id, as `nearby friends list` shows it.")
    var id: Int64

    func run() async throws {
        let friends = try source.open()
        do throws(FriendsError) {
            let friend = try await friends.repository.friend(id: id)
            try await friends.repository.deleteFriend(id: id)
            Console.line("Removed friend \(id): \(TerminalText.safe(friend.fullName))")
        } catch .notFound {
            throw CommandFailure("No friend has the id \(id) (see nearby friends list).")
        } catch {
            throw CommandFailure("Cannot remove the friend: \(friends.sentence(error))")
        }
    }
}
