import FoundationEssentials

/// Why an HTTP exchange failed, so each caller can map it to words that fit its screen.
public enum HTTPFailure: Error, Hashable, Sendable {
    /// No complete answer within the request's time limit.
    case timeout
    /// The host could not be reached (refused, unknown host, no network); the detail is for logs.
    case cannotConnect(String)
    /// The server answered with a status outside 200–299; `body` is the start of what it sent.
    case status(Int, body: Data)
    /// The answer could not be read (not JSON, wrong shape, broken transfer).
    case badBody(String)
    /// The answer was larger than the client accepts.
    case tooLarge(limit: Int)
    /// The caller's task was cancelled.
    case cancelled
    /// libcurl, which live sources use, is not installed or too old; the detail is for logs.
    case networkLibraryMissing(String)

    /// What to do when libcurl is missing, in every screen's and command's words for it.
    public static let networkLibraryAdvice = "Live sources need libcurl (apt install libcurl4)."

    /// A sentence a user understands.
    public var message: String {
        switch self {
        case .timeout: "The server took too long to answer."
        case .cannotConnect: "Could not connect to the server."
        case .status(let code, _): "The server answered with an error (HTTP \(code))."
        case .badBody: "The server's answer could not be read."
        case .tooLarge(let limit): "The server's answer was larger than \(limit / 1024) KB."
        case .cancelled: "The request was cancelled."
        case .networkLibraryMissing: Self.networkLibraryAdvice
        }
    }
}
