import TerminalText

/// The few control sequences Nearby writes besides curses' own: OSC 52 (set the clipboard) and OSC 8
/// (hyperlinks). Only sanitised, bounded content goes in: a place name or URL from the data can never end the
/// sequence early and smuggle its own.
public enum TerminalControl {
    /// The most text one copy carries. Terminals cap OSC 52 themselves (xterm: about 100 kB of base64); an
    /// address or a phone number is far shorter.
    public static let maxClipboardBytes = 4_096
    /// The longest URL made a link; a longer one is shown as plain text.
    public static let maxLinkBytes = 2_048

    /// `ESC ] 52 ; c ; BASE64 ESC \`: puts `text` on the system clipboard through the terminal (tmux passes it
    /// on with `set-clipboard on`). Control characters and bidi overrides are replaced first; nil when nothing
    /// is left or the text is longer than `maxClipboardBytes`.
    public static func clipboard(_ text: String) -> [UInt8]? {
        let clean = TextSanitizer.sanitize(text)
        let bytes = Array(clean.utf8)
        guard !bytes.isEmpty, bytes.count <= maxClipboardBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + base64(bytes) + stringTerminator
    }

    /// The URL as a link target, or nil when it is not one to offer: only http, https, mailto, tel and geo,
    /// only printable ASCII without spaces (a link with anything else is not worth the risk), at most
    /// `maxLinkBytes`.
    public static func linkTarget(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLinkBytes,
              bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let lowered = text.lowercased()
        let schemes = ["http://", "https://", "mailto:", "tel:", "geo:"]
        guard schemes.contains(where: { lowered.hasPrefix($0) && lowered.count > $0.count }) else { return nil }
        return text
    }

    /// `ESC ] 8 ; ; URL ESC \`: the cells written next link to `target` (from `linkTarget`).
    public static func linkStart(_ target: String) -> [UInt8] {
        Array("\u{1B}]8;;".utf8) + Array(target.utf8) + stringTerminator
    }

    /// `ESC ] 8 ; ; ESC \`: ends the link.
    public static let linkEnd: [UInt8] = Array("\u{1B}]8;;".utf8) + stringTerminator

    /// What makes the frame's links clickable once curses has drawn it: for each link, save the cursor and
    /// attributes (DECSC), go to its first cell, open the link, write its cells again as they are (same text,
    /// same style, and the app's marks as `glyphs` sends them, so the screen does not change), close the link,
    /// and restore (DECRC). Empty without links.
    public static func linkOverlay(_ frame: CellBuffer, glyphs: GlyphSet = .unicode) -> [UInt8] {
        var out: [UInt8] = []
        for link in frame.links where link.y >= 0 && link.y < frame.size.height {
            let columns = max(0, link.columns.lowerBound)..<min(frame.size.width, link.columns.upperBound)
            guard !columns.isEmpty else { continue }
            out += Array("\u{1B}7\u{1B}[\(link.y + 1);\(columns.lowerBound + 1)H".utf8)
            out += linkStart(link.target)
            var style: Style?
            for x in columns {
                let cell = frame[x, link.y]
                if cell.isContinuation { continue }
                if cell.style != style {
                    style = cell.style
                    out += sgr(cell.style)
                }
                out += Array(cell.folded(glyphs).text.utf8)
            }
            out += linkEnd
            out += Array("\u{1B}8".utf8)
        }
        return out
    }

    /// `ESC \`, which ends an OSC string everywhere (BEL is not understood by every terminal).
    static let stringTerminator: [UInt8] = [0x1B, 0x5C]

    /// The SGR that draws `style` from a reset: `ESC [ 0 ; … m`.
    public static func sgr(_ style: Style) -> [UInt8] {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.italic) { codes.append("3") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        codes += colorCodes(style.foreground, base: 30)
        codes += colorCodes(style.background, base: 40)
        return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }

    private static func colorCodes(_ color: Color, base: Int) -> [String] {
        switch color {
        case .default: []
        case .indexed(let n): ["\(base + 8)", "5", "\(n)"]
        default: ["\(base + color.number)"]
        }
    }

    /// Standard base64 with padding (RFC 4648), the encoding OSC 52 asks for.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)],
                    alphabet[Int(n & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let n = UInt32(bytes[index]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 0x3D]
        }
        return out
    }
}
