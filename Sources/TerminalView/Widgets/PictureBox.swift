/// Whether pictures are drawn, and how: in cells (Unicode blocks in the 256 colours), in pixels through one of
/// the terminal's graphics protocols, or not at all.
public enum PictureMode: Hashable, Sendable {
    case off
    case blocks
    /// Blocks and sextants (2 × 3 a cell, Unicode 13's Symbols for Legacy Computing): finer, where the font has
    /// them; asked for, never assumed.
    case sextants
    case graphics(GraphicsSupport)

    public var isOn: Bool { self != .off }
}

/// What `images = …` in the config file asks for.
public enum ImagesSetting: String, Sendable, CaseIterable {
    /// The terminal's own graphics protocol when it answered that it has one, else blocks where the terminal has
    /// 256 colours and Unicode; nothing where NO_COLOR is set or the theme is colourless.
    case auto
    /// Blocks, whatever the terminal says.
    case blocks
    /// Blocks and sextants, for a terminal whose font draws them.
    case sextants
    /// One protocol, whatever the terminal answered (for a terminal that speaks it but does not say so).
    case kitty
    case sixel
    case iterm2
    case off

    /// The protocol this setting names outright, if any.
    public var namedProtocol: GraphicsProtocol? {
        switch self {
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm2: .iterm2
        case .auto, .blocks, .sextants, .off: nil
        }
    }

    /// The mode on a terminal with `support` and `glyphs`, in a theme that may be colourless; `graphics` is
    /// what the terminal answered it can show (nil when it was not asked or has no protocol), and `cell` the
    /// size of a cell in pixels.
    public func mode(support: ColorSupport, glyphs: GlyphSet, colorless: Bool, graphics: GraphicsProtocol? = nil,
                     cell: Size = GraphicsSupport.defaultCell) -> PictureMode {
        switch self {
        case .off: return .off
        case .blocks: return .blocks
        case .sextants: return .sextants
        case .kitty, .sixel, .iterm2:
            return namedProtocol.map { .graphics(GraphicsSupport(graphics: $0, cell: cell)) } ?? .off
        case .auto:
            guard !colorless, glyphs == .unicode else { return .off }
            if let graphics { return .graphics(GraphicsSupport(graphics: graphics, cell: cell)) }
            return support == .full ? .blocks : .off
        }
    }
}

/// A picture as cells, ready to copy into a buffer.
public struct CellPicture: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row by row.
    public let cells: [Cell]

    public init(width: Int, height: Int, cells: [Cell]) {
        precondition(width >= 0 && height >= 0 && cells.count == width * height, "cells do not match the size")
        self.width = width
        self.height = height
        self.cells = cells
    }

    /// The memory its cells take.
    public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}

/// What painting a picture gave.
public enum PicturePaint: Hashable, Sendable {
    case cells(CellPicture)
    /// Pixels for the terminal's graphics protocol, placed by the frame pipeline.
    case graphic(GraphicPicture)
    /// Why it cannot be shown, in a few words.
    case failed(String)
}

/// Turns a picture's bytes into cells, off the main actor. The app's painter decodes with the system's libraries
/// and draws with libchafa; tests hand in their own.
public protocol PicturePainting: Sendable {
    /// The picture `bytes` (the same `key`, the same bytes: a painter may keep what it decoded) within
    /// `columns` × `rows` cells, keeping its shape, as `mode` draws pictures (cells, or a graphics protocol).
    func paint(key: String, bytes: [UInt8], columns: Int, rows: Int, mode: PictureMode) async -> PicturePaint
    /// A picture made in pixels (a map), `columns` × `rows` cells, in a graphics protocol of `mode`; drawn under
    /// its cells' text where the protocol can.
    func paint(key: String, raster: @escaping @Sendable () -> RasterImage, columns: Int, rows: Int,
               mode: PictureMode) async -> PicturePaint
}

extension PicturePainting {
    /// A painter that draws only decoded pictures says so.
    public func paint(key: String, raster: @escaping @Sendable () -> RasterImage, columns: Int, rows: Int,
                      mode: PictureMode) async -> PicturePaint {
        .failed("no pictures in pixels")
    }
}

/// One picture's place on a screen, in the state it is in.
public enum PictureBoxState: Hashable, Sendable {
    /// No picture: no box at all.
    case none
    case loading
    case shown(CellPicture)
    /// Pixels the frame pipeline places over the box's blank cells.
    case placed(GraphicPicture)
    /// Why not, in a few words; `retryKey` names the key that tries again.
    case failed(String, retryKey: String?)
}

/// Draws a picture box: the picture centred in it, a spinner while it loads, one short reason when it failed.
public enum PictureBox {
    public static func draw(_ state: PictureBoxState, in buffer: CellBuffer, rect: Rect, theme: Theme) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch state {
        case .none:
            return
        case .loading:
            Spinner.draw(in: buffer, at: Point(x: rect.x, y: rect.y), style: theme.spinner, glyphs: theme.glyphs)
            buffer.write("picture", in: rect.row(0).inset(left: 2), style: theme.secondary)
        case .shown(let picture):
            let left = rect.x + max(0, (rect.width - picture.width) / 2)
            let area = Rect(x: left, y: rect.y, width: min(picture.width, rect.width),
                            height: min(picture.height, rect.height)).intersection(buffer.bounds)
            guard !area.isEmpty else { return }
            // Blanked first: a wide character cut by the box's edges is repaired, as any write does.
            buffer.fill(area)
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    buffer[x, y] = picture.cells[(y - rect.y) * picture.width + (x - left)]
                }
            }
        case .placed(let picture):
            let left = rect.x + max(0, (rect.width - picture.width) / 2)
            let area = Rect(x: left, y: rect.y, width: min(picture.width, rect.width),
                            height: min(picture.height, rect.height))
            buffer.fill(area.intersection(buffer.bounds))
            // A picture cut by the box or the screen is not placed at all: a protocol draws whole pictures.
            guard area.width == picture.width, area.height == picture.height,
                  area.intersection(buffer.bounds) == area else { return }
            buffer.place(picture, at: Point(x: area.x, y: area.y))
        case .failed(let reason, let retryKey):
            // The reason on a line of its own, so a narrow box still shows it.
            buffer.write("✗ could not show the picture", in: rect.row(0), style: theme.secondary)
            buffer.write(reason, in: rect.row(1), style: theme.secondary)
            if let retryKey, rect.height > 2 {
                buffer.write("\(retryKey) retry", in: rect.row(2), style: theme.accent)
            }
        }
    }
}
