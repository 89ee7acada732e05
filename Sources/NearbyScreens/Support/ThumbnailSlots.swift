import NearbyViewModels
import TerminalView

/// The small pictures of the rows in view (a list's thumbnails, Home's hot pick): one `PictureSlot` per picture,
/// the least recently drawn dropped past `limit`, so scrolling back finds its thumbnails painted.
@MainActor
final class ThumbnailSlots {
    private let painter: any PicturePainting
    private let invalidate: @MainActor () -> Void
    private var slots: [String: (slot: PictureSlot, used: Int)] = [:]
    private var uses = 0
    /// A few screens of rows.
    let limit: Int

    init(painter: any PicturePainting, limit: Int = 96, invalidate: @escaping @MainActor () -> Void) {
        self.painter = painter
        self.limit = limit
        self.invalidate = invalidate
    }

    /// What the box `rect` shows for the thumbnail `picture` of the place picture `key`; a failure shows nothing
    /// (a box of a few cells has no room for words) and loading a dot.
    func state(key: String, picture: PictureState, in rect: Rect, mode: PictureMode) -> PictureBoxState {
        uses += 1
        let slot = slots[key]?.slot ?? PictureSlot(painter: painter, invalidate: invalidate)
        slots[key] = (slot, uses)
        if slots.count > limit, let oldest = slots.min(by: { $0.value.used < $1.value.used }) {
            oldest.value.slot.close()
            slots[oldest.key] = nil
        }
        switch slot.state(for: picture, in: rect, mode: mode, retryKey: nil) {
        case .failed: return .none
        case let state: return state
        }
    }

    /// Returns once every thumbnail asked for is painted (for tests, instead of sleeping).
    func painting() async {
        for entry in slots.values { await entry.slot.painting() }
    }

    func close() {
        for entry in slots.values { entry.slot.close() }
        slots = [:]
    }
}

extension PictureBoxState {
    /// Whether the box is final for now: drawn (cells or pixels), or no box. Rows with such a box may be kept
    /// for the next frame; a loading one will change.
    var isSettled: Bool {
        switch self {
        case .none, .shown, .failed: true
        case .loading, .placed: false
        }
    }
}
