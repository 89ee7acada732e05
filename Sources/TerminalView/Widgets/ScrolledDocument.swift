/// Content that may be taller than its view (a detail screen on a small terminal): drawn once into a buffer
/// of its own, then shown a window at a time, scrolled with the list keys.
///
/// Drawing the content again only when it changes keeps scrolling to a copy of the rows in view.
public struct ScrolledDocument {
    /// The content as drawn, `height` rows of it in use.
    public private(set) var content = CellBuffer(size: Size(width: 0, height: 0))
    public private(set) var height = 0
    /// The first content row in view.
    public private(set) var offset = 0
    /// Rows in view, from the last `fit`.
    public private(set) var visibleRows = 1

    public init() {}

    /// Draws the content `width` columns wide: `render` draws from the top of the rectangle it is given
    /// (at most `maxHeight` rows) and returns how many rows it used.
    public mutating func render(width: Int, maxHeight: Int = 400, _ render: (CellBuffer, Rect) -> Int) {
        let size = Size(width: max(0, width), height: maxHeight)
        if content.size != size { content = CellBuffer(size: size) } else { content.reset() }
        height = min(maxHeight, max(0, render(content, content.bounds)))
        clamp()
    }

    /// Sets how many rows are in view and keeps the offset within the content.
    public mutating func fit(visibleRows rows: Int) {
        visibleRows = max(1, rows)
        clamp()
    }

    /// Whether there is more than fits.
    public var canScroll: Bool { height > visibleRows }

    /// Scrolls as a list key asks: a row, a page, or to either end.
    public mutating func apply(_ move: ListMove) {
        let page = max(1, visibleRows - 1)
        switch move {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .first: offset = 0
        case .last: offset = height
        }
        clamp()
    }

    /// Scrolls the least that brings `rows` into view (their start, when they are taller than the view).
    public mutating func reveal(_ rows: Range<Int>) {
        if rows.upperBound > offset + visibleRows { offset = rows.upperBound - visibleRows }
        if rows.lowerBound < offset { offset = rows.lowerBound }
        clamp()
    }

    /// Copies the rows in view into `rect`, with their spinners.
    public func draw(in buffer: CellBuffer, rect: Rect) {
        let shown = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.height, max(0, height - offset)))
        buffer.paste(from: content, origin: Point(x: 0, y: offset), in: shown)
        for link in content.links where link.y >= offset && link.y < offset + shown.height {
            let columns = max(link.columns.lowerBound, 0)..<min(link.columns.upperBound, shown.width)
            guard !columns.isEmpty else { continue }
            buffer.links.append(CellLink(y: rect.y + link.y - offset,
                                         columns: (rect.x + columns.lowerBound)..<(rect.x + columns.upperBound),
                                         target: link.target))
        }
        for spinner in content.spinnerCells where spinner.point.y >= offset && spinner.point.y < offset + shown.height {
            buffer.addSpinner(at: Point(x: rect.x + spinner.point.x, y: rect.y + spinner.point.y - offset),
                              style: spinner.style)
        }
    }

    private mutating func clamp() {
        offset = min(max(0, offset), max(0, height - visibleRows))
    }
}
