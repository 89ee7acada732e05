import FoundationEssentials

/// One exchange as the transport runs it: built and checked on the caller's side, so the engine thread only
/// hands it to libcurl.
struct TransferRequest: Sendable {
    var url: String
    var method: String
    /// "Name: value" lines, already checked for line breaks.
    var headerLines: [String]
    var body: Data?
    /// The whole exchange, connecting included.
    var timeoutMilliseconds: Int
    var maxBodySize: Int
    /// A download: the body goes to this file, and the transfer ends only when it stalls (below 1 KB/s for a
    /// minute) rather than at `timeoutMilliseconds`.
    var sink: DownloadSink?

    /// The exchange's time limit in whole milliseconds, at least one (libcurl reads zero as "no limit").
    static func milliseconds(_ duration: Duration) -> Int {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 1 }
        // A limit beyond a day is no limit a user would wait for; the cap keeps the arithmetic in range.
        let seconds = min(parts.seconds, 86_400)
        let milliseconds = Int(seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
        return max(1, milliseconds)
    }
}
