import FoundationEssentials

/// Where a replication feed stands (its `state.txt`): the latest sequence number and the time of its data.
/// Osmosis writes it as Java properties, colons escaped: `sequenceNumber=4321`, `timestamp=2026-12-05T20\:21\:02Z`.
public struct ReplicationState: Hashable, Sendable {
    public var sequence: Int64
    /// Seconds since 1970.
    public var timestamp: Int64

    public init(sequence: Int64, timestamp: Int64) {
        self.sequence = sequence
        self.timestamp = timestamp
    }

    /// Reads a state file; nil when it names no sequence number or no readable timestamp.
    public static func parse(_ data: Data) -> ReplicationState? {
        var sequence: Int64?
        var timestamp: Int64?
        for line in String(decoding: data.prefix(64 * 1024), as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].filter { $0 != " " && $0 != "\t" })
            let value = String(line[line.index(after: equals)...].filter { $0 != "\\" && $0 != " " && $0 != "\t" })
            switch key {
            case "sequenceNumber": sequence = Int64(value).flatMap { $0 >= 0 ? $0 : nil }
            case "timestamp": timestamp = Self.seconds(iso8601: value)
            default: break
            }
        }
        guard let sequence, let timestamp else { return nil }
        return ReplicationState(sequence: sequence, timestamp: timestamp)
    }

    /// "2026-12-05T20:21:02Z" → seconds since 1970.
    static func seconds(iso8601 text: String) -> Int64? {
        StoreDate.date(from: text).map { Int64($0.timeIntervalSince1970.rounded()) }
    }
}

/// The addresses of a replication feed: `BASE/state.txt`, and for sequence 1234567 `BASE/001/234/567.osc.gz`
/// with its `BASE/001/234/567.state.txt`.
public struct ReplicationFeed: Hashable, Sendable {
    public var base: String

    public init(base: String) {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.base = trimmed
    }

    public var stateURL: String { base + "/state.txt" }

    public func changesURL(_ sequence: Int64) -> String { base + "/" + Self.path(sequence) + ".osc.gz" }
    public func stateURL(_ sequence: Int64) -> String { base + "/" + Self.path(sequence) + ".state.txt" }

    static func path(_ sequence: Int64) -> String {
        func three(_ value: Int64) -> String {
            let text = String(value % 1000)
            return String(repeating: "0", count: 3 - text.count) + text
        }
        return "\(three(sequence / 1_000_000))/\(three(sequence / 1000))/\(three(sequence))"
    }
}
