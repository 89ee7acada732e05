import FoundationEssentials
import Glibc

/// `nearby-server`, the service's own program, installed beside `nearby`. The service links SwiftNIO,
/// PostgreSQL's client and TLS, and with them all of Foundation; kept apart, `nearby` itself stays small
/// (see docs/decisions/http-server.md), and its code is a package of its own (Service/), so building the app
/// never builds it. `nearby serve` and `nearby import --database` become it.
enum ServerProgram {
    static let name = "nearby-server"

    /// Where it is: the folder of the running `nearby` (the package installs both in /usr/bin), else the first
    /// on `PATH` (a service built from Service/ and put somewhere of its own).
    static func installed() -> String? {
        find(beside: besideNearby(), searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    /// The first executable of `beside` and the program in each absolute folder of `searchPath`; relative
    /// folders are skipped, so the current directory never supplies a server.
    static func find(beside: String?, searchPath: String) -> String? {
        if let beside, access(beside, X_OK) == 0 { return beside }
        for folder in searchPath.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The folder of the running `nearby`, with the program's name.
    static func besideNearby() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        return String(executable[...slash]) + name
    }

    /// What a user reads when there is none: where it was looked for and how to get it.
    static func missing(folder: String?) -> String {
        "This needs the \(name) program, beside nearby (in \(folder ?? "the folder of nearby")) or on PATH. The "
            + "package installs it; from a clone, build it with `swift build --package-path Service` and copy "
            + "Service/.build/…/\(name) there (docs/service.md)."
    }

    /// Replaces this process with `nearby-server arguments…`, adding `environment` to the current one. Returns
    /// only by throwing: the program is missing, or cannot be started.
    static func become(arguments: [String], environment extra: [String: String] = [:]) throws -> Never {
        guard let path = installed() else {
            throw CommandFailure(missing(folder: besideNearby().map { String($0.dropLast(name.count + 1)) }))
        }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        // The service starts clean: no signal blocked or ignored that this process changed.
        var empty = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, nil)
        // The standard signals (1–31); real-time ones are not changed by nearby.
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
            Glibc.signal(signal, SIG_DFL)
        }
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(path, argv, envp)
        let reason = String(cString: strerror(errno))
        throw CommandFailure("Cannot start \(path): \(reason)")
    }
}
