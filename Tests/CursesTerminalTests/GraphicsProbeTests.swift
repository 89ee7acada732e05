import Testing
@testable import CursesTerminal
import TerminalView

/// What terminals answer when asked about pictures, as each of them answers (from their documentation and
/// sources), read into the protocol to use: kitty's first, then iTerm2's, then sixels; none for a terminal that
/// answers only its device attributes.
struct GraphicsProbeTests {
    static func replies(_ text: String) -> GraphicsReplies { GraphicsReplies.parse(Array(text.utf8)) }

    @Test(arguments: [
        // kitty: the query checked, its name, its cells, no sixels.
        ("kitty", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c", GraphicsProtocol?.some(.kitty)),
        // WezTerm speaks kitty's protocol and sixels: kitty's first.
        ("WezTerm", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20230712\u{1B}\\\u{1B}[?65;4;6;18;22c", .kitty),
        // xterm started with sixels (-ti vt340), and foot: sixels in the device attributes.
        ("xterm", "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;17;9t\u{1B}[?63;1;2;4;6;9;15;16;22;28c", .sixel),
        ("foot", "\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}[?62;4;22c", .sixel),
        // iTerm2 names itself; its attributes list no sixels.
        ("iTerm2", "\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;22;52c", .iterm2),
        // tmux answers for itself, without sixels (as Debian builds it); GNOME Terminal (VTE) likewise.
        ("tmux", "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c", nil),
        ("VTE", "\u{1B}[?65;1;9c", nil),
        // Nothing but the attributes, with a key typed meanwhile around them.
        ("typed keys", "j\u{1B}[?6cq", nil),
    ])
    func eachTerminalsAnswersChooseItsProtocol(terminal: String, answer: String, expected: GraphicsProtocol?) {
        let replies = Self.replies(answer)
        #expect(replies.graphics == expected, "\(terminal)")
        #expect(replies.complete, "\(terminal)")
    }

    @Test func theCellSizeIsReadWhereTheTerminalTellsIt() {
        #expect(Self.replies("\u{1B}[6;20;10t\u{1B}[?62c").cell == Size(width: 10, height: 20))
        #expect(Self.replies("\u{1B}[6;0;10t\u{1B}[?62c").cell == nil, "a cell of no pixels is no answer")
        #expect(Self.replies("\u{1B}[6;99999;10t").cell == nil)
    }

    @Test func aTerminalThatDidNotAnswerYetOrAtAllIsNotComplete() {
        #expect(!Self.replies("").complete)
        #expect(!Self.replies("\u{1B}_Gi=31;OK\u{1B}\\").complete)
        #expect(Self.replies("\u{1B}_Gi=31;OK\u{1B}\\").graphics == .kitty)
        // Cut off in the middle of an answer: nothing read past it, and no crash.
        #expect(!Self.replies("\u{1B}[?62;4").complete)
        #expect(Self.replies("\u{1B}P>|iTerm2").graphics == .iterm2)
    }

    @Test func anErrorFromKittysQueryIsNoSupport() {
        #expect(Self.replies("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c").graphics == nil)
    }

    @Test func aHostileNameIsKeptShortAndWithoutControls() {
        let name = Self.replies("\u{1B}P>|evil\u{7}\u{1B}[2Jname" + String(repeating: "x", count: 500) + "\u{1B}\\")
        #expect(!(name.name ?? "").contains("\u{1B}"))
        #expect((name.name ?? "").count <= 64)
    }

    @Test func theQueryAsksEachQuestionAndTheDeviceAttributesLast() {
        let query = String(decoding: GraphicsProbe.query, as: UTF8.self)
        #expect(query.hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
        #expect(query.hasSuffix("\u{1B}[c"))
        #expect(query.contains("\u{1B}[>0q") && query.contains("\u{1B}[16t"))
    }

    @Test func kittysDeletesAskForNoAnswer() {
        #expect(String(decoding: KittyGraphics.delete(at: Point(x: 4, y: 2)), as: UTF8.self)
            == "\u{1B}_Ga=d,d=P,x=5,y=3,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deleteAll, as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }
}

/// The encoder never joins two runs of a row across a picture painted into the cells: writing its cells would
/// wipe it.
@MainActor
struct FrameEncoderPictureTests {
    @Test func runsAreNotBridgedAcrossASixel() {
        let runs = [ChangedRun(y: 1, startX: 0, endX: 3), ChangedRun(y: 1, startX: 8, endX: 10)]
        #expect(FrameEncoder.bridged(runs).count == 1, "a short gap is bridged")
        let sixel = Rect(x: 4, y: 0, width: 3, height: 3)
        #expect(FrameEncoder.bridged(runs, pictures: [sixel]) == runs)
        let below = Rect(x: 4, y: 2, width: 3, height: 3)
        #expect(FrameEncoder.bridged(runs, pictures: [below]).count == 1, "a picture on other rows is no bar")
    }
}

/// Kitty's pictures are sent once each and placed where they show: moving one (a thumbnail with its row)
/// deletes its old placement and places it again, never sending its pixels twice; a repaint deletes the
/// placements only; the end frees everything; pixels no placement shows are freed past the bound.
struct KittyImagesTests {
    static func picture(_ id: String) -> GraphicPicture {
        GraphicPicture(id: id, width: 4, height: 2, graphics: .kitty,
                       bytes: Array("\u{1B}_Ga=T,f=32,s=40,v=40,c=4,r=2,m=1\u{1B}\\\u{1B}_Gm=0;AAAA\u{1B}\\".utf8))
    }

    static func text(_ writes: [KittyImages.Write]) -> [String] {
        writes.map { write in
            switch write {
            case .anywhere(let bytes): String(decoding: bytes, as: UTF8.self)
            case .at(let point, let bytes): "@\(point.x),\(point.y) " + String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    @Test func aPictureIsSentOnceAndMovedByItsPlacement() {
        var kitty = KittyImages()
        let a = GraphicPlacement(origin: Point(x: 1, y: 1), picture: Self.picture("a"))
        let first = Self.text(kitty.writes(for: GraphicsUpdate(placed: [a])))
        #expect(first == ["\u{1B}_Ga=t,i=1,q=2,f=32,s=40,v=40,c=4,r=2,m=1\u{1B}\\\u{1B}_Gm=0;AAAA\u{1B}\\",
                          "@1,1 \u{1B}_Ga=p,i=1,p=4098,c=4,r=2,C=1,q=2\u{1B}\\"])
        let moved = GraphicPlacement(origin: Point(x: 1, y: 3), picture: Self.picture("a"))
        let move = Self.text(kitty.writes(for: GraphicsUpdate(removed: [a], placed: [moved])))
        #expect(move == ["\u{1B}_Ga=d,d=i,i=1,p=4098,q=2\u{1B}\\",
                         "@1,3 \u{1B}_Ga=p,i=1,p=12290,c=4,r=2,C=1,q=2\u{1B}\\"])
        // The same picture in a second row: placed twice, sent once.
        let twice = GraphicPlacement(origin: Point(x: 1, y: 5), picture: Self.picture("a"))
        #expect(Self.text(kitty.writes(for: GraphicsUpdate(placed: [twice]))).allSatisfy { !$0.contains("a=t") })
        // A repaint cleared the screen, and kitty's pixels with it: freed, then sent once again.
        let repaint = Self.text(kitty.writes(for: GraphicsUpdate(clearAll: true, placed: [moved, twice])))
        #expect(repaint.first == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(repaint.filter { $0.contains("a=t") }.count == 1)
        #expect(kitty.deleteAll() == KittyGraphics.deleteAll)
        // After freeing everything, pixels are sent again.
        #expect(Self.text(kitty.writes(for: GraphicsUpdate(placed: [a]))).first?.contains("a=t,i=") == true)
    }

    @Test func aPictureUnderTheTextIsPlacedUnderIt() {
        var kitty = KittyImages()
        let base = Self.picture("map")
        let map = GraphicPicture(id: "map", width: 4, height: 2, graphics: .kitty, bytes: base.bytes, belowText: true)
        let writes = Self.text(kitty.writes(for: GraphicsUpdate(placed: [GraphicPlacement(origin: Point(x: 0, y: 0),
                                                                                           picture: map)])))
        #expect(writes.last?.contains(",C=1,z=-1,q=2") == true)
    }

    @Test func pixelsNoPlacementShowsAreFreedPastTheBound() {
        var kitty = KittyImages()
        var freed: [String] = []
        for index in 0..<(KittyImages.keptImages + 5) {
            let shown = GraphicPlacement(origin: Point(x: 0, y: 0), picture: Self.picture("p\(index)"))
            let previous = index == 0 ? [] : [GraphicPlacement(origin: Point(x: 0, y: 0), picture: Self.picture("p\(index - 1)"))]
            freed += Self.text(kitty.writes(for: GraphicsUpdate(removed: previous, placed: [shown])))
                .filter { $0.contains("d=I") }
        }
        #expect(freed.count == 5)
        #expect(freed.first == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\", "the least recently placed first")
    }

    @Test func aSequenceNotLikeLibchafasIsSentAsItCameAndDeletedByItsCell() {
        var kitty = KittyImages()
        let odd = GraphicPlacement(origin: Point(x: 2, y: 2),
                                   picture: GraphicPicture(id: "x", width: 1, height: 1, graphics: .kitty,
                                                           bytes: Array("\u{1B}_Gf=100;AAAA\u{1B}\\".utf8)))
        #expect(Self.text(kitty.writes(for: GraphicsUpdate(placed: [odd]))) == ["@2,2 \u{1B}_Gf=100;AAAA\u{1B}\\"])
        #expect(Self.text(kitty.writes(for: GraphicsUpdate(removed: [odd]))) == ["\u{1B}_Ga=d,d=P,x=3,y=3,q=2\u{1B}\\"])
    }
}
