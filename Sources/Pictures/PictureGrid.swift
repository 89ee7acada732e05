import CPictures

/// A picture as terminal cells: a character per cell (blocks, half blocks, quadrants, sextants) and its two
/// colours, as libchafa chose them. Colours are palette indexes (16–255) or, in truecolor, 0xRRGGBB; -1 is
/// transparent (the terminal's own background).
public struct PictureGrid: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    public let characters: [Unicode.Scalar]
    public let foreground: [Int32]
    public let background: [Int32]

    /// How colours are chosen.
    public enum Palette: Int32, Sendable {
        case truecolor = 0
        case colors256 = 1
        /// The 256 colours without the first 16, which a user's theme may have changed.
        case colors240 = 2
    }

    /// `picture` drawn in `columns` × `rows` cells.
    public static func draw(_ picture: DecodedPicture, columns: Int, rows: Int, palette: Palette = .colors240,
                            sextants: Bool = false) throws(PictureFailure) -> PictureGrid {
        guard columns > 0, rows > 0 else { throw .notAPicture }
        let count = columns * rows
        var characters = [UInt32](repeating: 0x20, count: count)
        var foreground = [Int32](repeating: -1, count: count)
        var background = [Int32](repeating: -1, count: count)
        var error = [CChar](repeating: 0, count: 200)
        let status = picture.rgba.withUnsafeBufferPointer { buffer in
            var source = nearby_pixels(rgba: UnsafeMutablePointer(mutating: buffer.baseAddress),
                                       width: Int32(picture.width), height: Int32(picture.height))
            return nearby_picture_cells(&source, Int32(columns), Int32(rows), palette.rawValue, sextants ? 1 : 0,
                                        &characters, &foreground, &background, &error, error.count)
        }
        guard status == Int32(NEARBY_PICTURE_OK) else {
            throw PictureCodec.failure(status, error: error, width: picture.width, height: picture.height, bytes: [])
        }
        // A character libchafa should never give (a control, a surrogate) is drawn as a space.
        let scalars = characters.map { value -> Unicode.Scalar in
            guard value >= 0x20, value != 0x7F, let scalar = Unicode.Scalar(value) else { return " " }
            return scalar
        }
        return PictureGrid(columns: columns, rows: rows, characters: scalars, foreground: foreground,
                           background: background)
    }

    /// The cells a picture of `width` × `height` pixels takes within `columns` × `rows`, keeping its shape,
    /// cells being `fontRatio` as wide as tall (half, where the terminal does not say).
    public static func cells(forWidth width: Int, height: Int, within columns: Int, rows: Int,
                             fontRatio: Float = 0.5) throws(PictureFailure) -> (columns: Int, rows: Int) {
        var fitColumns = Int32(clamping: columns), fitRows = Int32(clamping: rows)
        var error = [CChar](repeating: 0, count: 200)
        let status = nearby_picture_fit_cells(Int32(clamping: width), Int32(clamping: height), &fitColumns, &fitRows,
                                              fontRatio, &error, error.count)
        guard status == Int32(NEARBY_PICTURE_OK) else {
            throw PictureCodec.failure(status, error: error, width: width, height: height, bytes: [])
        }
        return (max(1, min(columns, Int(fitColumns))), max(1, min(rows, Int(fitRows))))
    }

    public init(columns: Int, rows: Int, characters: [Unicode.Scalar], foreground: [Int32], background: [Int32]) {
        self.columns = columns
        self.rows = rows
        self.characters = characters
        self.foreground = foreground
        self.background = background
    }
}
