import Foundation
import Testing
@testable import nearby

/// Where `nearby serve` finds `nearby-server`, which the service's own package builds: beside `nearby` first
/// (the Debian package, a copy beside it), else on `PATH`; and what it says when there is none.
@Suite("ServerProgram")
struct ServerProgramTests {
    private func executable(in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + ServerProgram.name
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func besideNearbyComesFirstThenTheFoldersOfPath() throws {
        let folder = temporaryFolder("server-program")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let beside = try executable(in: folder + "/bin")
        let onPath = try executable(in: folder + "/path")
        let missing = folder + "/nowhere/" + ServerProgram.name
        #expect(ServerProgram.find(beside: beside, searchPath: folder + "/path") == beside)
        #expect(ServerProgram.find(beside: missing, searchPath: "/nonexistent:" + folder + "/path") == onPath)
        #expect(ServerProgram.find(beside: missing, searchPath: "/nonexistent") == nil)
    }

    @Test func aRelativeFolderOfPathIsNeverSearched() throws {
        let folder = temporaryFolder("server-program")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try executable(in: folder + "/here")
        let relative = String(folder.dropFirst()) + "/here" // relative to /, the current folder of no test
        #expect(ServerProgram.find(beside: nil, searchPath: "here:" + relative) == nil)
    }

    @Test func aMissingServerSaysWhereItLookedAndHowToBuildIt() {
        let message = ServerProgram.missing(folder: "/opt/nearby/bin")
        #expect(message.contains("beside nearby (in /opt/nearby/bin) or on PATH"))
        #expect(message.contains("swift build --package-path Service"))
    }
}
