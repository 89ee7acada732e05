import Foundation

/// Keeps the descriptors of this (test) process out of the tools it spawns.
enum InheritedDescriptors {
    /// Marks every open descriptor above standard error close-on-exec, so a spawned tool gets only what its
    /// file actions give it. Tests run in parallel: a tmux server or `nearby serve` that inherited another
    /// test's pipe would keep it open, and that test's read would wait for the process to end.
    static func seal() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let descriptor = Int32(name), descriptor > 2 else { continue }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }
}
