import ArgumentParser
import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData

/// `nearby friends import FILE.vcf`: adds the friends of a vCard file.
struct FriendsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import friends from a vCard file (3.0 or 4.0).",
        discussion: "Cards that cannot be read are listed as FILE:LINE: reason; the others are imported. "
            + "Friends already in the address book (same name and phone) are skipped."
    )

    @OptionGroup var source: FriendsSourceOptions

    @Argument(help: "The vCard file (.vcf).", completion: .file(extensions: ["vcf", "vcard"]))
    var file: String

    func run() async throws {
        let shownName = TerminalText.safe(file)
        let data = try Self.contents(of: file)
        let friends = try source.open()
        let summary: FriendsImportSummary
        do throws(FriendsError) {
            if let local = friends.local {
                summary = try await local.importVCard(data, photoFetcher: friends.photoFetcher)
            } else {
                let entries = VCardParser.parse(data)
                let photos = await LocalFriendsRepository.storedPhotos(of: entries, fetcher: friends.photoFetcher)
                summary = try await Self.importCards(entries, into: friends.repository, photos: photos)
            }
        } catch {
            throw CommandFailure("Nothing imported: \(friends.sentence(error))")
        }
        for issue in summary.issues {
            Console.errorLine("\(shownName):\(issue.line): \(TerminalText.safe(issue.reason))")
        }
        for warning in summary.warnings {
            Console.errorLine("\(shownName):\(warning.line): \(TerminalText.safe(warning.reason)) (friend imported)")
        }
        var line = "Imported \(NumberText.grouped(summary.imported)) \(summary.imported == 1 ? "friend" : "friends")"
        if summary.photos > 0 { line += " with \(NumberText.counted(summary.photos, "photo", "photos"))" }
        var notes: [String] = []
        if summary.duplicates > 0 { notes.append("\(NumberText.grouped(summary.duplicates)) already in the address book") }
        if !summary.issues.isEmpty {
            notes.append("\(summary.issues.count) \(summary.issues.count == 1 ? "card" : "cards") could not be read")
        }
        if !notes.isEmpty { line += " (\(notes.joined(separator: ", ")))" }
        Console.line(line + ".")
        if summary.imported == 0 && summary.duplicates == 0 {
            throw CommandFailure("No friends could be read from \(shownName).")
        }
    }

    /// The file's bytes, mapped rather than read (the parser streams through them); a failure in words.
    static func contents(of path: String) throws(CommandFailure) -> Data {
        let shown = TerminalText.safe(path)
        switch FileSystem.kind(of: path) {
        case .folder: throw CommandFailure("Cannot read \(shown): it is a folder, not a vCard file.")
        case .missing: throw CommandFailure("Cannot read \(shown): no such file.")
        case .other: throw CommandFailure("Cannot read \(shown): it is not a regular file.")
        case .file: break
        }
        guard access(path, R_OK) == 0 else {
            throw CommandFailure("Cannot read \(shown): \(FileSystem.reason(errno)).")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw CommandFailure("Cannot read \(shown).")
        }
    }

    /// Adds the cards to a friends service one by one, skipping friends it has already.
    /// `photos` are the cards' photos in the stored form (by index), given to the new friends; a service that
    /// keeps no photos leaves them out with a warning.
    static func importCards(_ entries: [VCardEntry], into repository: any FriendsRepository & FriendPhotos,
                            photos: [Int: CardPhoto]) async throws(FriendsError) -> FriendsImportSummary {
        var known = try await repository.listFriends()
        var summary = FriendsImportSummary()
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .issue(let issue):
                summary.issues.append(issue)
            case .contact(let contact):
                if known.contains(where: { FriendIdentity.same($0, as: contact.draft) }) {
                    summary.duplicates += 1
                    continue
                }
                do throws(FriendsError) {
                    let friend = try await repository.addFriend(contact.draft)
                    known.append(friend)
                    summary.imported += 1
                    summary.warnings += contact.warnings
                    switch photos[index] {
                    case .kept(let photo)?:
                        do throws(FriendsError) {
                            try await repository.setPhoto(photo, of: friend.id)
                            summary.photos += 1
                        } catch {
                            let reason = if case .network(let words) = error { words } else { "\(error)" }
                            summary.warnings.append(VCardIssue(line: contact.line, reason: "photo left out: \(reason)"))
                        }
                    case .leftOut(let issue)?: summary.warnings.append(issue)
                    case nil: break
                    }
                } catch .invalid(_, let reason) {
                    summary.issues.append(VCardIssue(line: contact.line, reason: "refused by the service: \(reason)"))
                }
            }
        }
        return summary
    }
}
