import TerminalView

/// An in-memory backend: keeps what was presented, and how much of it changed, for tests.
@MainActor
public final class MemoryTerminal: TerminalBackend {
    public var size: Size
    public var colorSupport: ColorSupport
    /// The marks the terminal shows: on an ASCII terminal the screen holds the ASCII stand-ins, as a real one would.
    public let glyphs: GlyphSet
    /// What the screen shows now.
    public private(set) var screen: CellBuffer
    public private(set) var framesPresented = 0
    /// Cells written by the last present.
    public private(set) var lastCellsWritten = 0
    /// How many times the screen was cleared for a full repaint.
    public private(set) var clears = 0
    private var clearBeforeNextPresent = false
    /// Every byte written with `emit`, in order (tests check the exact sequences).
    public private(set) var emitted: [UInt8] = []

    public func emit(_ bytes: [UInt8]) { emitted += bytes }

    public init(size: Size, colorSupport: ColorSupport = .eight, glyphs: GlyphSet = .unicode) {
        self.size = size
        self.colorSupport = colorSupport
        self.glyphs = glyphs
        screen = CellBuffer(size: size)
    }

    public func present(_ frame: CellBuffer, runs: [ChangedRun]) {
        if screen.size != frame.size { screen.reset(size: frame.size) }
        if clearBeforeNextPresent {
            screen.reset()
            clearBeforeNextPresent = false
            clears += 1
            // Clearing the screen wipes what was painted into its cells; kitty's pictures stay until deleted.
            pictures.removeAll { $0.picture.graphics.paintsCells }
        }
        // A cell written over a sixel (or an iTerm2 picture) wipes that part of it: the picture is no longer whole.
        pictures.removeAll { picture in
            let rect = picture.rect
            return picture.picture.graphics.paintsCells
                && runs.contains { $0.y >= rect.y && $0.y < rect.maxY && $0.startX < rect.maxX && $0.endX > rect.x }
        }
        var written = 0
        for run in runs {
            for x in run.startX..<run.endX {
                screen[x, run.y] = frame[x, run.y].folded(glyphs)
                written += 1
            }
        }
        screen.cursor = frame.cursor
        lastCellsWritten = written
        framesPresented += 1
    }

    /// The pictures the terminal shows in pixels, as its protocol keeps them: a kitty picture placed twice is
    /// there twice (a real terminal would show both).
    public private(set) var pictures: [GraphicPlacement] = []
    /// Every update of pictures, in order.
    public private(set) var graphicsUpdates: [GraphicsUpdate] = []

    public func updateGraphics(_ update: GraphicsUpdate) {
        graphicsUpdates.append(update)
        if update.clearAll { pictures.removeAll { !$0.picture.graphics.paintsCells } }
        for gone in update.removed where !gone.picture.graphics.paintsCells {
            pictures.removeAll { $0.rect.contains(gone.origin) }
        }
        pictures += update.placed
    }

    public func invalidateScreen() {
        clearBeforeNextPresent = true
    }

    /// How many times a region was scrolled.
    public private(set) var scrolls = 0

    public func scroll(rows: Range<Int>, by: Int) -> Bool {
        screen.shift(rows: rows, by: by)
        scrolls += 1
        return true
    }

    /// Writes over what the screen shows without the app knowing, as another program writing to the tty would.
    public func scribble(_ text: String, at point: Point) {
        screen.write(text, at: point, style: .plain)
    }
}
