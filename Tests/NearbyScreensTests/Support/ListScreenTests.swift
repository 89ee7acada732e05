import Foundation
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens
import TerminalText

/// The list views on stub view models: any number of rows, error rows, long titles, without a store.
@MainActor
struct ListScreenTests {
    private func app(_ makeView: @MainActor (ScreenHost) -> ScreenView, size: Size = Size(width: 80, height: 24))
        -> (HeadlessRunner, AppCoordinator) {
        StubApp.make(size: size, makeView)
    }

    /// A hundred thousand rows: only the rows in view are asked for, the view model hears which they are,
    /// and the list keys reach both ends.
    @Test func hundredThousandRowsDrawOnlyWhatShows() {
        let model = StubPlacesList(count: 100_000)
        let (runner, _) = app { PlacesListView(model: model, isRoot: false, host: $0) }
        // The rows in view, and after the frame the ones a move would show anew (prepared while idle).
        #expect(model.rowsAsked <= 24)
        #expect(model.shown.last == 0..<21)
        runner.press(.end)
        #expect(model.selection.value == 99_999)
        #expect(runner.text().contains("Place 99999"))
        #expect(model.shown.last == 99_979..<100_000)
        runner.press(.character("g"))
        runner.press(.pageDown)
        #expect(model.selection.value == 20)
        runner.press(.control("f"))
        #expect(model.selection.value == 40)
        runner.press(.control("b"))
        #expect(model.selection.value == 20)
        runner.press(.pageUp)
        #expect(model.selection.value == 0)
        #expect(model.rowsAsked < 200, "a few frames of rows, never the list")
    }

    /// After each frame the rows a move shows anew are drawn ahead (the selected row plain, its neighbours
    /// highlighted), so a Down key's frame, scrolling or not, copies every row; and it shows what a list drawn
    /// from nothing shows.
    @Test func rowsAMoveShowsAnewAreDrawnAheadAndMatchAFreshDrawing() {
        let model = StubPlacesList(count: 1_000)
        let (runner, _) = app { PlacesListView(model: model, isRoot: false, host: $0) }
        for _ in 0..<30 {
            model.askedIndices.removeAll()
            runner.press(.down)
            let selection = model.selection.value
            #expect(model.askedIndices == [selection, selection + 1, selection - 1],
                    "at \(selection) the frame asked for no row; only preparing the next one did")
        }
        #expect(model.shown.last == 10..<31, "the list scrolled")
        let (fresh, _) = app { PlacesListView(model: model, isRoot: false, host: $0) }
        #expect(fresh.lastFrame.cells == runner.lastFrame.cells)
        #expect(fresh.text() == runner.text())
    }

    /// An error row is highlighted across the whole row when selected, and names the key that retries it.
    @Test func aSelectedErrorRowIsHighlightedAcrossItsWidth() {
        let model = StubPlacesList(count: 10)
        model.special[0] = .error("Loading failed, check network connection")
        model.canRetry = true
        let (runner, _) = app { PlacesListView(model: model, isRoot: false, host: $0) }
        let selection = runner.theme.selection
        let styles = runner.lastFrame.styleRows(legend: [selection: "S"])
        #expect(styles[1] == String(repeating: "S", count: 80))
        #expect(runner.textRows()[1].hasSuffix("r retry"))
        #expect(runner.textRows().last?.contains("r retry") == true)
        runner.press(.down)
        let unselected = runner.lastFrame.styleRows(legend: [selection: "S"])[1]
        #expect(!unselected.contains("S"))
    }

    @Test func anEmptyListNamesTheKeyThatHelps() {
        let places = StubPlacesList(count: 0)
        let (placesRunner, _) = app { PlacesListView(model: places, isRoot: false, host: $0) }
        #expect(placesRunner.textRows()[1].contains("No cafés within 2 km — + widens the search"))
        let friends = StubFriendsList(count: 0)
        let (friendsRunner, _) = app { FriendsListView(model: friends, isRoot: false, host: $0) }
        #expect(friendsRunner.textRows()[1].contains("You have no friends yet — a adds one"))
    }

    @Test func aLongTitleIsCutWithAnEllipsisAndTheSpinnerStays() {
        let model = StubPlacesList(count: 5, title: String(repeating: "Very long title ", count: 12))
        model.isLoading.update(true)
        let (runner, _) = app { PlacesListView(model: model, isRoot: false, host: $0) }
        let header = runner.textRows()[0]
        #expect(header.contains("…"))
        #expect(header.hasSuffix("loading"))
        #expect(DisplayWidth.of(header) <= 80)
        #expect(!runner.lastFrame.spinnerCells.isEmpty)
    }

    /// At 60 columns the footer drops other hints before the way back and help.
    @Test func aNarrowFooterKeepsBackAndHelp() {
        let model = StubPlacesList(count: 50)
        let (runner, _) = app({ PlacesListView(model: model, isRoot: false, host: $0) },
                              size: Size(width: 60, height: 20))
        let footer = runner.textRows().last ?? ""
        #expect(footer.contains("esc back"))
        #expect(footer.contains("? help"))
        #expect(DisplayWidth.of(footer) <= 60)
    }

    /// The friends list's columns follow what their text needs: at 120 columns a long phone number is whole.
    @Test func friendColumnsSplitByWhatTheTextNeeds() {
        let model = StubFriendsList(count: 3)
        model.special[0] = .friend(FriendRowModel(id: 1, name: "Anna Beck", phone: "+423 (0) 555-0101 ext. 2345",
                                                  distance: "900 m N"))
        let (runner, _) = app({ FriendsListView(model: model, isRoot: false, host: $0) },
                              size: Size(width: 120, height: 20))
        let row = runner.textRows()[1]
        #expect(row.contains("+423 (0) 555-0101 ext. 2345"))
        #expect(row.contains("900 m N"))
        #expect(row.hasPrefix(" Anna Beck"))
        let (narrow, _) = app({ FriendsListView(model: model, isRoot: false, host: $0) },
                              size: Size(width: 40, height: 12))
        #expect(narrow.textRows()[1].contains("+423 (0) 555-0101 ext. 2345"),
                "the phone is whole while the name has room to give")
    }

    /// A scroll fits the columns to the rows it brings in only, and they never narrow while the list stays:
    /// a long phone number further down widens its column when it shows, and the column keeps that width
    /// scrolling back.
    @Test func friendColumnsWidenForARowScrolledInAndStayWide() {
        let model = StubFriendsList(count: 100)
        model.special[30] = .friend(FriendRowModel(id: 31, name: "Zoë Long", phone: "+423 (0) 555-0101 ext. 2345"))
        let (runner, _) = app({ FriendsListView(model: model, isRoot: false, host: $0) },
                              size: Size(width: 80, height: 20))
        func phoneColumn(of name: String) -> Int? {
            runner.textRows().first { $0.contains(name) }.flatMap { row in
                row.range(of: "+4").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
            }
        }
        let narrow = phoneColumn(of: "Person 1 ")
        for _ in 0..<30 { runner.press(.down) }
        #expect(runner.text().contains("+423 (0) 555-0101 ext. 2345"))
        let wide = phoneColumn(of: "Person 29")
        guard let narrow, let wide else {
            Issue.record("no phone column found")
            return
        }
        #expect(wide < narrow, "the phone column moved left to make room")
        for _ in 0..<30 { runner.press(.up) }
        #expect(!runner.text().contains("Zoë Long"))
        #expect(phoneColumn(of: "Person 1 ") == wide, "scrolled back, the column keeps its width")
    }
}
