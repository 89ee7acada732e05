import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate behind `HTTPClient`: gathers each task's body up to a cap and hands the outcome
/// to the waiting caller exactly once.
final class ResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
    /// Why the client ended a task itself, which decides the failure its caller sees.
    enum Ending: Sendable {
        case cancelled, timedOut, tooLarge
    }

    private struct Pending {
        var limit: Int
        var data = Data()
        var ending: Ending?
        var continuation: CheckedContinuation<Result<HTTPClient.Response, HTTPFailure>, Never>?
        /// The outcome, when the task finished before its caller started waiting.
        var outcome: Result<HTTPClient.Response, HTTPFailure>?
    }

    private let pending = Mutex<[Int: Pending]>([:])

    func register(_ id: Int, limit: Int) {
        pending.withLock { $0[id] = Pending(limit: limit) }
    }

    func attach(_ id: Int, _ continuation: CheckedContinuation<Result<HTTPClient.Response, HTTPFailure>, Never>) {
        let ready: Result<HTTPClient.Response, HTTPFailure>? = pending.withLock { all in
            if let outcome = all[id]?.outcome {
                all[id] = nil
                return outcome
            }
            all[id]?.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Forgets a task that was never started.
    func discard(_ id: Int) {
        pending.withLock { $0[id] = nil }
    }

    /// Records why the client is about to cancel a task; the first reason wins.
    func end(_ id: Int, because ending: Ending) {
        pending.withLock { all in
            if all[id] != nil, all[id]?.ending == nil { all[id]?.ending = ending }
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let declared = dataTask.response?.expectedContentLength ?? -1
        let overflow = pending.withLock { all -> Bool in
            guard var entry = all[id], entry.ending == nil else { return false }
            if declared > Int64(entry.limit) || entry.data.count + data.count > entry.limit {
                entry.ending = .tooLarge
                entry.data = Data()
                all[id] = entry
                return true
            }
            entry.data.append(data)
            all[id] = entry
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        let waiting: (CheckedContinuation<Result<HTTPClient.Response, HTTPFailure>, Never>,
                      Result<HTTPClient.Response, HTTPFailure>)? = pending.withLock { all in
            guard let entry = all[id] else { return nil }
            let outcome = Self.outcome(of: entry, response: task.response, error: error)
            if let continuation = entry.continuation {
                all[id] = nil
                return (continuation, outcome)
            }
            all[id]?.outcome = outcome
            return nil
        }
        if let (continuation, outcome) = waiting { continuation.resume(returning: outcome) }
    }

    private static func outcome(of entry: Pending, response: URLResponse?, error: (any Error)?)
        -> Result<HTTPClient.Response, HTTPFailure> {
        switch entry.ending {
        case .cancelled: return .failure(.cancelled)
        case .timedOut: return .failure(.timeout)
        case .tooLarge: return .failure(.tooLarge(limit: entry.limit))
        case nil: break
        }
        if let error { return .failure(failure(for: error)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.badBody("The answer was not HTTP."))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return .success(HTTPClient.Response(status: http.statusCode, headers: headers, body: entry.data))
    }

    /// Details name the kind of failure only: a URL (which may carry an API key) never gets into a message.
    private static func failure(for error: any Error) -> HTTPFailure {
        guard let urlError = error as? URLError else { return .cannotConnect("connection failed") }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .badServerResponse, .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse,
             .dataLengthExceedsMaximum:
            return .badBody("unreadable HTTP answer (URLError \(urlError.code.rawValue))")
        case .cannotConnectToHost: return .cannotConnect("connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .cannotConnect("host not found")
        case .notConnectedToInternet: return .cannotConnect("no network")
        case .networkConnectionLost: return .cannotConnect("connection lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .cannotConnect("secure connection failed")
        default: return .cannotConnect("URLError \(urlError.code.rawValue)")
        }
    }
}
