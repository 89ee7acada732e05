/// A terminal colour: the terminal's default, one of the eight ANSI colours, or a 256-colour index.
public enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case indexed(UInt8)

    /// The ANSI number (0–7, or the 256-colour index); -1 for the default.
    public var number: Int {
        switch self {
        case .default: -1
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .indexed(let n): Int(n)
        }
    }
}

/// Text attributes a terminal can show without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    /// Whether a blank cell drawn in `other` looks the same as one drawn in this style: a space shows only its
    /// background, unless reversed (the foreground becomes the background) or underlined.
    public func drawsBlankLike(_ other: Style) -> Bool {
        let visibleOnBlank: TextAttributes = [.reverse, .underline]
        return background == other.background && attributes.isDisjoint(with: visibleOnBlank)
            && other.attributes.isDisjoint(with: visibleOnBlank)
    }

    public func adding(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// The style in one word, for cells: foreground and background codes (9 bits each), then the attributes.
    var packed: UInt32 {
        UInt32(foreground.code) | UInt32(background.code) << 9 | UInt32(attributes.rawValue) << 18
    }

    init(packed: UInt32) {
        self.init(foreground: Color(code: UInt16(packed & 0x1FF)), background: Color(code: UInt16(packed >> 9 & 0x1FF)),
                  attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: packed >> 18)))
    }
}

extension Color {
    /// A lossless small number: 0 the default, 1–8 the named colours, 9 + n `indexed(n)`.
    var code: UInt16 {
        switch self {
        case .default: 0
        case .indexed(let n): 9 + UInt16(n)
        default: UInt16(number + 1)
        }
    }

    init(code: UInt16) {
        switch code {
        case 0: self = .default
        case 1: self = .black
        case 2: self = .red
        case 3: self = .green
        case 4: self = .yellow
        case 5: self = .blue
        case 6: self = .magenta
        case 7: self = .cyan
        case 8: self = .white
        default: self = .indexed(UInt8(truncatingIfNeeded: code - 9))
        }
    }
}
