import Foundation
import Testing

/// Compares screen text with a snapshot file beside the tests (`__Snapshots__/NAME.txt`).
///
/// A missing file is written and the test fails once, so a new snapshot is always looked at; set
/// `NEARBY_RECORD_SNAPSHOTS=1` to rewrite them all after an intended change.
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation,
                    filePath: String = #filePath) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent(name + ".txt")
    let framed = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "|" }.joined(separator: "\n") + "\n"
    let record = ProcessInfo.processInfo.environment["NEARBY_RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? framed.write(to: file, atomically: true, encoding: .utf8)
        if !record { Issue.record("Recorded a new snapshot \(name); check it and run again", sourceLocation: sourceLocation) }
        return
    }
    #expect(framed == expected, "Snapshot \(name) differs:\n\(framed)", sourceLocation: sourceLocation)
}
