import FoundationEssentials

/// Reads vCard 3.0 and 4.0 files (RFC 6350, RFC 2426) into friends, a chunk at a time, so a file of any
/// size is read in constant memory. A card that cannot be read becomes an issue with its line number, and
/// the cards around it are read as usual.
public struct VCardParser {
    private var lines = VCardLineReader()
    private var cards = CardSequence()

    public init() {}

    /// Reads all of `bytes` at once.
    public static func parse<Bytes: ContiguousBytes>(_ bytes: Bytes) -> [VCardEntry] {
        var parser = VCardParser()
        return parser.read(bytes) + parser.finish()
    }

    /// Reads the next chunk of the file; returns the entries it completes, in file order.
    public mutating func read<Bytes: ContiguousBytes>(_ bytes: Bytes) -> [VCardEntry] {
        // The line reader calls back into the card sequence; both move into locals for the call, so the
        // callback does not touch `self` while `lines` is being mutated (exclusive access).
        var reader = VCardLineReader()
        var sequence = CardSequence()
        swap(&reader, &lines)
        swap(&sequence, &cards)
        defer {
            swap(&reader, &lines)
            swap(&sequence, &cards)
        }
        var entries: [VCardEntry] = []
        bytes.withUnsafeBytes { raw in
            reader.read(raw) { line, number, truncated in
                sequence.consume(line, number: number, truncated: truncated, into: &entries)
            }
        }
        return entries
    }

    /// Ends the file: returns the entries of whatever was still open (a card without `END:VCARD`).
    public mutating func finish() -> [VCardEntry] {
        var entries: [VCardEntry] = []
        var sequence = cards
        lines.finish { line, number, truncated in
            sequence.consume(line, number: number, truncated: truncated, into: &entries)
        }
        sequence.finish(into: &entries)
        cards = sequence
        return entries
    }
}

/// The BEGIN/END structure of a file: which lines belong to which card, and what lies outside any card.
private struct CardSequence {
    private var card: VCardCardBuilder?
    /// The first line of a run of lines that belong to no card.
    private var strayStart: Int?
    /// A vCard 2.1 quoted-printable line that ended in `=`: it continues on the next line, unindented. The
    /// pieces are appended in place (each byte copied once), and the line was looked at for its encoding once,
    /// when it began: a chain of a million soft breaks costs what its bytes cost.
    private var softBreak: (bytes: [UInt8], number: Int, truncated: Bool)?

    mutating func consume(_ line: [UInt8], number: Int, truncated: Bool, into entries: inout [VCardEntry]) {
        if var pending = softBreak {
            softBreak = nil
            pending.bytes.removeLast() // the `=` that broke the line
            let room = VCardLineReader.maxLineBytes - pending.bytes.count
            if line.count > room {
                pending.bytes.append(contentsOf: line.prefix(max(0, room)))
                pending.truncated = true
            } else {
                pending.bytes.append(contentsOf: line)
            }
            pending.truncated = pending.truncated || truncated
            if !pending.truncated, line.last == UInt8(ascii: "=") {
                softBreak = pending
                return
            }
            consumeLogical(pending.bytes, number: pending.number, truncated: pending.truncated, into: &entries)
            return
        }
        if !truncated, line.last == UInt8(ascii: "="), VCardContentLine.declaresQuotedPrintable(line) {
            softBreak = (line, number, false)
            return
        }
        consumeLogical(line, number: number, truncated: truncated, into: &entries)
    }

    private mutating func consumeLogical(_ line: [UInt8], number: Int, truncated: Bool,
                                         into entries: inout [VCardEntry]) {
        // A byte order mark, which some editors put before the first line, is not part of it.
        let bytes = number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(line.dropFirst(3)) : line
        guard let (name, nameEnd) = VCardContentLine.propertyName(of: bytes) else {
            if card == nil, strayStart == nil { strayStart = number }
            return
        }
        switch name {
        case "BEGIN" where VCardContentLine.valueIsVCard(bytes, nameEnd: nameEnd):
            if let open = card {
                entries.append(.issue(VCardIssue(
                    line: open.startLine, reason: "the card has no END:VCARD before the next card on line \(number)")))
            }
            reportStray(into: &entries)
            card = VCardCardBuilder(startLine: number)
        case "END" where VCardContentLine.valueIsVCard(bytes, nameEnd: nameEnd):
            if let open = card {
                entries.append(open.build())
                card = nil
            } else {
                reportStray(into: &entries)
                entries.append(.issue(VCardIssue(line: number, reason: "END:VCARD without BEGIN:VCARD")))
            }
        default:
            guard card != nil else {
                if strayStart == nil { strayStart = number }
                return
            }
            guard VCardCardBuilder.readProperties.contains(name) else { return }
            if truncated {
                card?.addTruncated(name: name, line: number)
            } else if let property = VCardContentLine.parse(bytes) {
                card?.add(property)
            }
        }
    }

    mutating func finish(into entries: inout [VCardEntry]) {
        if let pending = softBreak {
            softBreak = nil
            consumeLogical(pending.bytes, number: pending.number, truncated: pending.truncated, into: &entries)
        }
        if let open = card {
            entries.append(.issue(VCardIssue(line: open.startLine, reason: "the card has no END:VCARD")))
            card = nil
        }
        reportStray(into: &entries)
    }

    private mutating func reportStray(into entries: inout [VCardEntry]) {
        guard let start = strayStart else { return }
        entries.append(.issue(VCardIssue(line: start, reason: "not vCard text (outside BEGIN:VCARD … END:VCARD)")))
        strayStart = nil
    }
}
