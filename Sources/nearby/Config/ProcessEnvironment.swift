import FoundationEssentials

/// The environment settings are read from: the process's, or one a test sets for the task it runs.
enum ProcessEnvironment {
    @TaskLocal static var values: [String: String] = ProcessInfo.processInfo.environment
}
