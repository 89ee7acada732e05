import Testing
@testable import TerminalView

struct RowCacheTests {
    private let rect = Rect(x: 2, y: 1, width: 6, height: 1)

    @Test func aCachedRowIsCopiedNotDrawnAgain() {
        var cache = RowCache()
        let buffer = CellBuffer(size: Size(width: 10, height: 3))
        var draws = 0
        for _ in 0..<3 {
            buffer.reset()
            cache.beginFrame(generation: [1])
            cache.draw(index: 0, selected: false, in: buffer, rect: rect) { buffer, rect in
                draws += 1
                buffer.write("café", at: Point(x: rect.x, y: rect.y), style: .plain)
                return true
            }
            cache.endFrame()
            #expect(buffer.textRows()[1] == "  café")
        }
        #expect(draws == 1)
    }

    @Test func aNewGenerationOrSelectionDrawsAgain() {
        var cache = RowCache()
        let buffer = CellBuffer(size: Size(width: 10, height: 3))
        var drawn: [String] = []
        func frame(_ generation: Int, selected: Bool) {
            cache.beginFrame(generation: [generation])
            cache.draw(index: 0, selected: selected, in: buffer, rect: rect) { buffer, rect in
                drawn.append("\(generation)\(selected)")
                buffer.write("x", at: Point(x: rect.x, y: rect.y), style: .plain)
                return true
            }
            cache.endFrame()
        }
        frame(1, selected: false)
        frame(1, selected: true)
        frame(1, selected: true)
        frame(2, selected: true)
        #expect(drawn == ["1false", "1true", "2true"])
    }

    @Test func rowsThatSayNoAreNeverCachedAndUnseenRowsAreDropped() {
        var cache = RowCache()
        let buffer = CellBuffer(size: Size(width: 10, height: 3))
        var draws = 0
        for index in [0, 0, 1] {
            cache.beginFrame(generation: [1])
            cache.draw(index: index, selected: false, in: buffer, rect: rect) { _, _ in
                draws += 1
                return false
            }
            cache.endFrame()
        }
        #expect(draws == 3)
        #expect(cache.count == 0)

        cache.beginFrame(generation: [1])
        cache.draw(index: 5, selected: false, in: buffer, rect: rect) { _, _ in true }
        cache.endFrame()
        cache.beginFrame(generation: [1])
        cache.draw(index: 6, selected: false, in: buffer, rect: rect) { _, _ in true }
        cache.endFrame()
        #expect(cache.count == 1, "a frame keeps only the rows it drew")
    }
}

extension RowCacheTests {
    /// A row drawn ahead is copied by the next frame of the same generation; it is not drawn ahead twice, nor
    /// for a generation the last frame did not have.
    @Test func aPreparedRowIsCopiedByTheNextFrame() {
        var cache = RowCache()
        let buffer = CellBuffer(size: Size(width: 10, height: 3))
        var draws: [String] = []
        func row(_ label: String) -> (CellBuffer, Rect) -> Bool {
            { buffer, rect in
                draws.append(label)
                buffer.write("row " + label, at: Point(x: rect.x, y: rect.y), style: .plain)
                return true
            }
        }
        cache.prepare(index: 1, selected: true, generation: [1], width: 6, height: 1, row("early"))
        #expect(draws.isEmpty, "no frame yet: its generation is unknown")
        cache.beginFrame(generation: [1])
        cache.draw(index: 0, selected: true, in: buffer, rect: rect, row("0"))
        cache.endFrame()
        cache.prepare(index: 1, selected: true, generation: [1], width: 6, height: 1, row("1"))
        cache.prepare(index: 1, selected: true, generation: [1], width: 6, height: 1, row("1 again"))
        cache.prepare(index: 2, selected: true, generation: [2], width: 6, height: 1, row("other generation"))
        #expect(draws == ["0", "1"])

        buffer.reset()
        cache.beginFrame(generation: [1])
        cache.draw(index: 1, selected: true, in: buffer, rect: rect, row("1 in the frame"))
        cache.endFrame()
        #expect(draws == ["0", "1"], "the frame copied the prepared row")
        #expect(buffer.textRows()[1] == "  row 1")
    }
}
