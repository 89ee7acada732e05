import Foundation
import PackagePlugin

/// Writes the version (the repository's VERSION file, the one place it is kept) and the commit the build was made
/// from into a Swift file of the target, before every build, so `nearby --version` names both wherever the binary
/// is copied. The script rewrites the file only when a value changed, so an unchanged tree rebuilds nothing.
@main
struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Stamp")
        let script = context.package.directoryURL.appending(path: "scripts/build-stamp")
        return [.prebuildCommand(displayName: "Stamping the version and commit",
                                 executable: URL(filePath: "/bin/sh"),
                                 arguments: [script.path, context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
