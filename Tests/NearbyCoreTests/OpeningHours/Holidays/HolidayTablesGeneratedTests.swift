import Foundation
import TestSupport
import Testing
@testable import NearbyCore

/// The built-in tables are generated: the checked-in file must be what scripts/make-holiday-tables writes
/// today, so a hand edit (which the next run of the script would silently undo) fails here.
@Suite("Holidays: the generated tables",
       .enabled(if: GeneratedTables.canRegenerate, "python3 with holidays==0.109 is missing (see .ci/run)"))
struct HolidayTablesGeneratedTests {
    @Test func theCheckedInTablesAreWhatTheScriptWrites() async throws {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("holiday-tables-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        try await Command.output("python3", [GeneratedTables.script.path, output.path])
        let written = try Data(contentsOf: output)
        let checkedIn = try Data(contentsOf: GeneratedTables.checkedIn)
        #expect(written == checkedIn, "run scripts/make-holiday-tables and commit what it writes")
    }
}

/// Every table reads, whatever python has (a country whose text did not would be unknown every day), and the
/// tables' quick reader gives what a user's calendar file with the same lines would.
@Suite("Holidays: the generated tables read")
struct HolidayTablesParseTests {
    @Test func everyTableReadsAsACalendarFile() throws {
        #expect(HolidayTables.generated.count == 69)
        for (code, text) in HolidayTables.generated {
            let days = try #require(HolidayTables.days(of: text), "\(code)")
            let file = try HolidayCalendarFile(parsing: text)
            let asFile = HolidayCalendar(name: "", years: Set(HolidayTables.years), publicDays: [:]).adding(file, name: "")
            #expect(days == asFile.publicDays, "\(code)")
        }
    }

    @Test func aLineTheScriptDoesNotWriteIsRefused() {
        #expect(HolidayTables.days(of: "PH 2026-01-01 New Year") != nil)
        for text in ["SH 2026-01-01 x", "PH 2026-1-01 x", "PH 02-30 x", "PH 2026-01-01", "-PH 01-01 x"] {
            #expect(HolidayTables.days(of: text) == nil, "\(text)")
        }
    }
}

enum GeneratedTables {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/make-holiday-tables")
    static let checkedIn = root.appendingPathComponent("Sources/NearbyCore/OpeningHours/Holidays/HolidayTables+Generated.swift")

    /// The script refuses any release but the pinned one, so the test runs only where that one is installed.
    static let canRegenerate: Bool =
        (try? Command.runBlocking("python3", ["-c", "import holidays, sys; sys.exit(holidays.__version__ != '0.109')"],
                                  errors: .discarded))?.exit == .exited(0)
}
