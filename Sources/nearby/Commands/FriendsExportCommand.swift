import ArgumentParser
import Glibc
import NearbyCore
import NearbyData

/// `nearby friends export [FILE.vcf]`: writes every friend as vCard 4.0.
struct FriendsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export friends as vCard 4.0, to a file or to standard output.",
        discussion: "An existing file is replaced only with --force. The file is written whole to a temporary "
            + "file beside it first, so a failure leaves the old one as it was.")

    @OptionGroup var source: FriendsSourceOptions

    @Argument(help: "The file to write; standard output when left out.", completion: .file(extensions: ["vcf"]))
    var file: String?

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    func run() async throws {
        let friends = try source.open(.readOnly)
        let list = try await friends.allFriends()
        var photos: [Friend.ID: [UInt8]] = [:]
        do throws(FriendsError) {
            if let local = friends.local {
                photos = try await local.allPhotos()
            } else {
                // A service hands photos out one friend at a time; one that keeps none gives none.
                for friend in list {
                    if let photo = try await friends.repository.photo(of: friend.id) { photos[friend.id] = photo }
                }
            }
        } catch {
            throw CommandFailure("Nothing exported: \(friends.sentence(error))")
        }
        let text = VCardWriter.write(list) { photos[$0] }
        guard let file else {
            // On a terminal, names must not drive it; in a pipe or a file the card stays exactly as written.
            Console.write(isatty(STDOUT_FILENO) != 0 ? TerminalText.safeLines(text) : text)
            return
        }
        let shown = TerminalText.safe(file)
        do {
            try FileSystem.writeWhole(Array(text.utf8), to: file, replacing: force)
        } catch let error where error.kind == .existsAlready {
            throw CommandFailure("\(shown) exists already; add --force to replace it (nothing was written).")
        } catch {
            throw CommandFailure("Cannot write \(shown): \(error.reason).")
        }
        let count = list.count
        Console.line("Exported \(NumberText.grouped(count)) \(count == 1 ? "friend" : "friends") to \(shown).")
    }
}
