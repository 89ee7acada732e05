import CPictures
import Glibc

/// A picture as the escape sequence a terminal draws it from, written by libchafa: kitty's graphics protocol,
/// sixels, or iTerm2's inline images. The sequence shows the picture at the cursor, in the cells asked for.
public enum PictureEscape {
    /// The ways a terminal can be sent pixels.
    public enum Kind: Int32, Sendable, CaseIterable {
        case kitty = 1
        case sixel = 2
        case iterm2 = 3
    }

    /// `picture` in `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels, as `kind`.
    public static func encode(_ picture: DecodedPicture, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int,
                              as kind: Kind) throws(PictureFailure) -> [UInt8] {
        guard columns > 0, rows > 0, cellWidth > 0, cellHeight > 0 else { throw .notAPicture }
        var error = [CChar](repeating: 0, count: 200)
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = picture.rgba.withUnsafeBufferPointer { buffer in
            var source = nearby_pixels(rgba: UnsafeMutablePointer(mutating: buffer.baseAddress),
                                       width: Int32(picture.width), height: Int32(picture.height))
            return nearby_picture_escape(&source, Int32(columns), Int32(rows), Int32(cellWidth), Int32(cellHeight),
                                         kind.rawValue, &bytes, &length, &error, error.count)
        }
        defer { free(bytes) }
        guard status == Int32(NEARBY_PICTURE_OK), let bytes else {
            throw PictureCodec.failure(status, error: error, width: picture.width, height: picture.height, bytes: [])
        }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}
