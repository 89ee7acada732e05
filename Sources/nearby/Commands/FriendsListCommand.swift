import Glibc
import ArgumentParser
import NearbyCore
import NearbyData

/// `nearby friends list`: every friend in list order, as a table or JSON.
struct FriendsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List friends.")

    @OptionGroup var source: FriendsSourceOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only friends whose name, phone or e-mail contains this (case- and accent-insensitive).",
                               valueName: "TEXT"))
    var filter: String?

    func run() async throws {
        let friends = try source.open(.readOnly)
        let list: [Friend]
        do throws(FriendsError) {
            if let filter {
                let total = try await friends.repository.friendsPage(filter: filter, offset: 0, limit: 0).total
                list = try await friends.repository.friendsPage(filter: filter, offset: 0, limit: total).friends
            } else {
                list = try await friends.repository.listFriends()
            }
        } catch {
            throw CommandFailure(friends.sentence(error))
        }
        if json {
            Console.write(FriendsOutput.json(list))
        } else if list.isEmpty {
            Console.line(filter == nil
                ? "No friends yet. Add one with: nearby friends add --first NAME [--last NAME] --phone NUMBER"
                : "No friend matches \(TerminalText.quoted(filter ?? "")).")
        } else {
            Console.write(FriendsOutput.table(list, cut: isatty(STDOUT_FILENO) != 0))
        }
    }
}
