import NearbyViewModels
import TerminalView
import TerminalText

/// How a row of the Regions screen looks: "Liechtenstein   data from 3 days ago   1,234 places   2.1 MB   ✓ …".
@MainActor
enum RegionRowView {
    /// Returns whether the row may be copied to the next frame (a spinner may not).
    static func draw(_ row: RegionsListRow, in buffer: CellBuffer, line: Rect, selected: Bool, retryKey: String?,
                     theme: Theme) -> Bool {
        switch row {
        case .loading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
            return false
        case .error(let message):
            ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
        case .empty(let text):
            ListRows.empty(text, suggestion: nil, in: buffer, line: line, theme: theme)
        case .region(let region):
            drawRegion(region, in: buffer, line: line, selected: selected, theme: theme)
            return !region.isWorking
        case .download(let name, let state):
            drawDownload(name: name, state: state, in: buffer, line: line, selected: selected, theme: theme)
            return !state.isWorking
        case .choice(let name, let path):
            buffer.fill(line, style: selected ? theme.selection : .plain)
            let nameWidth = min(DisplayWidth.of(name) + 1, max(1, line.width / 2))
            buffer.write(name, in: Rect(x: line.x + 1, y: line.y, width: nameWidth, height: 1),
                         style: selected ? theme.selection : theme.text)
            buffer.write(path, in: Rect(x: line.x + 2 + nameWidth, y: line.y, width: max(0, line.width - nameWidth - 3),
                                        height: 1), style: selected ? theme.selection : theme.secondary)
        }
        return true
    }

    /// "⠋ Liechtenstein   downloading 45% of 2.7 MB" (not in the store yet).
    private static func drawDownload(name: String, state: RegionTaskState, in buffer: CellBuffer, line: Rect,
                                     selected: Bool, theme: Theme) {
        buffer.fill(line, style: selected ? theme.selection : .plain)
        var x = line.x + 1
        if state.isWorking {
            Spinner.draw(in: buffer, at: Point(x: x, y: line.y), style: theme.spinner, glyphs: theme.glyphs)
            x += 2
        }
        let nameWidth = max(1, min(DisplayWidth.of(name) + 2, (line.maxX - x) / 2))
        buffer.write(name, in: Rect(x: x, y: line.y, width: nameWidth, height: 1),
                     style: selected ? theme.selection : theme.text)
        let failed: Bool
        if case .failed = state { failed = true } else { failed = false }
        buffer.write(state.text, in: Rect(x: x + nameWidth, y: line.y, width: max(0, line.maxX - x - nameWidth - 1),
                                          height: 1),
                     style: selected ? theme.selection : failed ? theme.error : theme.secondary)
    }

    private static func drawRegion(_ region: RegionRowModel, in buffer: CellBuffer, line: Rect, selected: Bool,
                                   theme: Theme) {
        let text = selected ? theme.selection : theme.text
        let secondary = selected ? theme.selection : theme.secondary
        buffer.fill(line, style: selected ? theme.selection : .plain)
        var x = line.x + 1
        if region.isWorking {
            Spinner.draw(in: buffer, at: Point(x: x, y: line.y), style: theme.spinner, glyphs: theme.glyphs)
            x += 2
        }
        // The facts keep their widths; the name takes what is left, and the state what the facts leave.
        let facts = [(region.age, 26), (region.places, 15), (region.size, 10)]
        let factsWidth = line.width >= 76 ? facts.reduce(0) { $0 + $1.1 } : 0
        // The state takes what the facts leave beyond a name of 16 columns (at most 44).
        let room = line.maxX - x - factsWidth
        let stateWidth = region.stateText == nil ? 0 : max(0, min(44, room - 16))
        let nameWidth = max(1, line.maxX - x - factsWidth - stateWidth - 1)
        buffer.write(region.name, in: Rect(x: x, y: line.y, width: nameWidth, height: 1), style: text)
        x += nameWidth + 1
        if factsWidth > 0 {
            for (fact, width) in facts {
                buffer.write(fact, in: Rect(x: x, y: line.y, width: width - 1, height: 1), style: secondary,
                             alignment: width == 26 ? .left : .right)
                x += width
            }
        }
        if let state = region.stateText, stateWidth > 1 {
            let style: Style
            switch region.state {
            case .failed: style = selected ? theme.selection : theme.error
            case .done: style = selected ? theme.selection : theme.accent
            default: style = secondary
            }
            buffer.write(state, in: Rect(x: line.maxX - stateWidth, y: line.y, width: stateWidth - 1, height: 1),
                         style: style)
        }
    }
}
