import ArgumentParser
import Foundation
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

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The vCard file (.vcf).")
    var file: String

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let shownName = FriendsOutput.safe(file)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            FriendsOutput.error("nearby: cannot read \(shownName): it is a folder, not a vCard file")
            throw ExitCode.failure
        }
        let data: Data
        do {
            // Mapped, not read: the parser streams through it, so a large file costs little memory.
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            FriendsOutput.error("nearby: cannot read \(shownName): \(Self.reason(error))")
            throw ExitCode.failure
        }
        let repository = LocalFriendsRepository(database: try global.openStore())
        let summary: FriendsImportSummary
        do {
            summary = try await repository.importVCard(data)
        } catch {
            FriendsOutput.error("nearby: nothing imported: \(FriendsOutput.describe(error))")
            throw ExitCode.failure
        }
        for issue in summary.issues {
            FriendsOutput.error("\(shownName):\(issue.line): \(FriendsOutput.safe(issue.reason))")
        }
        for warning in summary.warnings {
            FriendsOutput.error("\(shownName):\(warning.line): \(FriendsOutput.safe(warning.reason)) (friend imported)")
        }
        var line = "Imported \(summary.imported) \(summary.imported == 1 ? "friend" : "friends")"
        var notes: [String] = []
        if summary.duplicates > 0 { notes.append("\(summary.duplicates) already in the address book") }
        if !summary.issues.isEmpty {
            notes.append("\(summary.issues.count) \(summary.issues.count == 1 ? "card" : "cards") could not be read")
        }
        if !notes.isEmpty { line += " (\(notes.joined(separator: ", ")))" }
        print(line + ".")
        if summary.imported == 0 && summary.duplicates == 0 {
            FriendsOutput.error("nearby: no friends could be read from \(shownName).")
            throw ExitCode.failure
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            default: break
            }
        }
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return nsError.localizedDescription
    }
}
