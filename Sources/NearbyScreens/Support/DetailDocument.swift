import TerminalView

/// The scrolled body of a detail screen (a place, a friend): drawn again into its `ScrolledDocument` only
/// when what it shows changed (`contentChanged()`) or the room for it did, and scrolled with the list keys
/// while it is taller than its room.
@MainActor
final class DetailDocument {
    private var document = ScrolledDocument()
    /// Bumped by every change to what the body shows.
    private var revision = 0
    /// What the document was last drawn for: the revision and the room.
    private var rendered: [Int] = []

    /// The list keys, "scroll" in the footer, each enabled only while there is something to scroll to.
    func scrollBindings<Action>(_ keys: (String) -> ActionKeys, _ action: (ListMove) -> Action) -> [KeyBinding<Action>] {
        ListKeys.bindings(footer: "scroll", keys: keys, action).map { binding in
            binding.enabled { [unowned self] in document.canScroll }
        }
    }

    /// What the body shows changed: the next layout draws it again.
    func contentChanged() { revision += 1 }

    /// Draws the body again when it or `rect` changed (`render` draws into the document's area and returns
    /// the rows used), then keeps the scroll position within the rows.
    func layout(in rect: Rect, render: (CellBuffer, Rect) -> Int) {
        let key = [revision, rect.width, rect.height]
        if key != rendered {
            rendered = key
            document.render(width: rect.width, render)
        }
        document.fit(visibleRows: rect.height)
    }

    func scroll(_ move: ListMove) { document.apply(move) }

    /// Whether any of `rows` (of the document) is in view.
    func shows(_ rows: Range<Int>) -> Bool {
        rows.overlaps(document.offset..<(document.offset + document.visibleRows))
    }

    /// Scrolls the least that shows `rows` (of the document).
    func reveal(_ rows: Range<Int>) { document.reveal(rows) }

    func draw(in buffer: CellBuffer, rect: Rect) { document.draw(in: buffer, rect: rect) }
}
