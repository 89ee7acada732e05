import NearbyViewModels
import TerminalView
import TerminalText

/// How a row of the friends list looks: a friend in columns, or a spinner, error, empty or placeholder row.
@MainActor
enum FriendRowView {
    /// One row; `retryKey` and `addKey` are the keys the list binds, named where they help. Returns whether
    /// the row may be copied to the next frame (a spinner may not).
    static func draw(_ row: FriendsListRow, in buffer: CellBuffer, line: Rect, selected: Bool, columns: FriendColumns,
                     retryKey: String?, addKey: String?, theme: Theme) -> Bool {
        switch row {
        case .friend(let friend):
            drawFriend(friend, in: buffer, line: line, selected: selected, columns: columns, theme: theme)
            return !friend.isDeleting
        case .loading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
            return false
        case .error(let message):
            ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
        case .empty(let text, let suggestsAdding):
            ListRows.empty(text, suggestion: suggestsAdding ? addKey.map { "\($0) adds one" } : nil, in: buffer,
                           line: line, theme: theme)
        case .placeholder:
            buffer.write("…", in: line.inset(left: 1), style: selected ? theme.selection : theme.secondary)
            return false
        }
        return true
    }

    private static func drawFriend(_ friend: FriendRowModel, in buffer: CellBuffer, line row: Rect, selected: Bool,
                                   columns: FriendColumns, theme: Theme) {
        let nameStyle = selected ? theme.selection : theme.text
        let otherStyle = selected ? theme.selection : theme.secondary
        buffer.fill(row, style: selected ? theme.selection : .plain)
        // The name takes the slack up to the places list's limit; past it the phone stays beside the name and
        // the end of a very wide row is blank.
        let line = Rect(x: row.x, y: row.y, width: min(row.width, 2 + PlaceRowLayout.nameLimit + columns.phone
                                                       + columns.distance), height: 1)
        var nameX = line.x + 1
        if friend.isDeleting {
            Spinner.draw(in: buffer, at: Point(x: nameX, y: line.y), style: theme.spinner, glyphs: theme.glyphs)
            nameX += 2
        }
        let right = columns.phone + columns.distance
        buffer.write(friend.name, in: Rect(x: nameX, y: line.y, width: line.maxX - nameX - right - 1, height: 1),
                     style: nameStyle)
        if columns.phone > 0 {
            buffer.write(friend.isDeleting ? "deleting…" : friend.phone,
                         in: Rect(x: line.maxX - right, y: line.y, width: columns.phone - 1, height: 1),
                         style: otherStyle)
        }
        if columns.distance > 0, let distance = friend.distance {
            buffer.write(distance, in: Rect(x: line.maxX - columns.distance, y: line.y, width: columns.distance - 1,
                                            height: 1), style: otherStyle, alignment: .right)
        }
    }
}
