import CTerminalSupport
import Glibc
import TerminalView

/// What a terminal answered when asked about pictures: whether it checked kitty's one-pixel picture, whether its
/// device attributes list sixels (4), its name (XTVERSION), and its cells' size in pixels.
public struct GraphicsReplies: Equatable, Sendable {
    public var kitty = false
    public var sixel = false
    public var name: String?
    public var cell: Size?
    /// Whether the device attributes came: every terminal answers them, after the queries before them.
    public var complete = false

    public init() {}

    /// The protocol to draw pictures with: kitty's first (whole pictures above the cells, deleted by a command),
    /// then iTerm2's (the terminal names itself), then sixels.
    public var graphics: GraphicsProtocol? {
        if kitty { return .kitty }
        if let name, name.hasPrefix("iTerm2") { return .iterm2 }
        return sixel ? .sixel : nil
    }

    /// Reads the answers out of what the terminal sent, ignoring anything else (keys typed meanwhile).
    public static func parse(_ bytes: [UInt8]) -> GraphicsReplies {
        var replies = GraphicsReplies()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "_"): // APC: kitty's answer, "Gi=31;OK"
                let (body, next) = string(in: bytes, from: index + 2)
                if body.hasPrefix("Gi=31"), body.hasSuffix(";OK") { replies.kitty = true }
                index = next
            case UInt8(ascii: "P"): // DCS: the name, ">|iTerm2 3.5.0"
                let (body, next) = string(in: bytes, from: index + 2)
                if body.hasPrefix(">|") {
                    let name = String(body.dropFirst(2).prefix(64)).filter { !$0.isASCII || ($0.asciiValue ?? 0) >= 0x20 }
                    replies.name = name
                }
                index = next
            case UInt8(ascii: "["): // CSI: the device attributes (?…c) or the cell size (6;h;wt)
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) || bytes[end] == UInt8(ascii: "?") {
                    end += 1
                }
                guard end < bytes.count else { return replies }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if bytes[end] == UInt8(ascii: "c"), body.hasPrefix("?") {
                    let parameters = body.dropFirst().split(separator: ";")
                    replies.sixel = parameters.contains("4")
                    replies.complete = true
                } else if bytes[end] == UInt8(ascii: "t") {
                    let numbers = body.split(separator: ";").compactMap { Int($0) }
                    if numbers.count == 3, numbers[0] == 6, (1...1000).contains(numbers[1]),
                       (1...1000).contains(numbers[2]) {
                        replies.cell = Size(width: numbers[2], height: numbers[1])
                    }
                }
                index = end + 1
            default:
                index += 1
            }
        }
        return replies
    }

    /// The text of a string sequence starting at `start`, up to its ST (ESC \) or BEL, and where parsing goes on.
    private static func string(in bytes: [UInt8], from start: Int) -> (String, Int) {
        var end = start
        while end < bytes.count {
            if bytes[end] == 0x07 { return (String(decoding: bytes[start..<end], as: UTF8.self), end + 1) }
            if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") {
                return (String(decoding: bytes[start..<end], as: UTF8.self), end + 2)
            }
            end += 1
        }
        return (String(decoding: bytes[start..<end], as: UTF8.self), end)
    }
}

/// Asks the terminal what pictures it can show, once, as the session starts: kitty's graphics query, the
/// terminal's name (XTVERSION), its cells' size (XTWINOPS 16) and its device attributes, which every terminal
/// answers last, so the wait ends as soon as the answers are in.
enum GraphicsProbe {
    static let query: [UInt8] = KittyGraphics.query + Array("\u{1B}[>0q\u{1B}[16t\u{1B}[c".utf8)
    /// How long a terminal that never answers delays the start.
    static let timeoutMilliseconds: Int32 = 400

    static func ask(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> GraphicsReplies {
        var reply = [UInt8](repeating: 0, count: 1024)
        let length = query.withUnsafeBufferPointer { query in
            nearby_tty_exchange(input, output, query.baseAddress, UInt(query.count), &reply, UInt(reply.count),
                                timeoutMilliseconds)
        }
        guard length > 0 else { return GraphicsReplies() }
        return GraphicsReplies.parse(Array(reply.prefix(length)))
    }

    /// A cell's size in pixels from the tty, where the terminal tells it.
    static func cellFromTTY(_ size: Size, fd: Int32 = STDOUT_FILENO) -> Size? {
        var width: Int32 = 0, height: Int32 = 0
        guard size.width > 0, size.height > 0, nearby_tty_pixels(fd, &width, &height) == 0, width > 0, height > 0
        else { return nil }
        let cell = Size(width: Int(width) / size.width, height: Int(height) / size.height)
        return cell.width > 0 && cell.height > 0 ? cell : nil
    }
}
