import Foundation
import Testing
import TestSupport

/// ctrl-c or SIGTERM during `nearby import`: the store stays as it was, the temporary files go, and the command
/// ends as the signal would (128 + its number).
struct ImportInterruptionTests {
    /// The Liechtenstein extract: large enough that its import is under way when the signal comes.
    static let extract = SharedData.liechtenstein?.path

    @Test(.enabled(if: extract != nil && FileManager.default.isExecutableFile(atPath: NearbyProcess.binary.path),
                   "\(SharedData.absentMessage), or the nearby binary is not built"),
          arguments: [SIGINT, SIGTERM])
    func anInterruptedImportLeavesTheStoreAsItWas(signal: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("store")
        let process = try ChildProcess(NearbyProcess.binary.path, ["import", "--data-dir", store.path, try #require(Self.extract)])
        // The temporary folder beside the store says the import is under way.
        var started = false
        for _ in 0..<600 where !started {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
            started = names.contains { $0.hasPrefix("tmp-import-") }
            if !started { try await Task.sleep(for: .milliseconds(10)) }
        }
        try #require(started, "the import never made its temporary folder")
        process.signal(signal)
        #expect(await process.wait() == .exited(128 + signal))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
        #expect(!left.contains { $0.hasPrefix("tmp-import-") }, "\(left)")
        // Nothing was imported: the places command finds an empty store.
        let places = try await NearbyProcess.run(["places", "--data-dir", store.path, "--near", "47.14,9.52"], in: folder)
        #expect(places.stderr.contains("holds no places yet"), "\(places.stderr)")
    }
}
