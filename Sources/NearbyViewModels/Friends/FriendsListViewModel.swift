import FoundationEssentials
import NearbyCore

/// The friends list: a window onto a list that may hold 100,000 friends, fetched ~200 rows at a time.
@MainActor
public final class FriendsListViewModel: FriendsListViewModelType {
    /// Rows fetched per request.
    public static let windowSize = 200

    public let title = Observable("Friends")
    public let filter = Observable("")
    public let rowsRevision = Observable(0)
    public let selection = Observable(0)
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)
    public let confirmation = Observable<ConfirmationRequest?>(nil)

    private enum Phase: Equatable {
        case loading
        case failed(FriendsError)
        case loaded(total: Int)
    }

    private static let reloadKey = ActivityKey("reload")
    private static let windowKeyPrefix = "window-"

    private let context: FriendsContext
    private let tracker = ActivityTracker()
    private var cache = FriendsWindowCache(windowSize: FriendsListViewModel.windowSize, keepRadius: 600,
                                           capacity: 1_400)
    private var phase = Phase.loading
    private var hasStarted = false
    /// The filter the shown rows belong to, and the one being loaded (equal when nothing is pending).
    private var appliedFilter = ""
    private var requestedFilter = ""
    private var isReloading = false
    /// Changes whenever indices shift or the rows are replaced; window results of an older one are dropped.
    private var generation = 0
    private var pendingWindows: Set<Int> = []
    private var failedWindows: [Int: FriendsError] = [:]
    private var deleting: Set<Friend.ID> = []
    private var pendingDelete: Friend?
    /// The first row the view shows: where windows are fetched and kept.
    private var anchor = 0
    /// A reload is finding a friend just added or renamed, to select them.
    private var isFollowing = false
    /// The user moved the selection meanwhile: the follow then leaves the selection where they put it.
    private var movedWhileFollowing = false
    /// "Added Anna Beck", shown when the reload that follows her lands.
    private var followStatus: StatusMessage?

    public init(context: FriendsContext) {
        self.context = context
    }

    // MARK: Rows

    public var rowCount: Int {
        if case .loaded(let total) = phase, total > 0 { return total }
        return 1
    }

    /// The row at `index` as held: a lookup that fetches nothing (`show(rows:)` does).
    public func row(at index: Int) -> FriendsListRow {
        switch phase {
        case .loading:
            return index == 0 ? .loading(loadingText) : .placeholder
        case .failed(let error):
            return .error(FriendsErrorText.loading(error))
        case .loaded(let total):
            guard total > 0 else { return .empty(emptyText, suggestsAdding: appliedFilter.isEmpty) }
            guard index >= 0, index < total else { return .placeholder }
            if let entry = cache.entry(at: index) {
                var row = entry.row
                row.isDeleting = deleting.contains(row.id)
                return .friend(row)
            }
            if let error = failedWindows[cache.window(containing: index)] {
                return .error(FriendsErrorText.loading(error))
            }
            return .placeholder
        }
    }

    public func canOpen(at index: Int) -> Bool { friend(at: index) != nil }

    public var canRetry: Bool {
        if case .failed = phase { return true }
        return !failedWindows.isEmpty
    }

    /// Fetches the windows of the rows shown that are not held yet, and the next one past either end when the
    /// rows come near it; keeps what is held around them.
    public func show(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        anchor = rows.lowerBound
        guard case .loaded(let total) = phase, total > 0 else { return }
        let first = cache.window(containing: max(0, rows.lowerBound))
        let last = cache.window(containing: min(rows.upperBound, total) - 1)
        for window in first...max(first, last) where !cache.holds(window: window, total: total) {
            fetchWindow(window)
        }
        prefetch(around: rows.lowerBound, total: total)
        prefetch(around: min(rows.upperBound, total) - 1, total: total)
    }

    /// How many friends are held in memory now (for tests: never the whole list).
    var heldRowCount: Int { cache.count }

    // MARK: Intents

    public func load() {
        guard !tracker.isClosed, !hasStarted else { return }
        hasStarted = true
        startReload(around: 0)
    }

    public func retry() {
        guard !tracker.isClosed else { return }
        switch phase {
        case .failed:
            startReload(around: 0)
        case .loading:
            if !isReloading { hasStarted = true; startReload(around: 0) }
        case .loaded:
            guard !failedWindows.isEmpty else { return refresh() }
            let windows = failedWindows.keys.sorted()
            failedWindows.removeAll()
            for window in windows { fetchWindow(window) }
            bumpRows()
        }
    }

    public func refresh() {
        guard !tracker.isClosed else { return }
        hasStarted = true
        startReload(around: anchor)
    }

    public func select(_ index: Int) {
        if isFollowing { movedWhileFollowing = true }
        selection.update(min(max(index, 0), rowCount - 1))
    }

    public func open(at index: Int) {
        guard !tracker.isClosed, let friend = friend(at: index) else { return }
        let detail = FriendDetailViewModel(friend: friend, context: context) { [weak self] change in
            self?.apply(change)
        }
        context.navigator.push(.friendDetail(detail))
    }

    public func add() {
        guard !tracker.isClosed else { return }
        let form = FriendFormViewModel(mode: .add, context: context) { [weak self] change in
            self?.apply(change)
        }
        context.navigator.push(.friendForm(form))
    }

    public func edit(at index: Int) {
        guard !tracker.isClosed, let friend = friend(at: index), !deleting.contains(friend.id) else { return }
        let form = FriendFormViewModel(mode: .edit(friend), context: context) { [weak self] change in
            self?.apply(change)
        }
        context.navigator.push(.friendForm(form))
    }

    public func requestDelete(at index: Int) {
        guard !tracker.isClosed, let friend = friend(at: index), !deleting.contains(friend.id) else { return }
        pendingDelete = friend
        confirmation.value = ConfirmationRequest(
            title: "Delete \(DisplayText.oneLine(friend.fullName))?", detail: "This cannot be undone.",
            confirmLabel: "Delete", cancelLabel: "Cancel", isDestructive: true)
    }

    public func confirmDelete() {
        guard !tracker.isClosed, let friend = pendingDelete else { return }
        pendingDelete = nil
        confirmation.value = nil
        deleting.insert(friend.id)
        bumpRows()
        let repository = context.repository
        tracker.run(ActivityKey("delete-\(friend.id)")) { [weak self] in
            var failure: FriendsError?
            do throws(FriendsError) {
                try await repository.deleteFriend(id: friend.id)
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self else { return }
            self.finishDelete(of: friend, failure: failure)
        }
    }

    public func cancelDelete() {
        pendingDelete = nil
        confirmation.value = nil
    }

    public func setFilter(_ text: String) {
        guard !tracker.isClosed else { return }
        filter.update(text)
        let wanted = DisplayText.trimmed(text)
        guard wanted != requestedFilter else { return }
        requestedFilter = wanted
        hasStarted = true
        startReload(around: 0)
    }

    public func dismissStatus() {
        status.update(nil)
    }

    public func close() {
        tracker.close()
        pendingDelete = nil
        isReloading = false
        pendingWindows.removeAll()
        updateLoading()
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    // MARK: Loading

    /// Fetches the window around `index` for the requested filter, or the window holding `followed` when it is
    /// in the list (which then selects it); the rows shown stay until the answer arrives.
    private func startReload(around index: Int, following followed: Friend? = nil) {
        isFollowing = followed != nil
        movedWhileFollowing = false
        let filterText = requestedFilter
        let size = Self.windowSize
        let firstWindow = max(index, 0) / size
        isReloading = true
        if case .failed = phase {
            phase = .loading
            bumpRows()
        }
        updateLoading()
        let repository = context.repository
        tracker.run(Self.reloadKey) { [weak self] in
            var window = firstWindow
            var followedIndex: Int?
            let outcome: Result<FriendsPage, FriendsError>
            do throws(FriendsError) {
                let query = filterText.isEmpty ? nil : filterText
                var page = try await repository.friendsPage(filter: query, offset: window * size, limit: size)
                if let followed, let found = try await Self.locate(followed, from: page, window: window,
                                                                    repository: repository, filter: query) {
                    (page, window, followedIndex) = found
                } else if page.friends.isEmpty, page.total > 0, window > 0 {
                    // The list shrank below where the user was: show its end instead.
                    window = (page.total - 1) / size
                    page = try await repository.friendsPage(filter: query, offset: window * size, limit: size)
                }
                outcome = .success(page)
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.finishReload(outcome, filter: filterText, window: window, select: followedIndex)
        }
    }

    /// The window holding `friend`, found by halving over windows in list order (a few reads, not the whole
    /// list), with the friend's index; nil when the friend is not in the list (another filter, say).
    private static func locate(_ friend: Friend, from page: FriendsPage, window: Int,
                               repository: any FriendsRepository, filter: String?)
        async throws(FriendsError) -> (FriendsPage, Int, Int)? {
        let size = windowSize
        let key = FriendOrderKey(friend)
        var (page, window) = (page, window)
        var low = 0, high = (page.total - 1) / size
        for _ in 0..<32 {
            if let offset = page.friends.firstIndex(where: { $0.id == friend.id }) {
                return (page, window, window * size + offset)
            }
            guard let first = page.friends.first, let last = page.friends.last else { return nil }
            if key < FriendOrderKey(first) {
                high = window - 1
            } else if FriendOrderKey(last) < key {
                low = window + 1
            } else {
                return nil // between two neighbours of one window: not in the list
            }
            guard low <= high, !Task.isCancelled else { return nil }
            window = (low + high) / 2
            page = try await repository.friendsPage(filter: filter, offset: window * size, limit: size)
        }
        return nil
    }

    private func finishReload(_ outcome: Result<FriendsPage, FriendsError>, filter filterText: String, window: Int,
                              select followedIndex: Int? = nil) {
        isReloading = false
        // A key that moved the selection while the friend was being found wins over following them.
        let follows = !movedWhileFollowing
        isFollowing = false
        movedWhileFollowing = false
        let filterChanged = filterText != appliedFilter
        switch outcome {
        case .success(let page):
            appliedFilter = filterText
            startNewGeneration()
            cache.removeAll()
            phase = .loaded(total: page.total)
            cache.store(entries(for: page.friends), at: window * Self.windowSize)
        case .failure(let error):
            // A failed load or refresh shows the error row and its retry key: rows kept from before would claim
            // the service still says so.
            appliedFilter = filterText
            startNewGeneration()
            cache.removeAll()
            phase = .failed(error)
        }
        if let followStatus {
            status.value = followStatus
            self.followStatus = nil
        }
        if let followedIndex, follows, case .success = outcome {
            selection.update(followedIndex)
            anchor = followedIndex
        } else         if filterChanged {
            selection.update(0)
        } else {
            select(selection.value)
        }
        updateTitle()
        bumpRows()
        updateLoading()
    }

    private func prefetch(around index: Int, total: Int) {
        let window = cache.window(containing: index)
        let offset = index - window * Self.windowSize
        if offset >= Self.windowSize * 3 / 4, !cache.holds(window: window + 1, total: total) {
            fetchWindow(window + 1)
        }
        if offset < Self.windowSize / 4, window > 0, !cache.holds(window: window - 1, total: total) {
            fetchWindow(window - 1)
        }
    }

    private func fetchWindow(_ window: Int) {
        guard case .loaded(let total) = phase, window >= 0, window * Self.windowSize < total,
              !pendingWindows.contains(window), failedWindows[window] == nil, !tracker.isClosed else { return }
        pendingWindows.insert(window)
        updateLoading()
        let generation = generation
        let query = appliedFilter.isEmpty ? nil : appliedFilter
        let size = Self.windowSize
        let repository = context.repository
        tracker.run(ActivityKey(Self.windowKeyPrefix + String(window))) { [weak self] in
            let outcome: Result<FriendsPage, FriendsError>
            do throws(FriendsError) {
                outcome = .success(try await repository.friendsPage(filter: query, offset: window * size, limit: size))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self, generation == self.generation else { return }
            self.finishWindow(window, outcome)
        }
    }

    private func finishWindow(_ window: Int, _ outcome: Result<FriendsPage, FriendsError>) {
        pendingWindows.remove(window)
        switch outcome {
        case .success(let page):
            if case .loaded(let total) = phase, total != page.total {
                // The list changed underneath (another client): what is held may be off by some rows.
                startNewGeneration()
                cache.removeAll()
                phase = .loaded(total: page.total)
                select(selection.value)
                updateTitle()
            }
            cache.store(entries(for: page.friends), at: window * Self.windowSize)
            cache.trim(around: anchor)
        case .failure(let error):
            failedWindows[window] = error
        }
        bumpRows()
        updateLoading()
    }

    /// Drops window fetches of the old numbering.
    private func startNewGeneration() {
        generation += 1
        tracker.cancelAll { $0.name.hasPrefix(Self.windowKeyPrefix) }
        pendingWindows.removeAll()
        failedWindows.removeAll()
    }

    // MARK: Changes

    private func finishDelete(of friend: Friend, failure: FriendsError?) {
        deleting.remove(friend.id)
        let name = DisplayText.oneLine(friend.fullName)
        if case .notFound? = failure {
            // Deleted elsewhere meanwhile: what the user wanted is done.
            remove(friend)
            status.value = .info(FriendsErrorText.deletedElsewhere(name))
        } else if let failure {
            status.value = .error(FriendsErrorText.deleting(name, failure))
            bumpRows()
        } else {
            remove(friend)
            status.value = .info("Deleted \(name)")
        }
    }

    /// What the detail or form changed, applied without reloading the whole list.
    private func apply(_ change: FriendChange) {
        guard !tracker.isClosed else { return }
        switch change {
        case .added(let friend):
            // The selection follows the new friend to wherever the list order puts them; the message comes with
            // the list that shows them, so no key lands between the two.
            followStatus = .info("Added \(DisplayText.oneLine(friend.fullName))")
            startReload(around: anchor, following: friend)
        case .updated(let friend):
            status.value = .info("Saved \(DisplayText.oneLine(friend.fullName))")
            if cache.replace(entry(for: friend)) { bumpRows() }
            // A new name may move the friend: the selection goes along.
            startReload(around: anchor, following: friend)
        case .deleted(let friend):
            remove(friend)
            status.value = .info("Deleted \(DisplayText.oneLine(friend.fullName))")
        }
    }

    private func remove(_ friend: Friend) {
        guard case .loaded(let total) = phase, cache.remove(id: friend.id) != nil else {
            // Not among the rows held: where it was is unknown, so fetch the window again.
            startReload(around: anchor)
            return
        }
        startNewGeneration()
        phase = .loaded(total: max(total - 1, 0))
        if isReloading {
            // A reload that started before the delete may still hold the friend.
            startReload(around: anchor)
        }
        select(selection.value)
        updateTitle()
        bumpRows()
        updateLoading()
    }

    // MARK: Text and bookkeeping

    private func friend(at index: Int) -> Friend? {
        guard case .loaded = phase else { return nil }
        return cache.entry(at: index)?.friend
    }

    private func entries(for friends: [Friend]) -> [FriendsWindowCache.Entry] {
        friends.map(entry(for:))
    }

    private func entry(for friend: Friend) -> FriendsWindowCache.Entry {
        FriendsWindowCache.Entry(friend: friend,
                                 row: FriendRowModel(friend: friend, distance: context.distance(to: friend.coordinate)))
    }

    private var loadingText: String {
        requestedFilter.isEmpty ? "Loading friends…" : "Searching friends for “\(DisplayText.oneLine(requestedFilter))”…"
    }

    private var emptyText: String {
        appliedFilter.isEmpty
            ? "You have no friends yet"
            : "No friends match “\(DisplayText.oneLine(appliedFilter))”"
    }

    private func updateTitle() {
        guard case .loaded(let total) = phase else { return title.update("Friends") }
        if appliedFilter.isEmpty {
            title.update("Friends · \(DisplayText.count(total))")
        } else {
            title.update("Friends · \(DisplayText.count(total)) matching “\(DisplayText.oneLine(appliedFilter))”")
        }
    }

    private func updateLoading() {
        isLoading.update(!tracker.isClosed && (isReloading || !pendingWindows.isEmpty))
    }

    private func bumpRows() {
        rowsRevision.value += 1
    }
}
