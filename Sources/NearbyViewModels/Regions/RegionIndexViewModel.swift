import FoundationEssentials
import NearbyCore

/// The download index's regions, found by name as you type ("zur" finds Zürich, with its parents); Enter
/// downloads the selected one and goes back to the Regions screen, where its row shows the download.
@MainActor
public final class RegionIndexViewModel: ListViewModelType {
    public let title = Observable("Add a region")
    public let filter = Observable("")
    public let rowsRevision = Observable(0)
    public let selection = Observable(0)
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)

    private enum Phase: Equatable {
        case loading, failed(String), loaded
    }

    /// Shown at most: the index holds about 500, a filter finds a few.
    static let shownAtMost = 2_000
    private static let loadKey = ActivityKey("region-index")

    private let tasks: RegionTasks
    private let navigator: Navigator
    private let tracker = ActivityTracker()
    private var phase = Phase.loading
    private var all: [(choice: RegionChoice, folded: String)] = []
    private var shown: [RegionChoice] = []
    private var bindings: [ObservationToken] = []

    public init(tasks: RegionTasks, navigator: Navigator) {
        self.tasks = tasks
        self.navigator = navigator
        tracker.isBusy.bind { [weak self] busy in self?.isLoading.update(busy) }.store(in: &bindings)
    }

    public var rowCount: Int {
        guard phase == .loaded, !shown.isEmpty else { return 1 }
        return shown.count
    }

    /// A row: the region's name and where it lies, or the loading, error or empty row.
    public func row(at index: Int) -> RegionsListRow {
        switch phase {
        case .loading: return .loading("Reading the download index…")
        case .failed(let message): return .error(message)
        case .loaded:
            guard shown.indices.contains(index) else {
                return .empty(filter.value.isEmpty ? "The index offers no region"
                                                   : "No region is called “\(DisplayText.oneLine(filter.value))”")
            }
            let choice = shown[index]
            return .choice(name: DisplayText.oneLine(choice.name), path: DisplayText.oneLine(choice.path))
        }
    }

    public func canOpen(at index: Int) -> Bool { phase == .loaded && shown.indices.contains(index) }

    public var canRetry: Bool {
        if case .failed = phase { return true }
        return false
    }

    public func load() { reload() }
    public func retry() { reload() }
    public func refresh() { reload() }

    public func select(_ index: Int) {
        selection.update(min(max(index, 0), rowCount - 1))
    }

    /// Downloads the region and goes back to the Regions screen, which shows it.
    public func open(at index: Int) {
        guard canOpen(at: index) else { return }
        tasks.download(shown[index])
        navigator.pop()
    }

    public func setFilter(_ text: String) {
        filter.update(text)
        applyFilter()
    }

    public func show(rows: Range<Int>) {}
    public func dismissStatus() { status.update(nil) }
    public func close() { tracker.close() }

    /// Returns once the index is read (tests await this instead of sleeping).
    public func idle() async { await tracker.idle() }

    private func reload() {
        guard !tracker.isClosed else { return }
        let service = tasks.service
        tracker.run(Self.loadKey) { [weak self] in
            let outcome: Result<[RegionChoice], RegionsFailure>
            do throws(RegionsFailure) {
                outcome = .success(try await service.index())
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let choices):
                self.all = choices.map { ($0, SearchFolding.fold($0.path + " " + $0.id)) }
                self.phase = .loaded
            case .failure(let failure):
                self.phase = .failed(failure.message)
            }
            self.applyFilter()
        }
    }

    /// Every word typed must start a word of the region's path or id, accents and case folded.
    private func applyFilter() {
        let words = SearchFolding.fold(filter.value).split(separator: " ")
        let matches = all.lazy.filter { entry in
            words.allSatisfy { word in
                entry.folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(word) }
            }
        }.map(\.choice)
        shown = Array(matches.prefix(Self.shownAtMost))
        title.update(phase == .loaded ? "Add a region · \(NumberText.grouped(shown.count))" : "Add a region")
        select(selection.value)
        rowsRevision.value += 1
    }
}
