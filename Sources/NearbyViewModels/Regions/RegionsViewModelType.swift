/// What the Regions view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol RegionsViewModelType: ListViewModelType {
    func row(at index: Int) -> RegionsListRow
    /// `u`: the selected region brought up to date; `U`: every region with a feed.
    func updateSelected()
    func updateAll()
    /// `d`: asks first (`confirmation`), then removes the selected region.
    func requestRemove()
    /// The question open now (removal), answered with `answer(_:)`.
    var confirmation: Observable<ConfirmationRequest?> { get }
    func answer(_ yes: Bool)
    /// Whether a region's work runs or waits: quitting asks first.
    var isBusy: Bool { get }
    /// `a`: the download index, to pick a region to download; `canAdd` says whether there is one.
    func add()
    var canAdd: Bool { get }
}
