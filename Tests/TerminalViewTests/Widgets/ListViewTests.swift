import Testing
@testable import TerminalView

struct ListViewTests {
    @Test func movesAndScrollsWithinBounds() {
        var scroll = ListScroll()
        var selected = scroll.apply(.down, selection: 0, count: 100, visibleRows: 10)
        #expect(selected == 1)
        selected = scroll.apply(.up, selection: selected, count: 100, visibleRows: 10)
        selected = scroll.apply(.up, selection: selected, count: 100, visibleRows: 10)
        #expect(selected == 0)
        selected = scroll.apply(.last, selection: selected, count: 100, visibleRows: 10)
        #expect(selected == 99 && scroll.top == 90)
        selected = scroll.apply(.first, selection: selected, count: 100, visibleRows: 10)
        #expect(selected == 0 && scroll.top == 0)
        selected = scroll.apply(.pageDown, selection: selected, count: 100, visibleRows: 10)
        #expect(selected == 9 && scroll.top == 9, "a page moves the selection and the view by a page")
        selected = scroll.apply(.pageUp, selection: selected, count: 100, visibleRows: 10)
        #expect(selected == 0 && scroll.top == 0)
        #expect(scroll.apply(.down, selection: 0, count: 0, visibleRows: 10) == 0)
    }

    @MainActor
    @Test func theSharedKeysMapEveryMove() {
        let map = KeyMap<ListMove>(title: "List", ListKeys.bindings { $0 })
        #expect(map.action(for: .down) == .down && map.action(for: .character("j")) == .down)
        #expect(map.action(for: .up) == .up && map.action(for: .character("k")) == .up)
        #expect(map.action(for: .pageDown) == .pageDown && map.action(for: .control("f")) == .pageDown)
        #expect(map.action(for: .pageUp) == .pageUp && map.action(for: .control("b")) == .pageUp)
        #expect(map.action(for: .home) == .first && map.action(for: .character("g")) == .first)
        #expect(map.action(for: .end) == .last && map.action(for: .character("G")) == .last)
        #expect(map.footerHints == [KeyHint(keys: "↑↓", summary: "move")])
        #expect(Set(map.bindings.map(\.action)) == Set(ListMove.allCases))
    }

    @Test func drawsOnlyVisibleRows() {
        var scroll = ListScroll()
        scroll.follow(selection: 50, count: 100_000, visibleRows: 5)
        var asked: [Int] = []
        ListView.draw(in: Rect(x: 0, y: 0, width: 10, height: 5), top: scroll.top, count: 100_000,
                      selection: 50) { index, _, _ in
            asked.append(index)
        }
        #expect(asked == [46, 47, 48, 49, 50])
    }

    @Test func mouseClickSelectsThenOpensAndWheelScrolls() {
        let rect = Rect(x: 0, y: 2, width: 20, height: 10)
        let click = MouseEvent(kind: .click, point: Point(x: 3, y: 5))
        #expect(ListView.mouseAction(click, rect: rect, top: 0, count: 50, selection: 0) == .click(row: 3, open: false))
        #expect(ListView.mouseAction(click, rect: rect, top: 0, count: 50, selection: 3) == .click(row: 3, open: true))
        #expect(ListView.mouseAction(MouseEvent(kind: .wheelDown, point: Point(x: 3, y: 5)), rect: rect, top: 0,
                                     count: 50, selection: 3) == .scroll(3))
        #expect(ListView.mouseAction(MouseEvent(kind: .click, point: Point(x: 3, y: 0)), rect: rect, top: 0,
                                     count: 50, selection: 0) == nil)
        #expect(ListView.mouseAction(MouseEvent(kind: .click, point: Point(x: 3, y: 11)), rect: rect, top: 0,
                                     count: 5, selection: 0) == nil)
    }
}
