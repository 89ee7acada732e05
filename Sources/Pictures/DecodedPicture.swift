/// A decoded picture: RGBA, 8 bits per channel, rows packed.
public struct DecodedPicture: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "pixels do not match the size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The memory its pixels take.
    public var byteCount: Int { rgba.count }

    /// The pixel at (x, y): red, green, blue, alpha.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let at = (y * width + x) * 4
        return (rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3])
    }
}
