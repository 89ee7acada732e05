import Foundation
import Testing
@testable import nearby

@Suite("Log file")
struct LogFileTests {
    /// Two nearby processes on one data folder each open the log; with O_APPEND every line lands at the end,
    /// whoever writes it. (Opened and positioned at the end once, the second would write over the first.)
    @Test func twoWritersNeverOverwriteEachOther() throws {
        let folder = temporaryFolder("log")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nearby.log"
        let first = LogFile(path: path)
        let second = LogFile(path: path)
        for index in 0..<50 {
            first.append("first \(index) starting on search:Amarone; places from local\n")
            second.append("second \(index) quit\n")
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 100)
        #expect(lines.filter { $0.hasPrefix("first ") && $0.hasSuffix("places from local") }.count == 50)
        #expect(lines.filter { $0.hasPrefix("second ") && $0.hasSuffix(" quit") }.count == 50)

        // A third opening later appends too, and leaves what is there.
        LogFile(path: path).append("third\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("second 49 quit\nthird\n"))
    }
}
