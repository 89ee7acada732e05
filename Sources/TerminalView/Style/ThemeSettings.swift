/// The roles a user may restyle, by the names the config file's `[colors]` table uses.
public enum ThemeRole: String, CaseIterable, Sendable {
    case text, title, muted, accent, selection, header, footer
    case keyHint = "key_hint"
    case border, error
    /// A place that is open now.
    case open
    /// A place that closes soon.
    case closing
    case spinner
    case fieldLabel = "field_label"
    case fieldText = "field_text"
    case fieldFocused = "field_focused"

    /// The theme's style for this role.
    var keyPath: WritableKeyPath<Theme, Style> {
        switch self {
        case .text: \.text
        case .title: \.title
        case .muted: \.secondary
        case .accent: \.accent
        case .selection: \.selection
        case .header: \.header
        case .footer: \.footer
        case .keyHint: \.keyHint
        case .border: \.border
        case .error: \.error
        case .open: \.success
        case .closing: \.warning
        case .spinner: \.spinner
        case .fieldLabel: \.fieldLabel
        case .fieldText: \.fieldText
        case .fieldFocused: \.fieldFocused
        }
    }
}

/// The built-in themes `theme = "…"` names.
public enum ThemeName: String, CaseIterable, Sendable {
    /// Light text on the terminal's dark background, blue bars.
    case standard = "default"
    /// For terminals with a light background: no yellow or cyan text, which fade on white.
    case light
    /// Strong pairs only (black on yellow, white on red), no dim text.
    case highContrast = "high-contrast"
    /// No colour at all, as with NO_COLOR: reverse video, bold, underline and dim.
    case mono
}

/// The theme a user chose and the roles they restyled (`theme` and `[colors]` in the config file).
public struct ThemeSettings: Sendable, Equatable {
    public var name: ThemeName
    public var overrides: [ThemeRole: Style]
    /// `images = "auto" | "blocks" | "sextants" | "kitty" | "sixel" | "iterm2" | "off"`.
    public var images: ImagesSetting

    public init(name: ThemeName = .standard, overrides: [ThemeRole: Style] = [:], images: ImagesSetting = .auto) {
        self.name = name
        self.overrides = overrides
        self.images = images
    }

    /// The styles for a terminal with `support`. Without colour (NO_COLOR, a monochrome terminal, or "mono") the
    /// mono theme is used and only the attributes of a restyled role apply, so NO_COLOR always wins. `graphics`
    /// is the protocol the terminal said it shows pictures with, `cell` its cells' size in pixels.
    public func theme(for support: ColorSupport, glyphs: GlyphSet = .unicode, graphics: GraphicsProtocol? = nil,
                      cell: Size? = nil) -> Theme {
        let colorless = support == .monochrome || name == .mono
        var theme: Theme = switch name {
        case _ where colorless: Theme.make(.monochrome, glyphs: glyphs)
        case .standard, .mono: Theme.make(support, glyphs: glyphs)
        case .light: Theme.light(glyphs: glyphs)
        case .highContrast: Theme.highContrast(glyphs: glyphs)
        }
        for (role, style) in overrides {
            theme[keyPath: role.keyPath] = colorless
                ? (style.attributes.isEmpty ? theme[keyPath: role.keyPath] : Style(attributes: style.attributes))
                : style
        }
        theme.pictures = images.mode(support: support, glyphs: glyphs, colorless: colorless, graphics: graphics,
                                     cell: cell ?? GraphicsSupport.defaultCell)
        return theme
    }
}

extension Theme {
    static func light(glyphs: GlyphSet) -> Theme {
        Theme(text: .plain,
              title: Style(foreground: .blue, attributes: .bold),
              secondary: Style(foreground: .magenta),
              accent: Style(foreground: .blue, attributes: .bold),
              selection: Style(foreground: .white, background: .blue, attributes: .bold),
              header: Style(foreground: .white, background: .blue, attributes: .bold),
              footer: Style(foreground: .white, background: .black),
              keyHint: Style(foreground: .white, background: .black, attributes: .bold),
              border: Style(foreground: .blue),
              error: Style(foreground: .red, attributes: .bold),
              success: Style(foreground: .green, attributes: .bold),
              warning: Style(foreground: .magenta, attributes: .bold),
              spinner: Style(foreground: .magenta, attributes: .bold),
              fieldLabel: Style(attributes: .bold),
              fieldText: Style(attributes: .underline),
              fieldFocused: Style(foreground: .white, background: .blue),
              dialog: Style(foreground: .black, background: .white),
              glyphs: glyphs)
    }

    static func highContrast(glyphs: GlyphSet) -> Theme {
        Theme(text: .plain,
              title: Style(foreground: .white, attributes: [.bold, .underline]),
              secondary: .plain,
              accent: Style(foreground: .yellow, attributes: .bold),
              selection: Style(foreground: .black, background: .yellow, attributes: .bold),
              header: Style(foreground: .black, background: .white, attributes: .bold),
              footer: Style(foreground: .black, background: .white),
              keyHint: Style(foreground: .black, background: .yellow, attributes: .bold),
              border: Style(foreground: .white),
              error: Style(foreground: .white, background: .red, attributes: .bold),
              success: Style(foreground: .green, attributes: .bold),
              warning: Style(foreground: .yellow, attributes: .bold),
              spinner: Style(foreground: .yellow, attributes: .bold),
              fieldLabel: Style(attributes: .bold),
              fieldText: Style(attributes: .underline),
              fieldFocused: Style(foreground: .black, background: .yellow),
              dialog: Style(foreground: .black, background: .white),
              glyphs: glyphs)
    }
}

/// A style as the config file writes it: "white on blue bold", "yellow", "color208 on default underline", "bold".
public struct StyleSpec {
    public struct Problem: Error, Equatable {
        public let reason: String
    }

    static let colorNames: [String: Color] = [
        "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan, "white": .white,
    ]
    static let attributeNames: [String: TextAttributes] = [
        "bold": .bold, "dim": .dim, "reverse": .reverse, "underline": .underline, "italic": .italic,
    ]

    /// Parses a spec: an optional foreground, an optional "on BACKGROUND", then attributes, separated by spaces.
    public static func parse(_ text: String) throws(Problem) -> Style {
        var words = text.lowercased().split(separator: " ").map(String.init)[...]
        guard !words.isEmpty else { throw Problem(reason: "a style needs a colour or an attribute, such as \"white on blue bold\"") }
        var style = Style()
        if let first = words.first, let color = try color(first) {
            style.foreground = color
            words.removeFirst()
        }
        if words.first == "on" {
            words.removeFirst()
            guard let name = words.first, let color = try color(name) else {
                throw Problem(reason: "“on” wants a colour after it")
            }
            style.background = color
            words.removeFirst()
        }
        for word in words {
            guard let attribute = attributeNames[word] else {
                let known = (colorNames.keys.sorted() + ["color0…color255"] + attributeNames.keys.sorted())
                throw Problem(reason: "unknown word “\(word)” (colours and attributes: \(known.joined(separator: ", ")))")
            }
            style.attributes.insert(attribute)
        }
        return style
    }

    /// A colour by name or as "colorN" (0–255); nil for a word that is no colour.
    private static func color(_ word: String) throws(Problem) -> Color? {
        if let color = colorNames[word] { return color }
        guard word.hasPrefix("color") else { return nil }
        guard let index = UInt8(word.dropFirst(5)) else {
            throw Problem(reason: "“\(word)”: write color0 to color255")
        }
        return .indexed(index)
    }
}
