/// Trimming without Foundation's `CharacterSet` (not in FoundationEssentials).
extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    public func trimmingBlanks() -> String {
        trimming { $0 == " " || $0 == "\t" }
    }

    /// Without leading and trailing space separators (any Unicode space, no-break ones included) and tabs;
    /// no line breaks.
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without leading and trailing white space of any kind, line breaks included.
    public func trimmingWhitespace() -> String {
        trimming { $0.properties.isWhitespace }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
