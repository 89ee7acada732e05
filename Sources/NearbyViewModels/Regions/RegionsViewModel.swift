import FoundationEssentials
import NearbyCore

/// The imported extracts with their age, places and size; `u` updates one, `U` all, `d` removes one (asked
/// first), `r` retries a failed row. The work itself runs in `RegionTasks`, which outlives this screen.
@MainActor
public final class RegionsViewModel: RegionsViewModelType {
    public let title = Observable("Regions")
    public let filter = Observable("")
    public let rowsRevision = Observable(0)
    public let selection = Observable(0)
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)
    public let confirmation = Observable<ConfirmationRequest?>(nil)

    private enum Phase: Equatable {
        case loading, failed(String), loaded
    }

    private static let loadKey = ActivityKey("regions")

    private let tasks: RegionTasks
    private let navigator: Navigator?
    private let clock: @Sendable () -> Date
    private let tracker = ActivityTracker()
    private var phase = Phase.loading
    private var all: [RegionSummary] = []
    private var shown: [RegionSummary] = []
    /// The region a removal question is about.
    private var removing: RegionSummary?
    private var bindings: [ObservationToken] = []

    /// `navigator` opens the index for `a`; nil leaves `a` out.
    public init(tasks: RegionTasks, navigator: Navigator? = nil, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.tasks = tasks
        self.navigator = navigator
        self.clock = clock
        tracker.isBusy.bind { [weak self] busy in self?.isLoading.update(busy) }.store(in: &bindings)
        tasks.states.bind { [weak self] _ in self?.bumpRows() }.store(in: &bindings)
        tasks.downloads.bind { [weak self] _ in
            guard let self else { return }
            self.select(self.selection.value)
            self.bumpRows()
        }.store(in: &bindings)
        tasks.news.bind { [weak self] news in
            if let news { self?.status.update(.info(DisplayText.oneLine(news))) }
        }.store(in: &bindings)
        tasks.changed.bind { [weak self] _ in self?.reload() }.store(in: &bindings)
    }

    public var isBusy: Bool { tasks.isBusy }

    /// Downloads not yet in the store come first.
    private var downloads: [RegionDownloadState] { tasks.downloads.value }

    public var rowCount: Int {
        guard phase == .loaded, !(shown.isEmpty && downloads.isEmpty) else { return 1 }
        return downloads.count + shown.count
    }

    public func row(at index: Int) -> RegionsListRow {
        if phase == .loaded, downloads.indices.contains(index) {
            let download = downloads[index]
            return .download(name: DisplayText.oneLine(download.choice.name), state: download.state)
        }
        let index = phase == .loaded ? index - downloads.count : index
        switch phase {
        case .loading: return .loading("Reading the regions…")
        case .failed(let message): return .error(message)
        case .loaded:
            guard shown.indices.contains(index) else {
                if !filter.value.isEmpty { return .empty("No region matches “\(DisplayText.oneLine(filter.value))”") }
                return .empty(navigator == nil ? "No regions yet: `nearby download NAME` gets one (`nearby regions` lists them)"
                                               : "No regions yet: a opens the download index")
            }
            return .region(model(shown[index]))
        }
    }

    private func model(_ region: RegionSummary) -> RegionRowModel {
        let age: String
        if let date = region.dataTime {
            let days = Int(max(0, clock().timeIntervalSince(date)) / 86_400)
            age = days == 0 ? "data from today" : days == 1 ? "data from yesterday"
                : "data from \(NumberText.grouped(days)) days ago"
        } else {
            age = "data of unknown date"
        }
        let size = region.bytes >= 1_000_000 ? NumberText.fixed(Double(region.bytes) / 1e6, digits: 1) + " MB"
            : NumberText.grouped((region.bytes + 999) / 1000) + " KB"
        return RegionRowModel(name: DisplayText.oneLine(region.name), age: age,
                              places: "\(NumberText.grouped(region.places)) \(region.places == 1 ? "place" : "places")",
                              size: size, canUpdate: region.canUpdate, state: tasks.states.value[region.id])
    }

    public func canOpen(at index: Int) -> Bool { false }

    public var canRetry: Bool {
        if case .failed = phase { return true }
        if let region = selected, case .failed = tasks.states.value[region.id] { return true }
        if let download = selectedDownload, case .failed = download.state { return true }
        return false
    }

    /// Whether `a` opens the index.
    public var canAdd: Bool { navigator != nil }

    public func add() {
        guard let navigator else { return }
        navigator.push(.regionIndex(RegionIndexViewModel(tasks: tasks, navigator: navigator)))
    }

    public func load() { reload() }

    public func retry() {
        if let download = selectedDownload, case .failed = download.state {
            return tasks.retryDownload(download.choice)
        }
        if let region = selected, tasks.retry(region.id) { return }
        reload()
    }

    public func refresh() { reload() }

    public func select(_ index: Int) {
        selection.update(min(max(index, 0), rowCount - 1))
    }

    public func open(at index: Int) {}

    public func setFilter(_ text: String) {
        filter.update(text)
        applyFilter()
    }

    public func show(rows: Range<Int>) {}
    public func dismissStatus() { status.update(nil) }

    public func close() {
        // The regions' work goes on (RegionTasks); only this screen's reading stops.
        tracker.close()
    }

    /// Returns once the list is read and no region's work runs (tests await this instead of sleeping).
    public func idle() async {
        await tracker.idle()
        await tasks.idle()
        await tracker.idle()
    }

    // MARK: - Actions

    private var selected: RegionSummary? {
        let index = selection.value - downloads.count
        guard phase == .loaded, shown.indices.contains(index) else { return nil }
        return shown[index]
    }

    private var selectedDownload: RegionDownloadState? {
        guard phase == .loaded, downloads.indices.contains(selection.value) else { return nil }
        return downloads[selection.value]
    }

    public func updateSelected() {
        guard let region = selected else { return }
        guard region.canUpdate else {
            return status.update(.error("\(DisplayText.oneLine(region.name)) names no replication feed; "
                                        + "import a newer file of it instead."))
        }
        tasks.clear(region.id)
        tasks.update(region.id)
    }

    public func updateAll() {
        let feeds = all.filter(\.canUpdate)
        guard !feeds.isEmpty else { return status.update(.error("No region names a replication feed.")) }
        for region in feeds {
            tasks.clear(region.id)
            tasks.update(region.id)
        }
    }

    public func requestRemove() {
        guard let region = selected, !model(region).isWorking else { return }
        removing = region
        confirmation.value = ConfirmationRequest(
            title: "Remove \(DisplayText.oneLine(region.name))?",
            detail: "Its places, towns and walking network leave the store; favourites stay listed.",
            confirmLabel: "Remove", cancelLabel: "Keep", isDestructive: true)
    }

    public func answer(_ yes: Bool) {
        confirmation.value = nil
        defer { removing = nil }
        guard yes, let region = removing else { return }
        tasks.clear(region.id)
        tasks.remove(region.id)
    }

    // MARK: - Reading

    private func reload() {
        guard !tracker.isClosed else { return }
        let service = tasks.service
        tracker.run(Self.loadKey) { [weak self] in
            let outcome: Result<[RegionSummary], RegionsFailure>
            do throws(RegionsFailure) {
                outcome = .success(try await service.regions())
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let regions):
                self.all = regions
                self.phase = .loaded
            case .failure(let failure):
                self.phase = .failed(failure.message)
            }
            self.applyFilter()
        }
    }

    private func applyFilter() {
        let words = SearchFolding.fold(filter.value)
        shown = words.isEmpty ? all : all.filter { SearchFolding.fold($0.name).contains(words) }
        title.update(phase == .loaded ? "Regions · \(NumberText.grouped(all.count))" : "Regions")
        select(selection.value)
        bumpRows()
    }

    private func bumpRows() {
        rowsRevision.value += 1
    }
}
