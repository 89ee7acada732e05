import Testing
@testable import TerminalView

struct CellBufferTests {
    @Test func writesSanitisedText() {
        let buffer = CellBuffer(size: Size(width: 20, height: 1))
        buffer.write("a\u{1B}[31mb", at: Point(x: 0, y: 0), style: .plain)
        #expect(buffer.text() == "a␛[31mb")
        #expect(!buffer.cells.contains { $0.text.unicodeScalars.contains { $0.value == 0x1B } })
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
        let buffer = CellBuffer(size: Size(width: 5, height: 1))
        let used = buffer.write("東京タ", at: Point(x: 0, y: 0), style: .plain)
        #expect(used == 5) // two wide characters, then a blank instead of half of the third
        #expect(buffer.text() == "東京")
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[4, 0].text == " ")
    }

    @Test func combiningMarksJoinTheirBase() {
        let buffer = CellBuffer(size: Size(width: 5, height: 1))
        buffer.write("e\u{301}x", at: Point(x: 0, y: 0), style: .plain)
        #expect(buffer[0, 0].text == "e\u{301}")
        #expect(buffer[1, 0].text == "x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("東", at: Point(x: 0, y: 0), style: .plain)
        buffer.write("x", at: Point(x: 1, y: 0), style: .plain)
        #expect(buffer.text() == " x")
        #expect(!buffer[1, 0].isContinuation)
    }

    @Test func clipsToRectAndMaxWidth() {
        let buffer = CellBuffer(size: Size(width: 10, height: 2))
        buffer.write("abcdefgh", at: Point(x: 2, y: 1), style: .plain, maxWidth: 3)
        #expect(buffer.textRows() == ["", "  abc"])
        buffer.write("zzzz", at: Point(x: 0, y: 0), style: .plain, clip: Rect(x: 1, y: 0, width: 2, height: 1))
        #expect(buffer.textRows()[0] == " zz")
    }

    @Test func diffFindsOnlyChangedRuns() {
        let a = CellBuffer(size: Size(width: 10, height: 3))
        let b = CellBuffer(size: Size(width: 10, height: 3))
        a.write("hello", at: Point(x: 0, y: 1), style: .plain)
        b.write("hellO", at: Point(x: 0, y: 1), style: .plain)
        #expect(b.changedRuns(since: a) == [ChangedRun(y: 1, startX: 4, endX: 5)])
        #expect(b.changedRuns(since: nil).count == 3)
        let c = CellBuffer(size: Size(width: 10, height: 3))
        c.write("hello", at: Point(x: 0, y: 1), style: Style(attributes: .reverse))
        #expect(c.changedRuns(since: a) == [ChangedRun(y: 1, startX: 0, endX: 5)])
    }

    @Test func diffTakesWideNeighboursAlong() {
        let a = CellBuffer(size: Size(width: 6, height: 1))
        let b = CellBuffer(size: Size(width: 6, height: 1))
        a.write("ab東", at: Point(x: 0, y: 0), style: .plain)
        b.write("ab京", at: Point(x: 0, y: 0), style: .plain)
        let runs = b.changedRuns(since: a)
        #expect(runs == [ChangedRun(y: 0, startX: 2, endX: 4)])
    }

    @Test func styleSnapshotShowsRoles() {
        let buffer = CellBuffer(size: Size(width: 6, height: 1))
        let selected = Style(attributes: .reverse)
        buffer.write("ab", at: Point(x: 0, y: 0), style: .plain)
        buffer.write("cd", at: Point(x: 2, y: 0), style: selected)
        #expect(buffer.styleRows(legend: [selected: "R"]) == ["  RR"])
    }
}

struct CellBufferCopyTests {
    @Test func pasteRestoresWhatCopyTookAndRepairsWideNeighbours() {
        let source = CellBuffer(size: Size(width: 8, height: 2))
        source.write("日本x", at: Point(x: 1, y: 0), style: .plain)
        let cells = source.copy(Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(cells.count == 5)

        let target = CellBuffer(size: Size(width: 8, height: 2))
        // A wide character straddling the left edge loses its other half, as a terminal would show it.
        target.write("中", at: Point(x: 0, y: 0), style: .plain)
        target.paste(cells, in: Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(target.textRows()[0] == " 日本x")
        #expect(target[0, 0] == .blank())
    }

    @Test func pasteIgnoresCellsOfAnotherSize() {
        let target = CellBuffer(size: Size(width: 4, height: 1))
        target.paste([Cell.blank(), Cell.blank()], in: Rect(x: 0, y: 0, width: 3, height: 1))
        target.paste([Cell.blank()], in: Rect(x: 3, y: 0, width: 2, height: 1))
        #expect(target.textRows()[0] == "")
    }
}

/// Which blanks look alike whatever their foreground.
struct BlankCellTests {
    @Test func onlyAPlainSpaceIsBlank() {
        #expect(Cell.blank(Style(foreground: .red)).isBlank)
        #expect(!Cell(scalar: "x", style: .plain, width: 1).isBlank)
        #expect(!Cell.continuation(.plain).isBlank)
        var marked = Cell.blank()
        marked.appendMark("\u{301}")
        #expect(!marked.isBlank)
    }

    @Test func aBlankShowsOnlyItsBackgroundUnlessReversedOrUnderlined() {
        let cyan = Style(foreground: .cyan)
        #expect(Style.plain.drawsBlankLike(cyan))
        #expect(Style.plain.adding(.bold).drawsBlankLike(cyan))
        #expect(!Style(background: .blue).drawsBlankLike(cyan))
        #expect(!Style.plain.adding(.underline).drawsBlankLike(cyan))
        #expect(!Style.plain.drawsBlankLike(cyan.adding(.reverse)))
    }
}

/// A placed picture is covered by anything written over its cells afterwards, and by nothing beside it.
@MainActor
struct CellBufferGraphicsTests {
    static let picture = GraphicPicture(id: "p", width: 4, height: 2, graphics: .sixel, bytes: [])

    static func placed() -> CellBuffer {
        let buffer = CellBuffer(size: Size(width: 20, height: 6))
        buffer.place(picture, at: Point(x: 5, y: 1))
        return buffer
    }

    @Test func textBesideThePictureLeavesItShown() {
        let buffer = Self.placed()
        buffer.write("left", at: Point(x: 0, y: 1), style: .plain)
        buffer.write("right", at: Point(x: 9, y: 2), style: .plain)
        buffer.fill(Rect(x: 0, y: 3, width: 20, height: 2))
        buffer.applyStyle(Style(attributes: .bold), to: Rect(x: 0, y: 1, width: 20, height: 1))
        #expect(buffer.visibleGraphics.count == 1)
    }

    @Test(arguments: ["text", "fill", "cell", "paste"])
    func anythingWrittenOverItCoversIt(how: String) {
        let buffer = Self.placed()
        switch how {
        case "text": buffer.write("a long line of text", at: Point(x: 0, y: 2), style: .plain)
        case "fill": buffer.fill(Rect(x: 8, y: 2, width: 3, height: 3))
        case "cell": buffer[6, 1] = Cell.blank(.plain)
        default: buffer.paste([Cell](repeating: .blank(.plain), count: 2), in: Rect(x: 7, y: 2, width: 2, height: 1))
        }
        #expect(buffer.visibleGraphics.isEmpty, "\(how)")
        #expect(buffer.graphics.count == 1, "still placed, only covered")
        buffer.reset()
        #expect(buffer.graphics.isEmpty)
    }
}
