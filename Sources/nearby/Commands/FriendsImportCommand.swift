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
                summary = try await Self.importCards(VCardParser.parse(data), into: friends.repository)
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
    static func importCards(_ entries: [VCardEntry],
                            into repository: any FriendsRepository) async throws(FriendsError) -> FriendsImportSummary {
        var known = try await repository.listFriends()
        var summary = FriendsImportSummary()
        for entry in entries {
            switch entry {
            case .issue(let issue):
                summary.issues.append(issue)
            case .contact(let contact):
                if known.contains(where: { FriendIdentity.same($0, as: contact.draft) }) {
                    summary.duplicates += 1
                    continue
                }
                do throws(FriendsError) {
                    known.append(try await repository.addFriend(contact.draft))
                    summary.imported += 1
                    summary.warnings += contact.warnings
                    if contact.photo != nil {
                        summary.warnings.append(VCardIssue(
                            line: contact.line, reason: "photo left out: the friends service keeps no photos"))
                    }
                } catch .invalid(_, let reason) {
                    summary.issues.append(VCardIssue(line: contact.line, reason: "refused by the service: \(reason)"))
                }
            }
        }
        return summary
    }
}
