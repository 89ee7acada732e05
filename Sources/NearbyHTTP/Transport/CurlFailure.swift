import CCurl

/// How libcurl's result codes read as `HTTPFailure`. Details name the kind of failure only: a URL (which may
/// carry an API key) never gets into a message.
enum CurlFailure {
    /// Why the transport stopped a transfer itself from one of its callbacks.
    enum Abort: Sendable {
        case bodyTooLarge, headersTooLarge
        /// A download's file refused the bytes (the sink keeps the error).
        case fileWriteFailed
    }

    static func failure(for code: CURLcode, abort: Abort?, limit: Int) -> HTTPFailure {
        switch abort {
        case .bodyTooLarge: return .tooLarge(limit: limit)
        case .headersTooLarge: return .badBody("header section too large")
        case .fileWriteFailed: return .badBody("the file could not be written")
        case nil: break
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect("connection refused")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotConnect("host not found")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            return .cannotConnect("secure connection failed")
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: limit)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .cannotConnect("connection lost")
        case CURLE_PARTIAL_FILE:
            return .badBody("the answer was cut short")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .badBody("unreadable HTTP answer (curl \(code.rawValue))")
        case CURLE_TOO_MANY_REDIRECTS:
            return .cannotConnect("too many redirects")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .cannotConnect("not an http(s) address")
        case CURLE_URL_MALFORMAT:
            return .cannotConnect("not a valid address")
        case CURLE_OUT_OF_MEMORY:
            return .cannotConnect("out of memory")
        default:
            return .cannotConnect("transfer failed (curl \(code.rawValue))")
        }
    }
}
