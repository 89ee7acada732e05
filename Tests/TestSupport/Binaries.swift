import Foundation

/// The executables built beside the test bundle.
public enum Binaries {
    /// The `nearby` binary of this build.
    public static var nearby: String { path(of: "nearby") }

    public static func path(of name: String) -> String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/debug/\(name)").path
    }
}
