/// How many colours the terminal offers, after `NO_COLOR` and terminfo have had their say.
public enum ColorSupport: Sendable, Hashable {
    case monochrome, eight, full

    /// Reads `NO_COLOR` (any non-empty value means no colour) and the terminal's colour count.
    public static func detect(colors: Int, environment: [String: String]) -> ColorSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if colors >= 256 { return .full }
        if colors >= 8 { return .eight }
        return .monochrome
    }
}

/// The styles of every role a screen draws, so widgets never pick raw colours.
///
/// Every role stays distinguishable without colour: selection is reverse video, titles bold, secondary dim.
public struct Theme: Sendable {
    public var text: Style
    public var title: Style
    public var secondary: Style
    public var accent: Style
    public var selection: Style
    public var header: Style
    public var footer: Style
    public var keyHint: Style
    public var border: Style
    public var error: Style
    public var success: Style
    public var warning: Style
    public var spinner: Style
    public var fieldLabel: Style
    public var fieldText: Style
    public var fieldFocused: Style
    public var dialog: Style
    /// The app's own marks as the terminal shows them: braille and box lines, or ASCII.
    public var glyphs: GlyphSet
    /// Whether pictures are drawn (`images` in the config file, and what the terminal can show).
    public var pictures: PictureMode = .off

    public static func make(_ support: ColorSupport, glyphs: GlyphSet = .unicode) -> Theme {
        switch support {
        case .monochrome:
            return Theme(text: .plain, title: Style(attributes: .bold), secondary: Style(attributes: .dim),
                         accent: Style(attributes: .bold), selection: Style(attributes: .reverse),
                         header: Style(attributes: [.bold, .reverse]), footer: Style(attributes: .reverse),
                         keyHint: Style(attributes: [.bold, .reverse]), border: .plain,
                         error: Style(attributes: [.bold, .underline]), success: Style(attributes: .bold),
                         warning: Style(attributes: .underline), spinner: Style(attributes: .bold),
                         fieldLabel: Style(attributes: .bold), fieldText: Style(attributes: .underline),
                         fieldFocused: Style(attributes: [.reverse]), dialog: .plain, glyphs: glyphs)
        case .eight, .full:
            return Theme(text: .plain,
                         title: Style(foreground: .yellow, attributes: .bold),
                         secondary: Style(foreground: .cyan),
                         accent: Style(foreground: .green, attributes: .bold),
                         selection: Style(foreground: .black, background: .cyan, attributes: .bold),
                         header: Style(foreground: .white, background: .blue, attributes: .bold),
                         footer: Style(foreground: .black, background: .white),
                         keyHint: Style(foreground: .blue, background: .white, attributes: .bold),
                         border: Style(foreground: .blue),
                         error: Style(foreground: .red, attributes: .bold),
                         success: Style(foreground: .green),
                         warning: Style(foreground: .yellow),
                         spinner: Style(foreground: .magenta, attributes: .bold),
                         fieldLabel: Style(attributes: .bold),
                         fieldText: Style(attributes: .underline),
                         fieldFocused: Style(foreground: .black, background: .cyan),
                         dialog: Style(foreground: .white, background: .blue),
                         glyphs: glyphs)
        }
    }
}
