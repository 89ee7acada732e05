/// How a terminal can be sent pixels. Asked of the terminal when the session starts (the kitty graphics query,
/// the device attributes, the terminal's name), never guessed from TERM.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    case kitty
    case sixel
    case iterm2

    /// Whether the picture is painted into the terminal's cells, so that writing a cell over it wipes that part
    /// (sixels, iTerm2's inline images); kitty's pictures lie above the cells until deleted.
    public var paintsCells: Bool { self != .kitty }
}

/// A terminal's graphics protocol and the size of its cells in pixels.
public struct GraphicsSupport: Hashable, Sendable {
    /// A cell's size where the terminal does not say: the common 10 × 20 pixels.
    public static let defaultCell = Size(width: 10, height: 20)

    public var graphics: GraphicsProtocol
    public var cell: Size

    public init(graphics: GraphicsProtocol, cell: Size = GraphicsSupport.defaultCell) {
        self.graphics = graphics
        self.cell = cell.width > 0 && cell.height > 0 ? cell : Self.defaultCell
    }
}

/// A picture as the escape sequence that draws it at the cursor, `width` × `height` cells large.
///
/// Two are the same picture when their `id` (whose picture, at which size) and size are: the bytes, often
/// hundreds of kilobytes, are never compared.
public struct GraphicPicture: Hashable, Sendable {
    public let id: String
    public let width: Int
    public let height: Int
    public let graphics: GraphicsProtocol
    public let bytes: [UInt8]
    /// Drawn under the text of its cells (a map under its labels), where the protocol can (kitty); its
    /// transparent pixels let the text show where it cannot (sixels).
    public let belowText: Bool

    public init(id: String, width: Int, height: Int, graphics: GraphicsProtocol, bytes: [UInt8],
                belowText: Bool = false) {
        self.id = id
        self.width = width
        self.height = height
        self.graphics = graphics
        self.bytes = bytes
        self.belowText = belowText
    }

    public static func == (lhs: GraphicPicture, rhs: GraphicPicture) -> Bool {
        lhs.id == rhs.id && lhs.width == rhs.width && lhs.height == rhs.height && lhs.graphics == rhs.graphics
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(graphics)
    }
}

/// A picture placed on a frame: its top left cell. Anything drawn over its cells after it was placed (the help,
/// a dialog) covers it, and a covered picture is not shown, so a protocol's pixels never lie over an overlay.
public struct GraphicPlacement: Hashable, Sendable {
    public let origin: Point
    public let picture: GraphicPicture

    public init(origin: Point, picture: GraphicPicture) {
        self.origin = origin
        self.picture = picture
    }

    public var rect: Rect { Rect(x: origin.x, y: origin.y, width: picture.width, height: picture.height) }
}

/// What the terminal must do about pictures after a frame's cells: delete all it shows (the screen was cleared),
/// delete some, place others.
public struct GraphicsUpdate: Equatable, Sendable {
    public var clearAll: Bool
    public var removed: [GraphicPlacement]
    public var placed: [GraphicPlacement]

    public init(clearAll: Bool = false, removed: [GraphicPlacement] = [], placed: [GraphicPlacement] = []) {
        self.clearAll = clearAll
        self.removed = removed
        self.placed = placed
    }

    public var isEmpty: Bool { !clearAll && removed.isEmpty && placed.isEmpty }
}
