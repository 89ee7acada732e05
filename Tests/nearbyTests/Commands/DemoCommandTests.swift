import Foundation
import NearbyData
import Testing
@testable import nearby

struct DemoCommandTests {
    @Test func makesTheDemoBesideTheStoreAndLeavesTheStoreAlone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-demo-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = try DemoCommand.parse(["--data-dir", folder.path, "--places", "40"])
        try await demo.run()
        #expect(FileManager.default.fileExists(atPath: DemoTown.file(in: folder).path))
        #expect(!FileManager.default.fileExists(atPath: DataLocation.storeFile(in: folder).path))
    }

    @Test func aCountOutOfRangeIsRefused() {
        #expect(throws: (any Error).self) { _ = try DemoCommand.parse(["--places", "0"]) }
    }
}
