import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import Pictures

/// `nearby friends photo ID FILE` / `--remove`: gives a friend a photo (a JPEG, PNG or WebP, kept as the store
/// keeps photos), or takes it away.
struct FriendsPhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Give a friend a photo, or remove it.",
        discussion: "FILE is a JPEG, PNG or WebP picture; it is kept scaled to at most \(StoredPhoto.maxSide) pixels "
            + "on its long side, in the local store or on the friends service.")

    @OptionGroup var source: FriendsSourceOptions

    @Argument(help: "The friend's id, as `nearby friends list` shows it.")
    var id: Int64

    @Argument(help: "The picture (.jpg, .png, .webp).", completion: .file(extensions: ["jpg", "jpeg", "png", "webp"]))
    var file: String?

    @Flag(help: "Remove the friend's photo.")
    var remove = false

    func validate() throws {
        if remove, file != nil { throw ValidationError("Give a FILE or --remove, not both.") }
    }

    func run() async throws {
        guard remove || file != nil else { throw CommandFailure.badValue("Give the picture's FILE, or --remove.") }
        let photo = try file.map(Self.storedPhoto(from:))
        let friends = try source.open()
        do throws(FriendsError) {
            let friend = try await friends.repository.friend(id: id)
            try await friends.repository.setPhoto(photo, of: id)
            Console.line(photo == nil ? "Removed the photo of friend \(id): \(TerminalText.safe(friend.fullName))"
                                      : "Gave friend \(id) a photo: \(TerminalText.safe(friend.fullName))")
        } catch .notFound {
            throw CommandFailure("No friend has the id \(id) (see nearby friends list).")
        } catch {
            throw CommandFailure("Cannot change the photo: \(friends.sentence(error))")
        }
    }

    /// The photo in the form the store keeps, from a picture file; a file that is no picture is a bad value.
    static func storedPhoto(from path: String) throws(CommandFailure) -> [UInt8] {
        let data = try FriendsImportCommand.contents(of: path)
        do throws(PictureFailure) {
            return try StoredPhoto.prepare(Array(data))
        } catch {
            throw CommandFailure.badValue("Cannot use \(TerminalText.safe(path)) as a photo: \(error.words).")
        }
    }
}
