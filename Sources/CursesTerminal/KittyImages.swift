import TerminalView

/// Kitty's pictures by id: each picture's pixels are sent once (`a=t`) and placed wherever it shows (`a=p`), so a
/// thumbnail that moves with its row costs a placement of a few dozen bytes, not its pixels again. Pixels no
/// placement shows are kept for the next time (scrolling back) up to `keptImages` pictures, the least recently
/// placed freed first.
struct KittyImages {
    /// One thing to write: bytes anywhere, or bytes at a cell (a placement is made where the cursor is).
    enum Write: Equatable {
        case anywhere([UInt8])
        case at(Point, [UInt8])
    }

    static let keptImages = 128

    private struct Image {
        var id: UInt32
        var lastPlaced: Int
    }

    /// Pictures sent, by picture (its id and size: the bytes are never compared).
    private var images: [GraphicPicture: Image] = [:]
    /// What shows now: each placement's image id and placement id, by its cell.
    private var placements: [Point: (image: UInt32, placement: UInt32)] = [:]
    private var nextID: UInt32 = 1
    private var placings = 0

    /// Whether anything was ever sent (so that deleting is sent only to a terminal that has something).
    private(set) var hasSent = false

    /// The writes for a frame's update of kitty pictures.
    mutating func writes(for update: GraphicsUpdate) -> [Write] {
        var writes: [Write] = []
        if update.clearAll, hasSent {
            // The screen was cleared, which in kitty takes pictures' pixels with it (a placement of one kept
            // shows nothing): everything is freed and sent again.
            writes.append(.anywhere(KittyGraphics.deleteAll))
            placements = [:]
            images = [:]
        }
        for gone in update.removed where gone.picture.graphics == .kitty {
            guard let shown = placements.removeValue(forKey: gone.origin) else { continue }
            // A picture sent as it came has no id: deleted by its cell.
            writes.append(.anywhere(shown.image == 0 ? KittyGraphics.delete(at: gone.origin)
                                    : Self.command("a=d,d=i,i=\(shown.image),p=\(shown.placement)")))
        }
        for new in update.placed where new.picture.graphics == .kitty {
            placings += 1
            let id: UInt32
            if let image = images[new.picture] {
                id = image.id
            } else {
                guard let transmit = Self.transmitOnly(new.picture.bytes, id: nextID) else {
                    // Not the sequence libchafa is known to write: sent as it is, where it shows.
                    writes.append(.at(new.origin, new.picture.bytes))
                    placements[new.origin] = (0, 0)
                    hasSent = true
                    continue
                }
                id = nextID
                nextID = nextID == UInt32.max ? 1 : nextID + 1
                writes.append(.anywhere(transmit))
            }
            images[new.picture] = Image(id: id, lastPlaced: placings)
            let placement = UInt32(new.origin.y) * 4_096 + UInt32(new.origin.x) + 1
            writes.append(.at(new.origin, Self.command(
                "a=p,i=\(id),p=\(placement),c=\(new.picture.width),r=\(new.picture.height),C=1"
                    + (new.picture.belowText ? ",z=-1" : ""))))
            placements[new.origin] = (id, placement)
            hasSent = true
        }
        writes += freeBeyondKept()
        return writes
    }

    /// Everything freed, before the shell comes back (a suspend, the end).
    mutating func deleteAll() -> [UInt8]? {
        guard hasSent else { return nil }
        images = [:]
        placements = [:]
        return KittyGraphics.deleteAll
    }

    /// Frees the pixels of the least recently placed pictures past `keptImages`, never one on screen.
    private mutating func freeBeyondKept() -> [Write] {
        guard images.count > Self.keptImages else { return [] }
        let shown = Set(placements.values.map(\.image))
        let idle = images.filter { !shown.contains($0.value.id) }.sorted { $0.value.lastPlaced < $1.value.lastPlaced }
        var writes: [Write] = []
        for (key, image) in idle.prefix(images.count - Self.keptImages) {
            images[key] = nil
            writes.append(.anywhere(Self.command("a=d,d=I,i=\(image.id)")))
        }
        return writes
    }

    /// libchafa's sequence (`ESC _ G a=T,…`: send and show at the cursor) as one that only sends, under `id`, with
    /// no answer asked; nil when it does not start as libchafa's does.
    static func transmitOnly(_ bytes: [UInt8], id: UInt32) -> [UInt8]? {
        let start = Array("\u{1B}_Ga=T,".utf8)
        guard bytes.starts(with: start) else { return nil }
        return Array("\u{1B}_Ga=t,i=\(id),q=2,".utf8) + bytes[start.count...]
    }

    /// A command with no payload, asking for no answer.
    static func command(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys),q=2\u{1B}\\".utf8) }
}
