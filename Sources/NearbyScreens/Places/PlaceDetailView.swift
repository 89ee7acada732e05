import Foundation
import NearbyViewModels
import TerminalView

/// One place: its fields, the week of opening hours with today marked, a small map, friends near it,
/// meeting points, and the favourite action.
@MainActor
final class PlaceDetailView: ScreenView {
    enum Action { case favourite, meet, openMeeting1, openMeeting2, openMeeting3, refresh, back }

    private let model: any PlaceDetailViewModelType
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private let clockWake = ClockWake()
    /// Which friend `m` suggests meeting points with next.
    private var meetFriendIndex = 0
    private let keyMap = KeyMap<Action>(title: "Place", [
        KeyBinding([.character("f")], "favourite", action: .favourite),
        KeyBinding([.character("m")], "meet a friend", action: .meet),
        KeyBinding([.character("1")], "1-3", "open a meeting point", action: .openMeeting1, inFooter: false),
        KeyBinding([.character("2")], "open meeting point 2", action: .openMeeting2, inFooter: false),
        KeyBinding([.character("3")], "open meeting point 3", action: .openMeeting3, inFooter: false),
        KeyBinding([.character("r")], "refresh", action: .refresh, inFooter: false),
        KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], "esc", "back", action: .back),
    ])

    init(model: any PlaceDetailViewModelType, host: ScreenHost) {
        self.model = model
        self.host = host
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [
            model.title.bind(redraw), model.lines.bind(redraw), model.hours.bind(redraw), model.map.bind(redraw),
            model.friendsNearby.bind(redraw), model.meetingPoints.bind(redraw), model.favourite.bind(redraw),
            model.attribution.bind(redraw), model.isLoading.bind(redraw), model.status.bind(redraw),
            model.nextRefresh.bindAndFire { [weak self] date in
                self?.clockWake.schedule(at: date) { [weak self] in self?.model.timeDidPass() }
            },
        ]
        model.load()
    }

    var hints: [KeyHint] {
        var hints = keyMap.footerHints
        if model.friendsNearby.value.isEmpty { hints.removeAll { $0.summary == "meet a friend" } }
        return hints
    }
    var helpTitle: String { "Place — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines.filter { !$0.summary.hasPrefix("open meeting point ") } }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { false }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        clockWake.cancel()
    }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        if model.status.value != nil { model.dismissStatus() }
        guard let action = keyMap.action(for: key) else { return false }
        switch action {
        case .favourite: model.toggleFavourite()
        case .meet:
            let friends = model.friendsNearby.value
            guard !friends.isEmpty else { return true }
            model.suggestMeetingPoints(with: friends[meetFriendIndex % friends.count].id)
            meetFriendIndex += 1
        case .openMeeting1: model.openMeetingPoint(at: 0)
        case .openMeeting2: model.openMeetingPoint(at: 1)
        case .openMeeting3: model.openMeetingPoint(at: 2)
        case .refresh: model.refresh()
        case .back: host.back()
        }
        return true
    }

    // MARK: Drawing

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: model.title.value + favouriteMark(theme: theme),
                        loading: spinnerText, theme: theme)
        var body = rect.inset(top: 1)
        let attribution = model.attribution.value
        if !attribution.isEmpty, body.height > 4 {
            let split = body.splitBottom(1)
            body = split.rest
            buffer.write(attribution, in: split.bottom.inset(right: 1), style: theme.secondary, alignment: .right)
        }
        body = body.inset(top: 1, left: 1)
        if body.width >= 70 {
            // Two columns: facts and hours on the left, the map and people on the right.
            let rightWidth = min(40, body.width * 2 / 5)
            let left = Rect(x: body.x, y: body.y, width: body.width - rightWidth - 2, height: body.height)
            let right = Rect(x: left.maxX + 2, y: body.y, width: rightWidth, height: body.height)
            let used = drawFacts(in: buffer, rect: left, theme: theme)
            drawHours(in: buffer, rect: left.inset(top: used + 1), theme: theme)
            let mapHeight = min(right.height / 2 + 1, 12)
            drawMap(in: buffer, rect: Rect(x: right.x, y: right.y, width: right.width, height: mapHeight), theme: theme)
            drawPeople(in: buffer, rect: right.inset(top: mapHeight + 1), theme: theme)
        } else {
            var y = drawFacts(in: buffer, rect: body, theme: theme) + 1
            y += drawHours(in: buffer, rect: body.inset(top: y), theme: theme) + 1
            y += drawPeople(in: buffer, rect: body.inset(top: y), theme: theme) + 1
            if body.height - y >= 6 {
                drawMap(in: buffer, rect: body.inset(top: y), theme: theme)
            }
        }
    }

    private var spinnerText: String? {
        if case .saving = model.favourite.value { return "saving" }
        if case .loading = model.meetingPoints.value { return "finding" }
        return model.isLoading.value ? "loading" : nil
    }

    private func favouriteMark(theme: Theme) -> String {
        switch model.favourite.value {
        case .normal(let on), .saving(let on): on ? " ★" : ""
        case .saved(let on): on ? " ★ ✓" : " ✓"
        case .failed: " ✗"
        case .checking, .unavailable: ""
        }
    }

    /// The labelled lines; returns the rows used.
    @discardableResult
    private func drawFacts(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        let lines = model.lines.value
        let labelWidth = min(14, (lines.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
        var y = 0
        if case .failed(let message, _) = model.favourite.value, y < rect.height {
            buffer.write("✗ " + message + "  f retry", in: rect.row(y), style: theme.error)
            y += 1
        }
        for line in lines where y < rect.height {
            buffer.write(line.label, in: Rect(x: rect.x, y: rect.y + y, width: labelWidth, height: 1),
                         style: theme.fieldLabel)
            let style = line.kind == .text ? theme.text : theme.accent
            buffer.write(line.value, in: Rect(x: rect.x + labelWidth, y: rect.y + y, width: rect.width - labelWidth,
                                              height: 1), style: style)
            y += 1
        }
        return y
    }

    /// "Open · closes 18:00" and the week; returns the rows used.
    @discardableResult
    private func drawHours(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        guard rect.height > 0 else { return 0 }
        guard let hours = model.hours.value else {
            buffer.write("Opening hours not known", in: rect.row(0), style: theme.secondary)
            return 1
        }
        let nowStyle = hours.state == .open ? theme.success.adding(.bold) : theme.title
        buffer.write(hours.now, in: rect.row(0), style: nowStyle)
        var y = 1
        for day in hours.week where y < rect.height {
            let marker = day.isToday ? "›" : " "
            let style = day.isToday ? theme.text.adding(.bold) : theme.text
            buffer.write("\(marker) \(day.day)", in: Rect(x: rect.x, y: rect.y + y, width: 6, height: 1),
                         style: day.isToday ? theme.accent : theme.secondary)
            buffer.write(day.hours + (day.note.map { "  " + $0 } ?? ""),
                         in: Rect(x: rect.x + 6, y: rect.y + y, width: rect.width - 6, height: 1), style: style)
            y += 1
        }
        return y
    }

    private func drawMap(in buffer: CellBuffer, rect: Rect, theme: Theme) {
        guard rect.height >= 3, rect.width >= 10 else { return }
        let map = model.map.value
        let inside = Box.draw(in: buffer, rect: rect, title: "Map", style: theme.border, titleStyle: theme.title,
                              unicode: theme.unicode)
        func point(_ marker: MapMarker, _ glyph: String, _ style: Style, label: Bool) -> MapPoint {
            MapPoint(location: MapLocation(latitude: marker.coordinate.latitude, longitude: marker.coordinate.longitude),
                     marker: glyph, label: label ? marker.label : nil, style: style)
        }
        var points = map.neighbours.map { point($0, "·", theme.secondary, label: false) }
        points += map.friends.map { point($0, "☺", theme.accent, label: false) }
        points.append(point(map.here, "@", theme.accent, label: true))
        points.append(point(map.place, "◆", theme.title, label: true))
        let center = MapLocation(latitude: map.place.coordinate.latitude, longitude: map.place.coordinate.longitude)
        _ = MapCanvas.draw(in: buffer, rect: inside, center: center, points: points, theme: theme,
                           units: map.units == .imperial ? .imperial : .metric)
    }

    /// Friends near the place and meeting points; returns the rows used.
    @discardableResult
    private func drawPeople(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        var y = 0
        func line(_ text: String, _ style: Style) {
            guard y < rect.height else { return }
            buffer.write(text, in: rect.row(y), style: style)
            y += 1
        }
        let friends = model.friendsNearby.value
        if !friends.isEmpty {
            line("Friends near here", theme.title)
            for friend in friends.prefix(4) { line("  \(friend.name)  \(friend.distance)", theme.text) }
        }
        switch model.meetingPoints.value {
        case .none: break
        case .loading(let friend): line("Meeting points with \(friend)…", theme.secondary)
        case .found(let friend, let rows):
            line("Meet \(friend) at", theme.title)
            for (i, row) in rows.prefix(3).enumerated() {
                line("  \(i + 1) \(row.name) · \(row.openState) · \(row.distances)", theme.text)
            }
        case .empty(let text): line(text, theme.secondary)
        case .failed(let message, let hint): line("✗ \(message)  \(hint)", theme.error)
        }
        return y
    }
}
