import ArgumentParser
import NearbyCore
import NearbyData

/// `nearby friends add`: adds one friend.
struct FriendsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a friend.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("first"), help: "First name.")
    var firstName: String

    @Option(name: .customLong("last"), help: "Last name.")
    var lastName: String

    @Option(name: .customLong("phone"), help: "Phone number (digits, spaces, +, -, parentheses).")
    var phoneNumber: String

    @Option(help: "E-mail address.")
    var email: String?

    // The root command takes `--near` too; only a group of the same type reaches this command (see HereOption).
    @OptionGroup(title: "Where the friend is, as LAT,LON (a name goes in --place)")
    var location: HereOption

    /// `--near` as given.
    var near: String? { location.near }

    @Option(help: "A place name for where the friend is.")
    var place: String?

    func validate() throws {
        if let near, Coordinate(parsing: near) == nil {
            throw ValidationError("--near: expected LAT,LON with latitude -90…90 and longitude -180…180, "
                                  + "e.g. 47.141,9.5209")
        }
    }

    func run() async throws {
        let repository = LocalFriendsRepository(database: try global.openStore())
        let draft = FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, email: email,
                                coordinate: near.flatMap(Coordinate.init(parsing:)), placeName: place)
        do {
            let friend = try await repository.addFriend(draft)
            print("Added friend \(friend.id): \(FriendsOutput.safe(friend.fullName))")
        } catch {
            FriendsOutput.error("nearby: cannot add the friend: \(FriendsOutput.describe(error))")
            throw ExitCode.failure
        }
    }
}
