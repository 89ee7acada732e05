import FoundationEssentials
import Glibc

/// `nearby-server`, the service's own program, installed beside `nearby`. The service links SwiftNIO,
/// PostgreSQL's client and TLS, and with them all of Foundation; kept apart, `nearby` itself stays small
/// (see docs/decisions/http-server.md). `nearby serve` and `nearby import --database` become it.
enum ServerProgram {
    static let name = "nearby-server"

    /// Where it should be: the folder of the running `nearby`.
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        return String(executable[...slash]) + name
    }

    /// Replaces this process with `nearby-server arguments…`, adding `environment` to the current one. Returns
    /// only by throwing: the program is missing, or cannot be started.
    static func become(arguments: [String], environment extra: [String: String] = [:]) throws -> Never {
        guard let path = path(), access(path, X_OK) == 0 else {
            let folder = path().map { String($0.dropLast(name.count)) } ?? "the folder of nearby"
            throw CommandFailure("This needs the \(name) program beside nearby (in \(folder)); install it with "
                                 + "nearby (swift build builds both: .build/…/\(name)).")
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
