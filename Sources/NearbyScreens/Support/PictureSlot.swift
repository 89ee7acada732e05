import NearbyViewModels
import TerminalView

/// One picture box of a screen: asks the painter for the picture at the box's size (off the main actor), keeps
/// what came back, and asks for a frame when it does. A new picture or a new size asks again; what was asked
/// before and arrives late is dropped.
@MainActor
final class PictureSlot {
    private let painter: any PicturePainting
    private let invalidate: @MainActor () -> Void
    /// The picture and size asked for last, and what came back for them (nil while painting).
    private var asked: (key: String, columns: Int, rows: Int, mode: PictureMode)?
    private var painted: PicturePaint?
    private var task: Task<Void, Never>?

    init(painter: any PicturePainting, invalidate: @escaping @MainActor () -> Void) {
        self.painter = painter
        self.invalidate = invalidate
    }

    /// What the box `rect` shows for `picture` as the view model has it: painted at the box's size, as `mode`
    /// draws pictures, once its bytes are in hand; `retryKey` names the key that tries again after a failure.
    func state(for picture: PictureState, in rect: Rect, mode: PictureMode, retryKey: String?) -> PictureBoxState {
        switch picture {
        case .none: .none
        case .loading: .loading
        case .failed(let reason): .failed(reason, retryKey: retryKey)
        case .loaded(let key, let bytes):
            state(key: key, bytes: bytes, columns: rect.width, rows: rect.height, mode: mode, retryKey: retryKey)
        }
    }

    /// What the box shows for the picture `key` (its `bytes`) in `columns` × `rows` cells; paints it when it
    /// has not been painted at that size in that mode.
    func state(key: String, bytes: [UInt8], columns: Int, rows: Int, mode: PictureMode,
               retryKey: String?) -> PictureBoxState {
        state(key: key, columns: columns, rows: rows, mode: mode, retryKey: retryKey) { [painter] in
            await painter.paint(key: key, bytes: bytes, columns: columns, rows: rows, mode: mode)
        }
    }

    /// What a picture made in pixels (`raster`, called off the main actor only when it must be painted) shows in
    /// `columns` × `rows` cells: `.placed` once painted, `.loading` until then, `.failed` when it cannot be.
    func state(key: String, raster: @escaping @Sendable () -> RasterImage, columns: Int, rows: Int,
               mode: PictureMode) -> PictureBoxState {
        state(key: key, columns: columns, rows: rows, mode: mode, retryKey: nil) { [painter] in
            await painter.paint(key: key, raster: raster, columns: columns, rows: rows, mode: mode)
        }
    }

    /// The painted state of `key` at this size and mode, or `.loading` while `paint` runs for it.
    private func state(key: String, columns: Int, rows: Int, mode: PictureMode, retryKey: String?,
                       paint: @escaping @Sendable () async -> PicturePaint) -> PictureBoxState {
        if let asked, asked.key == key, asked.columns == columns, asked.rows == rows, asked.mode == mode {
            switch painted {
            case nil: return .loading
            case .cells(let picture)?: return .shown(picture)
            case .graphic(let picture)?: return .placed(picture)
            case .failed(let reason)?: return .failed(reason, retryKey: retryKey)
            }
        }
        asked = (key, columns, rows, mode)
        painted = nil
        task?.cancel()
        task = Task { [weak self] in
            let result = await paint()
            guard !Task.isCancelled, let self, let asked = self.asked, asked.key == key, asked.columns == columns,
                  asked.rows == rows, asked.mode == mode else { return }
            self.painted = result
            self.invalidate()
        }
        return .loading
    }

    /// Whether the last picture could not be painted.
    var hasFailed: Bool { if case .failed? = painted { true } else { false } }

    /// Paints again at the next frame (after `r` on a failure).
    func forget() {
        task?.cancel()
        asked = nil
        painted = nil
    }

    /// Returns once the last paint asked for has come back (for tests, instead of sleeping).
    func painting() async { await task?.value }

    func close() { forget() }
}
