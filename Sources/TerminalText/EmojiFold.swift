/// Folds emoji sequences to scalars whose width every terminal agrees on, scalar by scalar.
///
/// Terminals disagree on the width of a cluster of several emoji scalars: tmux 3.3a joins a family emoji
/// (man, ZWJ, woman, ZWJ, girl, ZWJ, boy) into one cell of two columns, glibc's `wcwidth` counts eight, and
/// others draw four faces. A cell buffer that believes one count while the terminal shows another leaves stale
/// text on screen (docs/decisions/terminal-text.md). So, as a cluster is written:
/// - a ZWJ sequence keeps its first emoji ("👨‍👩‍👧‍👦" is drawn as "👨"),
/// - a skin-tone modifier after an emoji, a variation selector, the keycap mark and tag characters go
///   ("👍🏽" as "👍", "❤️" as "❤", "1️⃣" as "1", a subdivision flag as its black flag),
/// - a regional indicator is its letter (the flag "🇱🇮" as "LI").
///
/// What is left is single scalars measured by `DisplayWidth.of(_:)`, which every terminal that follows
/// `wcwidth` draws at that width. Folding needs no look-ahead, so the cell writer folds while it writes and
/// allocates nothing; a fold's decisions depend only on scalars of the same grapheme cluster, so measuring a
/// string character by character gives the same total as measuring it whole.
public struct EmojiFold {
    /// The last scalar kept: a ZWJ or skin-tone modifier after an emoji belongs to it.
    @usableFromInline var base: Unicode.Scalar = " "
    /// A ZWJ followed an emoji: the next emoji joins it, and goes.
    @usableFromInline var joining = false

    public init() {}

    /// The scalar to draw for `scalar`, or nil when it is folded away. Inlinable: the cell writer of another
    /// module folds every scalar it writes.
    @inlinable @inline(__always)
    public mutating func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        // Below the ZWJ nothing folds (the Latin, Greek, Cyrillic, Hebrew, Arabic and Indic blocks, and the
        // ASCII that starts a keycap, whose mark goes below).
        if v < 0x200D {
            base = scalar
            joining = false
            return scalar
        }
        switch v {
        case 0x200D:
            joining = Self.isPictograph(base)
            return nil
        case 0xFE0E, 0xFE0F, 0x20E3, 0xE0020...0xE007F:
            return nil
        case 0x1F1E6...0x1F1FF:
            let letter = Unicode.Scalar(UInt8(v - 0x1F1E6) + UInt8(ascii: "A"))
            base = letter
            joining = false
            return letter
        case 0x1F3FB...0x1F3FF where joining || Self.isPictograph(base):
            // A modifier of the emoji before it (a lone one is an emoji of its own, kept below).
            return nil
        default:
            break
        }
        if joining {
            joining = false
            if Self.isPictograph(scalar) { return nil }
        }
        base = scalar
        return scalar
    }

    /// An emoji that a ZWJ or a skin tone may follow; not the digits, `#` and `*` that start keycaps.
    @usableFromInline
    static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xA9 && scalar.properties.isEmoji
    }

    /// `text` as it is drawn: every emoji sequence folded.
    public static func folded(_ text: String) -> String {
        var fold = EmojiFold()
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let kept = fold.fold(scalar) { out.append(kept) }
        }
        return String(out)
    }
}
