import CCurl
import FoundationEssentials

/// One libcurl easy handle and what its callbacks gather: the body up to the cap and the last response's
/// header fields. Lives on the engine thread only, from creation to cleanup.
final class CurlTransfer {
    let ticket: TransferTicket
    let easy: UnsafeMutableRawPointer
    private let curl: CurlLibrary
    private let maxBodySize: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var headers = ResponseHeaderLines()
    private var headerBytes = 0
    private var abort: CurlFailure.Abort?
    /// A download's file, and whether its body has begun (with the answer's status).
    private let sink: DownloadSink?
    private var sinkStatus: Int?
    private var written: Int64 = 0

    /// Above this the header section is hostile, not an answer.
    private static let maxHeaderBytes = 256 * 1024
    /// Connecting alone never waits longer than this, even under a long time limit.
    private static let maxConnectMilliseconds = 30_000

    /// Prepares the handle; throws when libcurl refuses an option (an old or unusual build).
    init(_ request: TransferRequest, ticket: TransferTicket, curl: CurlLibrary) throws(HTTPFailure) {
        guard let easy = nearby_curl_easy_init(curl.api) else { throw .cannotConnect("could not start a transfer") }
        self.easy = easy
        self.curl = curl
        self.ticket = ticket
        self.maxBodySize = request.maxBodySize
        self.sink = request.sink
        try configure(request)
    }

    deinit {
        // The engine removes the handle from its multi handle before letting go of the transfer.
        nearby_curl_easy_cleanup(curl.api, easy)
        if let headerList { nearby_curl_slist_free_all(curl.api, headerList) }
    }

    /// The answer, or why there is none, once libcurl reports the transfer done with `code`.
    func result(_ code: CURLcode) -> TransferResult {
        guard code == CURLE_OK, abort == nil else {
            return .failure(CurlFailure.failure(for: code, abort: abort, limit: maxBodySize))
        }
        var status = 0
        guard nearby_curl_getinfo_long(curl.api, easy, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status > 0 else {
            return .failure(.badBody("The answer was not HTTP."))
        }
        return .success(HTTPClient.Response(status: status, headers: headers.fields, body: body))
    }

    private func configure(_ request: TransferRequest) throws(HTTPFailure) {
        let timeout = request.timeoutMilliseconds
        try set(CURLOPT_URL, request.url)
        // Signals cannot time out a resolver on a thread that is not the main one.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, 5)
        if request.sink != nil {
            // A region's extract takes as long as it takes; a transfer that stalls is the one to stop.
            try set(CURLOPT_TIMEOUT_MS, 0)
            try set(CURLOPT_LOW_SPEED_LIMIT, 1024)
            try set(CURLOPT_LOW_SPEED_TIME, 60)
        } else {
            try set(CURLOPT_TIMEOUT_MS, timeout)
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, min(timeout, Self.maxConnectMilliseconds))
        // An empty list offers every decoding this libcurl has (gzip, deflate, …) and decodes the answer.
        try set(CURLOPT_ACCEPT_ENCODING, "")
        // A declared length above the cap fails before any of the body is read.
        try check(nearby_curl_setopt_off_t(curl.api, easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodySize)))
        try configureMethod(request)
        try configureHeaders(request.headerLines)
        try configureCallbacks()
    }

    private func configureMethod(_ request: TransferRequest) throws(HTTPFailure) {
        let method = request.method.uppercased()
        switch method {
        case "GET" where request.body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case "HEAD" where request.body == nil:
            try set(CURLOPT_NOBODY, 1)
        default:
            if request.body != nil || ["POST", "PUT", "PATCH"].contains(method) {
                // The size first, so that a body holding zero bytes is copied whole, and an empty one still
                // goes out with "Content-Length: 0".
                let body = request.body ?? Data()
                try check(nearby_curl_setopt_off_t(curl.api, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                let code = body.withUnsafeBytes { bytes -> CURLcode in
                    guard let base = bytes.baseAddress else { return nearby_curl_setopt_str(curl.api, easy, CURLOPT_COPYPOSTFIELDS, "") }
                    return nearby_curl_setopt_ptr(curl.api, easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
                }
                try check(code)
            }
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, request.method) }
        }
    }

    private func configureHeaders(_ lines: [String]) throws(HTTPFailure) {
        var list: UnsafeMutablePointer<curl_slist>?
        var lines = lines
        // libcurl would otherwise hold a larger body back for a "100 Continue" that many servers never send.
        if !lines.contains(where: { $0.lowercased().hasPrefix("expect:") }) { lines.append("Expect:") }
        for line in lines {
            guard let longer = nearby_curl_slist_append(curl.api, list, line) else {
                if let list { nearby_curl_slist_free_all(curl.api, list) }
                throw .cannotConnect("out of memory")
            }
            list = longer
        }
        headerList = list
        try check(nearby_curl_setopt_slist(curl.api, easy, CURLOPT_HTTPHEADER, list))
    }

    private func configureCallbacks() throws(HTTPFailure) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        try check(nearby_curl_setopt_write_callback(curl.api, easy, CURLOPT_WRITEFUNCTION, { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
        }))
        try check(nearby_curl_setopt_ptr(curl.api, easy, CURLOPT_WRITEDATA, me))
        try check(nearby_curl_setopt_write_callback(curl.api, easy, CURLOPT_HEADERFUNCTION, { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
        }))
        try check(nearby_curl_setopt_ptr(curl.api, easy, CURLOPT_HEADERDATA, me))
    }

    /// Returns how much was taken; anything else makes libcurl stop the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if let sink {
            if sinkStatus == nil {
                var status = 0
                _ = nearby_curl_getinfo_long(curl.api, easy, CURLINFO_RESPONSE_CODE, &status)
                sinkStatus = status
                if (200...299).contains(status) {
                    guard sink.begin(status: status) else { abort = .fileWriteFailed; return 0 }
                    written = status == 206 ? sink.resumeFrom : 0
                }
            }
            // An error's body is read into memory, as any answer's, for the caller's message.
            if let status = sinkStatus, (200...299).contains(status) {
                guard sink.write(bytes) else { abort = .fileWriteFailed; return 0 }
                written += Int64(bytes.count)
                sink.progress(written)
                return bytes.count
            }
        }
        // A download's error page is read only so far: its file is what may be large.
        guard body.count + bytes.count <= (sink == nil ? maxBodySize : 64 * 1024) else {
            abort = .bodyTooLarge
            body = Data()
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        headerBytes += bytes.count
        guard headerBytes <= Self.maxHeaderBytes else {
            abort = .headersTooLarge
            return 0
        }
        headers.add(bytes)
        return bytes.count
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPFailure) {
        try check(nearby_curl_setopt_long(curl.api, easy, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPFailure) {
        // libcurl copies string options, so the C string need not outlive the call.
        try check(nearby_curl_setopt_str(curl.api, easy, option, value))
    }

    private func check(_ code: CURLcode) throws(HTTPFailure) {
        guard code == CURLE_OK else { throw .cannotConnect("could not prepare the request (curl \(code.rawValue))") }
    }
}
