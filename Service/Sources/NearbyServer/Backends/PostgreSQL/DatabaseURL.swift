import Foundation

/// A `postgresql://user:password@host:port/database?sslmode=…` address, read without ever showing the
/// password: `description` replaces it, so the URL can go into logs and error messages.
public struct DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, Hashable {
        /// No TLS (`sslmode=disable`): loopback and private networks.
        case disable
        /// TLS when the server offers it (`prefer`, the default, and `allow`).
        case prefer
        /// TLS or nothing, with the server's certificate checked (`require`, `verify-ca`, `verify-full`).
        case require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// Reads `text`; the error names what is wrong without repeating the password.
    public init(_ text: String) throws(DatabaseURLError) {
        guard let schemeEnd = text.range(of: "://") else { throw .notAURL }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgresql" || scheme == "postgres" else { throw .wrongScheme(scheme) }
        var rest = Substring(text[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userInfo: Substring?
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        // Host and port: "host", "host:5432", "[::1]:5432".
        var hostPart = rest
        var portText: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw .badHost }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw .badHost }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portText = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        host = hostPart.isEmpty ? "localhost" : String(hostPart).removingPercentEncoding ?? String(hostPart)
        if let portText {
            guard let port = Int(portText), (1...65_535).contains(port) else { throw .badPort }
            self.port = port
        } else {
            port = 5432
        }
        if let userInfo {
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            username = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            password = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
        } else {
            username = ProcessInfo.processInfo.environment["USER"] ?? "postgres"
            password = nil
        }
        let name = String(path).removingPercentEncoding ?? String(path)
        database = name.isEmpty ? username : name
        tls = .prefer
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "sslmode":
                switch parts[1] {
                case "disable": tls = .disable
                case "allow", "prefer": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default: throw .badOption("sslmode=\(parts[1])")
                }
            case "password" where password == nil:
                password = String(parts[1]).removingPercentEncoding
            case "user":
                username = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            default:
                continue
            }
        }
        guard !username.isEmpty else { throw .noUser }
    }

    /// The URL with the password shown as "***".
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let credentials = password == nil ? username : "\(username):***"
        return "postgresql://\(credentials)@\(shownHost):\(port)/\(database)"
    }

    /// "host:port", the short name of a server in logs and `/readyz`.
    public var server: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why a database URL could not be used; never quotes the URL itself (it may hold a password).
public enum DatabaseURLError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAURL
    case wrongScheme(String)
    case badHost
    case badPort
    case badOption(String)
    case noUser

    public var description: String {
        switch self {
        case .notAURL: "The database must be a URL such as postgresql://user:password@host:5432/nearby."
        case .wrongScheme(let scheme): "The database URL must start with postgresql://, not \(scheme)://."
        case .badHost: "The database URL's host is not valid."
        case .badPort: "The database URL's port must be a number from 1 to 65535."
        case .badOption(let option): "The database URL's \(option) is not one PostgreSQL knows."
        case .noUser: "The database URL names no user."
        }
    }
}
