import NearbyCore

/// The small pictures of the places a list (or Home's hot pick) shows: fetched one at a time, only for the
/// places in view, newest view first, and kept for scrolling back, within a bound.
///
/// Its own tracker, so fetching thumbnails never shows the list as loading; the owner closes it with itself.
@MainActor
public final class PlaceThumbnails {
    /// Bumped when a thumbnail arrives or fails: the rows that show it are drawn again.
    public let revision = Observable(0)
    /// Thumbnails are asked this wide: a box of 8 columns of 10-pixel cells, with room to spare.
    static let width = 160
    /// What the bytes kept may take together; the least recently shown go first.
    static let maxHeldBytes = 8 * 1024 * 1024

    private let fetcher: any PictureFetching
    private let tracker = ActivityTracker()
    private var states: [String: PictureState] = [:]
    /// When each picture kept was last in view (a count of views), for dropping the least recent.
    private var lastShown: [String: Int] = [:]
    private var views = 0
    private var heldBytes = 0
    /// Pictures in view not fetched yet, in the order shown.
    private var waiting: [RemotePicture] = []
    private var fetching: String?

    public init(fetcher: any PictureFetching) {
        self.fetcher = fetcher
    }

    /// The thumbnail of `picture` as it stands: `.loading` until it is fetched (ask with `show`).
    public func state(of picture: RemotePicture) -> PictureState {
        states[picture.stored] ?? .loading
    }

    /// The pictures in view now: those not fetched yet are fetched in this order; those waiting from an earlier
    /// view and no longer in it are not.
    public func show(_ pictures: [RemotePicture]) {
        guard !tracker.isClosed else { return }
        views += 1
        for picture in pictures where states[picture.stored] != nil { lastShown[picture.stored] = views }
        waiting = pictures.filter { states[$0.stored] == nil && $0.stored != fetching }
        fetchNext()
    }

    public func close() { tracker.close() }

    /// Returns once no thumbnail is being fetched (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    private func fetchNext() {
        guard fetching == nil, !waiting.isEmpty else { return }
        let picture = waiting.removeFirst()
        fetching = picture.stored
        let fetcher = self.fetcher, width = Self.width
        tracker.run { [weak self] in
            let outcome: Result<[UInt8], PictureFetchFailure>
            do throws(PictureFetchFailure) {
                outcome = .success(try await fetcher.bytes(of: picture, width: width))
            } catch {
                outcome = .failure(error)
            }
            guard let self else { return }
            fetching = nil
            guard !Task.isCancelled else { return }
            switch outcome {
            case .success(let bytes):
                keep(.loaded(key: "thumbnail:\(picture.stored):\(PictureState.digest(bytes))", bytes: bytes),
                     for: picture.stored, bytes: bytes.count)
            case .failure(.cancelled):
                break
            case .failure(let failure):
                keep(.failed(failure.words), for: picture.stored, bytes: 0)
            }
            revision.update(revision.value + 1)
            fetchNext()
        }
    }

    private func keep(_ state: PictureState, for key: String, bytes: Int) {
        states[key] = state
        heldBytes += bytes
        views += 1
        lastShown[key] = views
        // Past the bound (rarely: thumbnails are a few kilobytes) the least recently shown go.
        while heldBytes > Self.maxHeldBytes, lastShown.count > 1,
              let oldest = lastShown.min(by: { $0.value < $1.value })?.key {
            lastShown[oldest] = nil
            if case .loaded(_, let dropped)? = states.removeValue(forKey: oldest) { heldBytes -= dropped.count }
        }
    }
}
