import Testing
@testable import TerminalView

struct ListViewTests {
    @Test func movesAndScrollsWithinBounds() {
        var state = ListState()
        #expect(ListView.handle(.down, state: &state, count: 100, visibleRows: 10))
        #expect(state.selected == 1)
        _ = ListView.handle(.up, state: &state, count: 100, visibleRows: 10)
        _ = ListView.handle(.up, state: &state, count: 100, visibleRows: 10)
        #expect(state.selected == 0)
        _ = ListView.handle(.end, state: &state, count: 100, visibleRows: 10)
        #expect(state.selected == 99 && state.top == 90)
        _ = ListView.handle(.home, state: &state, count: 100, visibleRows: 10)
        #expect(state.selected == 0 && state.top == 0)
        _ = ListView.handle(.pageDown, state: &state, count: 100, visibleRows: 10)
        #expect(state.selected == 9)
        _ = ListView.handle(.character("G"), state: &state, count: 100, visibleRows: 10)
        #expect(state.selected == 99)
        #expect(!ListView.handle(.character("x"), state: &state, count: 100, visibleRows: 10))
    }

    @Test func drawsOnlyVisibleRows() {
        var state = ListState(selected: 50, top: 0)
        var asked: [Int] = []
        ListView.draw(in: Rect(x: 0, y: 0, width: 10, height: 5), state: &state, count: 100_000) { index, _, _ in
            asked.append(index)
        }
        #expect(asked == [46, 47, 48, 49, 50])
    }

    @Test func mouseClickSelectsThenActivatesAndWheelScrolls() {
        var state = ListState()
        let rect = Rect(x: 0, y: 2, width: 20, height: 10)
        #expect(ListView.handle(MouseEvent(kind: .click, point: Point(x: 3, y: 5)), state: &state, count: 50,
                                rect: rect) == .selected(3))
        #expect(ListView.handle(MouseEvent(kind: .click, point: Point(x: 3, y: 5)), state: &state, count: 50,
                                rect: rect) == .activated(3))
        #expect(ListView.handle(MouseEvent(kind: .wheelDown, point: Point(x: 3, y: 5)), state: &state, count: 50,
                                rect: rect) == .scrolled)
        #expect(state.selected == 6)
        #expect(ListView.handle(MouseEvent(kind: .click, point: Point(x: 3, y: 0)), state: &state, count: 50,
                                rect: rect) == .ignored)
        #expect(ListView.handle(MouseEvent(kind: .click, point: Point(x: 3, y: 11)), state: &state, count: 5,
                                rect: rect) == .ignored)
    }
}
