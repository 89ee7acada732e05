import Locking
import Pictures
import TerminalView

/// Paints pictures for the terminal, off the main actor: as Unicode blocks in the 240 colours a theme never
/// changes, or as the escape sequence of the terminal's graphics protocol (kitty's, sixels, iTerm2's), both drawn
/// by libchafa from pixels the system's libraries decoded. Decoded pictures are kept for the next size asked (a
/// resize, the same friend again), at most `maxHeldBytes` of them, the least recently used dropped first.
final class TerminalPicturePainter: PicturePainting {
    /// What decoded pictures may hold in memory together.
    static let maxHeldBytes = 32 * 1024 * 1024
    /// Pictures are decoded at most this large on their long side: enough for a box of 128 × 64 cells at
    /// libchafa's 8 × 8 pixels per cell, and a JPEG is decoded at a fraction of its size to get there.
    static let decodeSide = 1024

    private let held = Locked(HeldPictures())

    func paint(key: String, bytes: [UInt8], columns: Int, rows: Int, mode: PictureMode) async -> PicturePaint {
        guard columns > 0, rows > 0 else { return .failed("no room") }
        do throws(PictureFailure) {
            let picture = try decoded(key: key, bytes: bytes)
            switch mode {
            case .off:
                return .failed("pictures are off")
            case .blocks, .sextants:
                let fit = try PictureGrid.cells(forWidth: picture.width, height: picture.height, within: columns,
                                                rows: rows)
                let grid = try PictureGrid.draw(picture, columns: fit.columns, rows: fit.rows,
                                                sextants: mode == .sextants)
                return .cells(Self.cells(of: grid))
            case .graphics(let support):
                // The cells' real shape, so the picture keeps its own.
                let ratio = Float(support.cell.width) / Float(support.cell.height)
                let fit = try PictureGrid.cells(forWidth: picture.width, height: picture.height, within: columns,
                                                rows: rows, fontRatio: ratio)
                let bytes = try PictureEscape.encode(picture, columns: fit.columns, rows: fit.rows,
                                                     cellWidth: support.cell.width, cellHeight: support.cell.height,
                                                     as: Self.kind(of: support.graphics))
                return .graphic(GraphicPicture(id: key, width: fit.columns, height: fit.rows,
                                               graphics: support.graphics, bytes: bytes))
            }
        } catch {
            return .failed(error.words)
        }
    }

    func paint(key: String, raster: @escaping @Sendable () -> RasterImage, columns: Int, rows: Int,
               mode: PictureMode) async -> PicturePaint {
        guard case .graphics(let support) = mode, columns > 0, rows > 0 else { return .failed("no pictures in pixels") }
        let image = raster()
        guard image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else {
            return .failed("no room")
        }
        do throws(PictureFailure) {
            let bytes = try PictureEscape.encode(DecodedPicture(width: image.width, height: image.height, rgba: image.rgba),
                                                 columns: columns, rows: rows, cellWidth: support.cell.width,
                                                 cellHeight: support.cell.height, as: Self.kind(of: support.graphics))
            return .graphic(GraphicPicture(id: key, width: columns, height: rows, graphics: support.graphics,
                                           bytes: bytes, belowText: true))
        } catch {
            return .failed(error.words)
        }
    }

    static func kind(of graphics: GraphicsProtocol) -> PictureEscape.Kind {
        switch graphics {
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm2: .iterm2
        }
    }

    private func decoded(key: String, bytes: [UInt8]) throws(PictureFailure) -> DecodedPicture {
        if let picture = held.withLock({ $0.take(key) }) { return picture }
        let full = try PictureCodec.decode(bytes, fitting: Self.decodeSide)
        let picture = try PictureCodec.fit(full, maxSide: Self.decodeSide)
        held.withLock { $0.keep(picture, as: key, within: Self.maxHeldBytes) }
        return picture
    }

    /// The grid as cells: a palette index becomes that colour, a transparent one the terminal's own.
    static func cells(of grid: PictureGrid) -> CellPicture {
        func color(_ value: Int32) -> Color { (0...255).contains(value) ? .indexed(UInt8(value)) : .default }
        var cells: [Cell] = []
        cells.reserveCapacity(grid.columns * grid.rows)
        for index in 0..<(grid.columns * grid.rows) {
            let style = Style(foreground: color(grid.foreground[index]), background: color(grid.background[index]))
            cells.append(Cell(scalar: grid.characters[index], style: style, width: 1))
        }
        return CellPicture(width: grid.columns, height: grid.rows, cells: cells)
    }

    /// Decoded pictures by key, the most recently used last.
    struct HeldPictures {
        private var order: [String] = []
        private var pictures: [String: DecodedPicture] = [:]
        private(set) var bytes = 0

        mutating func take(_ key: String) -> DecodedPicture? {
            guard let picture = pictures[key] else { return nil }
            order.removeAll { $0 == key }
            order.append(key)
            return picture
        }

        mutating func keep(_ picture: DecodedPicture, as key: String, within limit: Int) {
            guard pictures[key] == nil, picture.byteCount <= limit else { return }
            while bytes + picture.byteCount > limit, !order.isEmpty {
                let oldest = order.removeFirst()
                bytes -= pictures.removeValue(forKey: oldest)?.byteCount ?? 0
            }
            pictures[key] = picture
            order.append(key)
            bytes += picture.byteCount
        }
    }
}
