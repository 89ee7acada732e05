/// An activity indicator: one cell that the run loop advances on its own while it is on screen.
public enum Spinner {
    static let unicodeFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let asciiFrames: [String] = ["|", "/", "-", "\\"]

    /// The glyph of frame `frame`: braille dots that turn, or a turning line in ASCII.
    public static func glyph(frame: Int, glyphs: GlyphSet) -> String {
        let frames = glyphs == .unicode ? unicodeFrames : asciiFrames
        return frames[((frame % frames.count) + frames.count) % frames.count]
    }

    /// Draws the spinner at `point` and registers the cell for animation.
    public static func draw(in buffer: CellBuffer, at point: Point, style: Style, glyphs: GlyphSet) {
        buffer.write(glyph(frame: buffer.spinnerFrame, glyphs: glyphs), at: point, style: style, maxWidth: 1)
        buffer.addSpinner(at: point, style: style)
    }
}
