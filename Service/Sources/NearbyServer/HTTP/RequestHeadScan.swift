/// Where a request head being read stands, and the check of each piece against `HTTPLimits`: what
/// `RequestHeadGuard` runs on every read. It has no I/O of its own, so it can be driven (and fuzzed) byte by byte.
struct RequestHeadScan: Sendable {
    enum Verdict: Equatable, Sendable {
        /// The head's end has not arrived yet.
        case incomplete
        /// The head ended; `bodyStart` is the index, in the bytes just scanned, of the first byte after it.
        case complete(bodyStart: Int)
        case refused(HeadRefusal)
    }

    /// Bytes of the current line so far, without its line feed.
    private var line = 0
    /// Whether the last byte of the current line so far is a carriage return.
    private var endsWithCR = false
    /// Complete lines so far, the request line included.
    private var lines = 0
    /// Bytes of complete header lines.
    private var headerBytes = 0
    /// Bytes of the empty lines before the request line: they count toward its limit, or a client could send
    /// line ends for ever and have them all held.
    private var leadingBytes = 0

    init() {}

    /// Walks `bytes` line by line (a `memchr` per line, not a look at every byte in Swift).
    mutating func scan(_ bytes: UnsafeRawBufferPointer, limits: HTTPLimits) -> Verdict {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else {
                let count = bytes.endIndex - index
                line += count
                endsWithCR = bytes[bytes.endIndex - 1] == 0x0D
                // Refuse a line as soon as it is too long, not when (if ever) its end arrives.
                return check(lineLength: line - (endsWithCR ? 1 : 0), complete: false, limits: limits)
            }
            let count = newline - index
            let lineEndsWithCR = count > 0 ? bytes[newline - 1] == 0x0D : endsWithCR
            let raw = line + count
            let length = raw - (lineEndsWithCR ? 1 : 0)
            index = newline + 1
            line = 0
            endsWithCR = false
            if length == 0 {
                // An empty line before the request line is tolerated (RFC 9112 §2.2); after it, it ends the head.
                if lines == 0 {
                    leadingBytes += raw + 1
                    if leadingBytes > limits.requestLine { return .refused(.requestLineTooLong) }
                    continue
                }
                return .complete(bodyStart: index)
            }
            if case .refused(let refusal) = check(lineLength: length, complete: true, limits: limits) {
                return .refused(refusal)
            }
            if lines > 0 { headerBytes += length }
            lines += 1
        }
        return .incomplete
    }

    private func check(lineLength: Int, complete: Bool, limits: HTTPLimits) -> Verdict {
        if lines == 0 {
            return leadingBytes + lineLength > limits.requestLine ? .refused(.requestLineTooLong) : .incomplete
        }
        if lineLength > limits.headerLine { return .refused(.headerLineTooLong) }
        if headerBytes + lineLength > limits.allHeaders { return .refused(.headersTooLarge) }
        // `lines` counts the request line, so header lines so far are `lines - 1`, plus this one.
        if complete, lines > limits.headerCount { return .refused(.tooManyHeaders) }
        return .incomplete
    }
}

/// Why a request was refused before the routes saw it: by its head, before the HTTP decoder, or by how slowly
/// it arrived.
enum HeadRefusal: Sendable {
    case requestLineTooLong
    case headerLineTooLong
    case headersTooLarge
    case tooManyHeaders
    case headTimedOut
    case bodyTimedOut
    /// The connection cap was full and this request had been arriving the longest: its connection made room.
    case evicted

    var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headerLineTooLong, .headersTooLarge, .tooManyHeaders: 431
        case .headTimedOut, .bodyTimedOut, .evicted: 408
        }
    }

    func message(_ limits: HTTPLimits) -> String {
        switch self {
        case .requestLineTooLong: "The request line is longer than \(limits.requestLine) bytes."
        case .headerLineTooLong: "A header line is longer than \(limits.headerLine) bytes."
        case .headersTooLarge: "The headers are larger than \(limits.allHeaders) bytes in all."
        case .tooManyHeaders: "More than \(limits.headerCount) header lines."
        case .headTimedOut: "The request headers did not arrive within \(limits.headerReadTimeout)."
        case .bodyTimedOut:
            "The request body did not arrive within \(limits.bodyReadTimeout) plus a second per "
                + "\(limits.bodyBytesPerSecond) bytes."
        case .evicted: "The server is full and this request was the slowest to arrive; send it again."
        }
    }
}
