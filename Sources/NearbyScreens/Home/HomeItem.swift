import FoundationEssentials
import NearbyViewModels
import TerminalView

/// Where a click landed inside a Home item.
enum HomeHit: Equatable {
    case previousPage, nextPage
    case chip(Int)
}

/// One item of the Home column: how it draws, and what Enter, ← →, r and a click on a part of it do.
@MainActor
struct HomeItem {
    var key: String
    var height: Int
    var isSelectable: Bool
    var draw: @MainActor (CellBuffer, Rect, Bool, Theme) -> Void
    var activate: (@MainActor () -> Void)?
    var left: (@MainActor () -> Void)?
    var right: (@MainActor () -> Void)?
    var retry: (@MainActor () -> Void)?
    /// The part of the item at a point, given the item's rectangle.
    var hit: (@MainActor (Point, Rect) -> HomeHit?)?

    init(key: String, height: Int, isSelectable: Bool, draw: @escaping @MainActor (CellBuffer, Rect, Bool, Theme) -> Void,
         activate: (@MainActor () -> Void)? = nil, left: (@MainActor () -> Void)? = nil,
         right: (@MainActor () -> Void)? = nil, retry: (@MainActor () -> Void)? = nil,
         hit: (@MainActor (Point, Rect) -> HomeHit?)? = nil) {
        self.key = key
        self.height = height
        self.isSelectable = isSelectable
        self.draw = draw
        self.activate = activate
        self.left = left
        self.right = right
        self.retry = retry
        self.hit = hit
    }

    static func text(_ key: String, _ text: String, style: KeyPath<Theme, Style>) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            buffer.write(text, in: rect, style: theme[keyPath: style])
        }
    }

    static func spinnerLine(_ key: String, _ text: String) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            Spinner.draw(in: buffer, at: Point(x: rect.x + 3, y: rect.y), style: theme.spinner, glyphs: theme.glyphs)
            buffer.write(text, in: rect.inset(left: 5), style: theme.secondary)
        }
    }

    /// A failed section's line: "✗ message  r retry", highlighted across the row when selected.
    static func error(_ key: String, _ text: String, retry: @escaping @MainActor () -> Void) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: true, draw: { buffer, rect, selected, theme in
            buffer.write("   ✗ " + text, in: rect, style: selected ? theme.selection : theme.error)
        }, retry: retry)
    }
}
