import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// The Regions screen's model headless: rows, per-row states, keys' intents, the filter, and work that goes on
/// when the screen is left.
@MainActor
@Suite struct RegionsViewModelTests {
    private let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_000_000_000) }

    private func make(_ service: StubRegions) async -> (RegionsViewModel, RegionTasks) {
        let tasks = RegionTasks(service: service)
        let model = RegionsViewModel(tasks: tasks, clock: clock)
        model.load()
        await model.idle()
        return (model, tasks)
    }

    private func region(_ model: RegionsViewModel, _ index: Int) -> RegionRowModel? {
        if case .region(let row) = model.row(at: index) { return row }
        return nil
    }

    @Test func rowsSayTheAgePlacesAndSize() async {
        let (model, _) = await make(StubRegions([StubRegions.region(1, "liechtenstein"),
                                                 StubRegions.region(2, "andorra", feed: false, days: 0.5)]))
        #expect(model.title.value == "Regions · 2")
        #expect(region(model, 0) == RegionRowModel(name: "liechtenstein", age: "data from 3 days ago",
                                                   places: "1,234 places", size: "2.1 MB", canUpdate: true))
        #expect(region(model, 1)?.age == "data from today")
    }

    @Test func anUpdateShowsItsWorkThenWhatChangedAndTheNewAge() async {
        let service = StubRegions([StubRegions.region(1, "liechtenstein")])
        service.hold(1)
        let (model, tasks) = await make(service)
        model.updateSelected()
        while !service.isWaiting { await Task.yield() }
        await Task.yield()
        #expect(region(model, 0)?.isWorking == true)
        #expect(model.isBusy)
        service.release(1)
        await model.idle()
        #expect(tasks.states.value[1] == .done("places 2 added"))
        #expect(region(model, 0)?.stateText == "✓ places 2 added")
        #expect(region(model, 0)?.age == "data from today")
        #expect(!model.isBusy)
    }

    @Test func aFailedUpdateSaysWhyAndRRetriesIt() async {
        let service = StubRegions([StubRegions.region(1, "liechtenstein")])
        service.fail(1, "The replication feed could not be read: Could not connect to the server.")
        let (model, _) = await make(service)
        model.updateSelected()
        await model.idle()
        #expect(region(model, 0)?.stateText == "failed: The replication feed could not be read: Could not connect to the server.")
        #expect(model.canRetry)
        model.retry()
        await model.idle()
        #expect(region(model, 0)?.stateText == "✓ places 2 added")
        #expect(service.updated == [1])
    }

    @Test func updateAllTakesEveryRegionWithAFeedOneAtATime() async {
        let service = StubRegions([StubRegions.region(1, "a"), StubRegions.region(2, "b", feed: false),
                                   StubRegions.region(3, "c")])
        service.hold(1)
        let (model, tasks) = await make(service)
        model.updateAll()
        while !service.isWaiting { await Task.yield() }
        #expect(tasks.states.value[3] == .waiting)
        #expect(tasks.states.value[2] == nil)
        service.release(1)
        await model.idle()
        #expect(service.updated == [1, 3])
    }

    @Test func aRegionWithoutAFeedSaysSoInsteadOfUpdating() async {
        let service = StubRegions([StubRegions.region(2, "map", feed: false)])
        let (model, _) = await make(service)
        model.updateSelected()
        await model.idle()
        #expect(model.status.value?.kind == .error)
        #expect(service.updated.isEmpty)
    }

    @Test func removingAsksFirstAndKeepOrRemoveIsHonoured() async {
        let service = StubRegions([StubRegions.region(1, "a"), StubRegions.region(2, "b")])
        let (model, _) = await make(service)
        model.select(1)
        model.requestRemove()
        #expect(model.confirmation.value?.title == "Remove b?")
        model.answer(false)
        await model.idle()
        #expect(model.rowCount == 2)
        model.requestRemove()
        model.answer(true)
        await model.idle()
        #expect(model.confirmation.value == nil)
        #expect(model.rowCount == 1)
        #expect(region(model, 0)?.name == "a")
    }

    @Test func leavingTheScreenDoesNotStopAnUpdateAndComingBackShowsIt() async {
        let service = StubRegions([StubRegions.region(1, "liechtenstein")])
        service.hold(1)
        let (first, tasks) = await make(service)
        first.updateSelected()
        while !service.isWaiting { await Task.yield() }
        first.close()
        let again = RegionsViewModel(tasks: tasks, clock: clock)
        again.load()
        service.release(1)
        await again.idle()
        #expect(service.updated == [1])
        #expect(region(again, 0)?.stateText == "✓ places 2 added")
    }

    @Test func theFilterKeepsMatchingNamesAndSaysWhenNoneDoes() async {
        let (model, _) = await make(StubRegions([StubRegions.region(1, "liechtenstein"), StubRegions.region(2, "Zürich")]))
        model.setFilter("zur")
        #expect(model.rowCount == 1)
        #expect(region(model, 0)?.name == "Zürich")
        model.setFilter("atlantis")
        #expect(model.row(at: 0) == .empty("No region matches “atlantis”"))
    }

    @Test func anEmptyStoreSaysHowToGetARegion() async {
        let (model, _) = await make(StubRegions([]))
        guard case .empty(let text) = model.row(at: 0) else {
            Issue.record("\(model.row(at: 0))")
            return
        }
        #expect(text.contains("nearby download"))
    }

    @Test func aOpensTheIndexWhoseFilterFindsByAnyWordAndEnterDownloads() async {
        let service = StubRegions([])
        let tasks = RegionTasks(service: service)
        let navigator = Navigator()
        let model = RegionsViewModel(tasks: tasks, navigator: navigator, clock: clock)
        model.load()
        await model.idle()
        #expect(model.canAdd)
        guard case .empty(let text) = model.row(at: 0) else {
            Issue.record("\(model.row(at: 0))")
            return
        }
        #expect(text.contains("a opens the download index"))
        model.add()
        guard case .push(.regionIndex(let index))? = navigator.recorded.last else {
            Issue.record("\(navigator.recorded)")
            return
        }
        index.load()
        await index.idle()
        #expect(index.rowCount == 3)
        index.setFilter("swi zu")
        #expect(index.rowCount == 1)
        #expect(index.row(at: 0) == .choice(name: "Zürich", path: "Europe › Switzerland › Zürich"))
        index.setFilter("europe")
        #expect(index.rowCount == 3)
        index.setFilter("zur")
        index.open(at: 0)
        guard case .pop? = navigator.recorded.last else {
            Issue.record("\(navigator.recorded)")
            return
        }
        await model.idle()
        // In the store now: the extract's row, and the status says what came.
        #expect(model.rowCount == 1)
        #expect(region(model, 0)?.name == "zurich")
        #expect(model.status.value == .info("Zürich: 10 places imported"))
    }

    @Test func aDownloadShowsItsRowWhileItRunsAndRRetriesAFailedOne() async {
        let service = StubRegions([StubRegions.region(1, "liechtenstein")])
        service.hold(-3)
        service.fail(-3, "The download site answered with an error (HTTP 500).")
        let tasks = RegionTasks(service: service)
        let model = RegionsViewModel(tasks: tasks, navigator: Navigator(), clock: clock)
        model.load()
        await model.idle()
        tasks.download(StubRegions.index[2])
        while !service.isWaiting { await Task.yield() }
        await Task.yield()
        #expect(model.rowCount == 2)
        guard case .download(let name, let state) = model.row(at: 0) else {
            Issue.record("\(model.row(at: 0))")
            return
        }
        #expect(name == "Andorra" && state.isWorking)
        #expect(model.isBusy)
        service.release(-3)
        await model.idle()
        #expect(model.row(at: 0) == .download(name: "Andorra",
                                               state: .failed("The download site answered with an error (HTTP 500).")))
        model.select(0)
        #expect(model.canRetry)
        model.retry()
        await model.idle()
        #expect(model.rowCount == 2)
        #expect(region(model, 1)?.name == "andorra")
    }
}
