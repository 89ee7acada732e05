import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import _ConnectionPoolModule

/// What a failed database call means for the client and the operator: whether the database was unavailable
/// (unreachable, not answering in time, shutting down: a 503 worth retrying shortly) or answered with an error
/// (a 500), and why, in plain words. postgres-nio's errors print their Swift type names ("ConnectionPoolError(
/// base: …circuitBreakerTripped)"), which `/readyz`, the log and the command line must not show.
public enum DatabaseFailure {
    /// Whether `error` says the database could not be reached or did not answer, rather than that it refused
    /// the statement: the same request may well succeed in a few seconds.
    public static func isUnavailable(_ error: any Error) -> Bool {
        switch error {
        case is DeadlineExceeded, is ConnectionPoolError, is NIOConnectionError, is IOError, is ChannelError:
            return true
        case let error as PostgresTransactionError:
            let parts: [(any Error)?] = [error.beginError, error.closureError, error.commitError, error.rollbackError]
            return parts.contains { $0.map(isUnavailable) ?? false }
        case let error as PSQLError:
            switch error.code {
            case .server:
                // Connection exceptions (08), too many connections and other exhausted resources (53), and the
                // server shutting down or starting up (57P01–57P03).
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57P")
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                 .queryCancelled:
                return true
            default:
                return false
            }
        default:
            return false
        }
    }

    /// A failure in one line of plain words: the server's own message when it sent one, else what happened to
    /// the connection. Never a Swift type name, the query text or connection details.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as DeadlineExceeded:
            return error.description
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying, !(underlying is PSQLError) { return describe(underlying) }
            return describe(code: error.code)
        case let error as PostgresTransactionError:
            let parts: [(any Error)?] = [error.beginError, error.closureError, error.commitError, error.rollbackError]
            return parts.compactMap { $0 }.first.map(describe) ?? "the transaction failed"
        case let error as ConnectionPoolError:
            switch error {
            case .connectionCreationCircuitBreakerTripped: return "new connections keep failing"
            case .poolShutdown: return "the service is stopping"
            default: return "the request for a connection was cancelled"
            }
        case let error as NIOConnectionError:
            return error.connectionErrors.first.map { describe($0.error) } ?? "cannot connect"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout(let limit) = error {
                return "no connection within \(Deadline.spoken(.nanoseconds(limit.nanoseconds)))"
            }
            return "the connection failed"
        default:
            return "the database call failed"
        }
    }

    private static func describe(code: PSQLError.Code) -> String {
        switch code {
        case .serverClosedConnection, .uncleanShutdown: "the server closed the connection"
        case .clientClosedConnection, .poolClosed: "the connection was closed"
        case .queryCancelled: "the query was cancelled"
        case .sslUnsupported: "the server does not offer TLS"
        case .authMechanismRequiresPassword: "the server wants a password"
        case .unsupportedAuthMechanism: "the server asks for a kind of login this client does not support"
        case .saslError: "the login failed"
        case .connectionError: "cannot connect"
        default: "the database answered something this server cannot read"
        }
    }
}
