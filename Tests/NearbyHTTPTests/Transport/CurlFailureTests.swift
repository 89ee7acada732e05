import CCurl
import Testing
@testable import NearbyHTTP

@Suite("CurlFailure")
struct CurlFailureTests {
    @Test("libcurl's codes read as the failures callers handle")
    func mapping() {
        let cases: [(CURLcode, HTTPFailure)] = [
            (CURLE_OPERATION_TIMEDOUT, .timeout),
            (CURLE_COULDNT_CONNECT, .cannotConnect("connection refused")),
            (CURLE_COULDNT_RESOLVE_HOST, .cannotConnect("host not found")),
            (CURLE_PEER_FAILED_VERIFICATION, .cannotConnect("secure connection failed")),
            (CURLE_SSL_CONNECT_ERROR, .cannotConnect("secure connection failed")),
            (CURLE_FILESIZE_EXCEEDED, .tooLarge(limit: 100)),
            (CURLE_GOT_NOTHING, .cannotConnect("connection lost")),
            (CURLE_RECV_ERROR, .cannotConnect("connection lost")),
            (CURLE_PARTIAL_FILE, .badBody("the answer was cut short")),
            (CURLE_TOO_MANY_REDIRECTS, .cannotConnect("too many redirects")),
        ]
        for (code, expected) in cases {
            #expect(CurlFailure.failure(for: code, abort: nil, limit: 100) == expected, "curl code \(code.rawValue)")
        }
        guard case .badBody = CurlFailure.failure(for: CURLE_WEIRD_SERVER_REPLY, abort: nil, limit: 100) else {
            Issue.record("a weird reply should be an unreadable body")
            return
        }
    }

    @Test("a transfer the body cap stopped is .tooLarge whatever code libcurl gives")
    func abortedByCap() {
        #expect(CurlFailure.failure(for: CURLE_WRITE_ERROR, abort: .bodyTooLarge, limit: 42) == .tooLarge(limit: 42))
        guard case .badBody = CurlFailure.failure(for: CURLE_WRITE_ERROR, abort: .headersTooLarge, limit: 42) else {
            Issue.record("a header flood should be an unreadable answer")
            return
        }
    }

    @Test("an unknown code names the code, never an address")
    func unknownCode() {
        #expect(CurlFailure.failure(for: CURLE_LDAP_SEARCH_FAILED, abort: nil, limit: 1)
                    == .cannotConnect("transfer failed (curl \(CURLE_LDAP_SEARCH_FAILED.rawValue))"))
    }
}

@Suite("TransferRequest")
struct TransferRequestTests {
    @Test("time limits become whole milliseconds, never zero (libcurl's 'no limit')")
    func milliseconds() {
        #expect(TransferRequest.milliseconds(.milliseconds(300)) == 300)
        #expect(TransferRequest.milliseconds(.seconds(15)) == 15_000)
        #expect(TransferRequest.milliseconds(.zero) == 1)
        #expect(TransferRequest.milliseconds(.microseconds(10)) == 1)
        #expect(TransferRequest.milliseconds(.seconds(-5)) == 1)
        #expect(TransferRequest.milliseconds(.seconds(Int64.max)) == 86_400_000)
    }
}
