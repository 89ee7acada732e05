import NearbyCore
import NearbyViewModels
import TerminalView
import TerminalText

/// How a places row looks, in every list of places (Places, Favourites): the columns of a place, or a
/// spinner, error or empty row.
@MainActor
enum PlaceRowView {
    /// One row of a places list: a place, a spinner, an error (naming `retryKey`) or the empty text (and what
    /// `remedy` says of the key that would find something). Returns whether the row may be copied to the next
    /// frame (a spinner may not).
    static func draw(_ row: PlacesListRow, in buffer: CellBuffer, rect: Rect, selected: Bool, detailed: Bool,
                     walking: Bool, ratings: Bool, retryKey: String?, remedy: (EmptyPlacesRemedy) -> String?,
                     theme: Theme) -> Bool {
        let line = rect.row(0)
        switch row {
        case .place(let place):
            drawPlace(place, in: buffer, rect: rect, selected: selected, detailed: detailed, walking: walking,
                      ratings: ratings, theme: theme)
            return true
        case .loading(let text), .moreLoading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
            return false
        case .error(let message):
            ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
            return true
        case .empty(let text, let fix):
            ListRows.empty(text, suggestion: fix.flatMap(remedy), in: buffer, line: line, theme: theme)
            return true
        }
    }

    static func drawPlace(_ place: PlaceRowModel, in buffer: CellBuffer, rect: Rect, selected: Bool,
                          detailed: Bool, walking: Bool, ratings: Bool, theme: Theme) {
        let line = rect.row(0)
        buffer.fill(rect, style: selected ? theme.selection : .plain)
        let base = selected ? theme.selection : theme.text
        let dim = selected ? theme.selection : theme.secondary
        let openStyle = selected ? theme.selection
            : place.isClosingSoon ? theme.warning : (place.isOpen ? theme.success : theme.secondary)
        // The same columns for every row, rating or not, so the list reads as a table; walking minutes beside the
        // distance while the source has paths.
        let columns = PlaceRowLayout(width: line.width - PlaceRowLayout.gutter, walking: walking, ratings: ratings,
                                     detailed: detailed)
        let ratingWidth = columns.rating, openWidth = columns.open, distanceWidth = columns.distance
        let walkWidth = columns.walk, subtitleWidth = columns.subtitle
        let nameWidth = max(1, columns.name - 1)
        // The favourite's mark stands in the gutter before the name, a space from it, so names stay in one column.
        if let mark = FavouriteMark.gutter(place.favourite) {
            let style = selected ? theme.selection : mark.isFailure ? theme.error : theme.accent
            buffer.write(mark.text, in: Rect(x: line.x, y: line.y, width: 1, height: 1), style: style)
        }
        var x = line.x + PlaceRowLayout.gutter
        if FavouriteMark.isTicked(place.favourite), nameWidth > 6 {
            // ✓ after the name while the change made from the list is news.
            let shown = min(DisplayWidth.of(place.name), nameWidth - 2)
            buffer.write(place.name, in: Rect(x: x, y: line.y, width: nameWidth - 2, height: 1), style: base)
            buffer.write("✓", in: Rect(x: x + shown + 1, y: line.y, width: 1, height: 1),
                         style: selected ? theme.selection : theme.success)
        } else {
            buffer.write(place.name, in: Rect(x: x, y: line.y, width: nameWidth, height: 1), style: base)
        }
        x += nameWidth + 1
        if subtitleWidth >= 8 {
            buffer.write(place.subtitle, in: Rect(x: x, y: line.y, width: subtitleWidth - 1, height: 1), style: dim)
        }
        x += subtitleWidth
        buffer.write(place.distance, in: Rect(x: x, y: line.y, width: max(0, distanceWidth - 1), height: 1), style: dim,
                     alignment: .right)
        x += distanceWidth
        if walkWidth > 0 {
            buffer.write(place.walk ?? "", in: Rect(x: x, y: line.y, width: max(0, walkWidth - 1), height: 1), style: base,
                         alignment: .right)
            x += walkWidth
        }
        // The open state's separator comes first: the distances before it are right-aligned.
        buffer.write(place.openState, in: Rect(x: x + 1, y: line.y, width: max(0, openWidth - 1), height: 1),
                     style: openStyle)
        // Narrower than "4.5 ★" a rating says nothing.
        if let rating = place.rating, ratingWidth >= 7 {
            // "4.5 ★ (1,234)" without its count where the whole does not fit.
            let shown = DisplayWidth.of(rating) < ratingWidth ? rating
                : String(rating.prefix { $0 != "(" }).trimmingSpaces()
            buffer.write(shown, in: Rect(x: x + openWidth, y: line.y, width: ratingWidth - 1, height: 1),
                         style: dim, alignment: .right)
        }
        if detailed, rect.height > 1 {
            buffer.write(place.detailLine, in: rect.row(1).inset(left: 3, right: 1), style: dim)
        }
    }
}
