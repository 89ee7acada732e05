import Dispatch
import Foundation

/// The `nearby` binary run as its own process, as a user or a script runs it: output in files, waited for on
/// a thread of its own (never a Swift task's), spawned with an empty signal mask and default dispositions.
struct NearbyProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary built beside this test bundle.
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("nearby")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/nearby")
    }

    /// Runs `program` (`nearby` unless given) with `arguments` and waits for it to exit.
    /// - Parameter prefix: words before the program, such as `setpriv --reuid=nobody …`.
    static func run(_ arguments: [String], prefix: [String] = [], environment: [String: String] = [:],
                    in folder: URL) async throws -> Result {
        let out = folder.appendingPathComponent("out-\(UUID().uuidString.prefix(8))")
        let err = folder.appendingPathComponent("err-\(UUID().uuidString.prefix(8))")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let words = prefix + [binary.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        let fullEnvironment = env
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try spawnAndWait(words, environment: fullEnvironment, stdout: out, stderr: err) })
            }
        }
        return Result(status: status, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    struct SpawnFailure: Error { var code: Int32 }

    private static func spawnAndWait(_ words: [String], environment: [String: String], stdout: URL,
                                     stderr: URL) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, words[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnFailure(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
