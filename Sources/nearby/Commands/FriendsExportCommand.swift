import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `nearby friends export [FILE.vcf]`: writes every friend as vCard 4.0.
struct FriendsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export friends as vCard 4.0, to a file or to standard output.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The file to write; standard output when left out.")
    var file: String?

    func run() async throws {
        let repository = LocalFriendsRepository(database: try global.openStore(.readOnly))
        let friends: [Friend]
        do {
            friends = try await repository.listFriends()
        } catch {
            FriendsOutput.error("nearby: \(FriendsOutput.describe(error))")
            throw ExitCode.failure
        }
        let text = VCardWriter.write(friends)
        guard let file else {
            FriendsOutput.write(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            FriendsOutput.error("nearby: cannot write \(FriendsOutput.safe(file)): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        print("Exported \(friends.count) \(friends.count == 1 ? "friend" : "friends") to \(FriendsOutput.safe(file)).")
    }
}
