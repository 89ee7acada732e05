import TerminalView

/// The few commands of kitty's graphics protocol Nearby writes itself; the pictures are written by libchafa.
/// Each asks for no answer (`q=2`), which would otherwise arrive as keys.
enum KittyGraphics {
    /// Deletes every picture on screen and frees its pixels.
    static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// Deletes the pictures over the cell `point` (counted from 0) and frees their pixels.
    static func delete(at point: Point) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=P,x=\(point.x + 1),y=\(point.y + 1),q=2\u{1B}\\".utf8)
    }

    /// Asks whether the terminal speaks the protocol: a one-pixel picture it should check but not keep. Kitty,
    /// WezTerm, Ghostty and Konsole answer `ESC _ G i=31;OK ESC \`; others ignore it.
    static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
}
