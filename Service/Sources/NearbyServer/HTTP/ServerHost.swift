import Foundation

/// What the server may bind to.
public enum ServerHost {
    /// Whether `host` only accepts connections from this machine (127.0.0.0/8, ::1, localhost).
    public static func isLoopback(_ host: String) -> Bool {
        let trimmed = host.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).lowercased()
        if trimmed == "localhost" || trimmed == "::1" || trimmed == "0:0:0:0:0:0:0:1" { return true }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }
}
