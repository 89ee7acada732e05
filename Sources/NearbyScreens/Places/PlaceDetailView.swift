import FoundationEssentials
import NearbyViewModels
import TerminalView
import TerminalText

/// One place: its fields, the week of opening hours with today marked, a small map, friends near it,
/// meeting points, and the favourite action. Taller than the terminal, it scrolls with the list keys, and
/// what `m` finds is scrolled into view.
@MainActor
final class PlaceDetailView: ScreenView {
    enum Action: Equatable {
        case scroll(ListMove), favourite, meet, openMeeting(Int), copy, copyGeo, copyPhone, refresh, zoom(Int), back
    }

    private let model: any PlaceDetailViewModelType
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    /// Which friend `m` suggests meeting points with next.
    private var meetFriendIndex = 0
    private var keyMap = KeyMap<Action>(title: "Place", [])
    private let document = DetailDocument()
    /// Rows of the meeting points in the document, and whether they should be brought into view.
    private var meetingRows = 0..<0
    private var revealMeeting = false
    /// The map's zoom: 0 fits you, the place and the walk; each step in halves the metres a cell spans, each
    /// step out doubles them.
    private(set) var mapZoom = 0
    static let mapZooms = -3...3
    /// The map's rows in the document, where it was drawn (none when there was no room).
    private var mapRows = 0..<0
    private var bodyRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var attributionRect: Rect?
    /// The place's picture, where the app draws pictures.
    private let pictureSlot: PictureSlot?
    /// The map's lines and dots as a picture, where the terminal shows pixels.
    private let mapSlot: PictureSlot?

    init(model: any PlaceDetailViewModelType, host: ScreenHost) {
        self.model = model
        self.host = host
        // The picture is drawn inside the scrolled body: a painted one lays the body out again.
        mapSlot = host.pictures.map { [document] painter in
            PictureSlot(painter: painter) {
                document.contentChanged()
                host.invalidate()
            }
        }
        pictureSlot = host.pictures.map { [document] painter in
            PictureSlot(painter: painter) {
                document.contentChanged()
                host.invalidate()
            }
        }
        tokens = model.observeAll(body: { [document, host] in
            document.contentChanged()
            host.invalidate()
        }, redraw: { [host] in host.invalidate() })
        tokens += [
            // New meeting points are scrolled into view.
            model.meetingPoints.bind { [weak self] _ in self?.revealMeeting = true },
            // Woken when the hours shown change (the state, or "today" at midnight).
            host.wakes(model.nextRefresh) { [model] in model.timeDidPass() },
        ]
        let meetingCount: @MainActor () -> Int = { [model] in
            if case .found(_, let rows) = model.meetingPoints.value { min(3, rows.count) } else { 0 }
        }
        let keys = host.keys.lookup(.place)
        keyMap = KeyMap(title: "Place", document.scrollBindings(keys) { .scroll($0) } + [
            KeyBinding(keys("favourite"), action: Action.favourite, inFooter: true)
                .enabled { [model] in if case .unavailable = model.favourite.value { false } else { true } },
            KeyBinding(keys("meet"), action: .meet)
                .enabled { [model] in !model.friendsNearby.value.isEmpty },
            KeyBinding(keys("meeting_1"), action: .openMeeting(0), footer: .custom(keys: "1", summary: "meet there"))
                .footerKeys { meetingCount() > 1 ? "1-\(meetingCount())" : "1" }
                .enabled { meetingCount() >= 1 }.essential(),
            KeyBinding(keys("meeting_2"), action: .openMeeting(1), footer: .hidden)
                .enabled { meetingCount() >= 2 },
            KeyBinding(keys("meeting_3"), action: .openMeeting(2), footer: .hidden)
                .enabled { meetingCount() >= 3 },
            KeyBinding(keys("copy"), action: .copy, inFooter: false)
                .enabled { [model] in model.copyText != nil },
            KeyBinding(keys("copy_geo"), action: .copyGeo, inFooter: false)
                .enabled { [model] in model.geoText != nil },
            KeyBinding(keys("copy_phone"), action: .copyPhone, inFooter: false)
                .enabled { [model] in model.phoneText != nil },
            KeyBinding(keys("refresh"), action: .refresh, inFooter: false),
            // Only while the map is in view: a zoom no one sees is no key to offer.
            KeyBinding(keys("zoom_in"), action: .zoom(-1), footer: .custom(keys: "+-", summary: "zoom map"))
                .enabled { [unowned self] in document.shows(mapRows) && mapZoom > Self.mapZooms.lowerBound },
            KeyBinding(keys("zoom_out"), action: .zoom(1), footer: .hidden)
                .enabled { [unowned self] in document.shows(mapRows) && mapZoom < Self.mapZooms.upperBound },
            KeyBinding(keys("back"), "esc", "back", action: .back).essential(),
        ])
        model.load()
    }

    var hints: [KeyHint] { keyMap.footerHints }
    var helpTitle: String { "Place — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { false }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        pictureSlot?.close()
        mapSlot?.close()
    }

    /// Returns once the picture asked for last is painted (for tests).
    func picturePainted() async { await pictureSlot?.painting() }

    /// Returns once the map's picture asked for last is painted (for tests).
    func mapPainted() async { await mapSlot?.painting() }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        switch action {
        case .scroll(let move): document.scroll(move)
        case .favourite: model.toggleFavourite()
        case .meet:
            let friends = model.friendsNearby.value
            guard !friends.isEmpty else { return false }
            model.suggestMeetingPoints(with: friends[meetFriendIndex % friends.count].id)
            meetFriendIndex += 1
        case .openMeeting(let index): model.openMeetingPoint(at: index)
        case .copy:
            if let text = model.copyText { model.copied("“\(text)”", sent: host.copy(text)) }
        case .copyGeo:
            if let text = model.geoText { model.copied(text, sent: host.copy(text)) }
        case .copyPhone:
            if let text = model.phoneText { model.copied("the phone number \(text)", sent: host.copy(text)) }
        case .refresh:
            // A picture that could not be drawn is painted again, as a failed fetch is fetched again.
            if pictureSlot?.hasFailed == true {
                pictureSlot?.forget()
                document.contentChanged()
            }
            model.refresh()
        case .zoom(let step):
            let zoom = min(max(mapZoom + step, Self.mapZooms.lowerBound), Self.mapZooms.upperBound)
            guard zoom != mapZoom else { return true }
            mapZoom = zoom
            document.contentChanged()
            host.invalidate()
        case .back: host.back()
        }
        return true
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        // Only a screen that draws pictures has the place's fetched (under TERM=linux, LANG=C, NO_COLOR or
        // images = "off", nothing is asked of the network).
        if pictureSlot != nil, theme.pictures != .off { model.showPicture() }
        var body = rect.inset(top: 1)
        attributionRect = nil
        if !model.attribution.value.isEmpty, body.height > 4 {
            let split = body.splitBottom(1)
            body = split.rest
            attributionRect = split.bottom
        }
        bodyRect = body.inset(top: 1, left: 1)
        let height = bodyRect.height
        document.layout(in: bodyRect) { buffer, area in
            mapRows = 0..<0
            return drawBody(in: buffer, rect: area, viewHeight: height, theme: theme)
        }
        if revealMeeting {
            revealMeeting = false
            document.reveal(meetingRows)
        }
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: model.title.value + favouriteMark,
                        loading: spinnerText, badge: host.headerBadge(), theme: theme)
        if let attributionRect {
            buffer.write(model.attribution.value, in: attributionRect.inset(right: 1), style: theme.secondary,
                         alignment: .right)
        }
        document.draw(in: buffer, rect: bodyRect)
    }

    /// Lays the body out from the top of `rect`; returns the rows used. The picture, when there is one, is
    /// beside the facts (above the map) from 100 columns, above everything on a narrower screen.
    private func drawBody(in buffer: CellBuffer, rect: Rect, viewHeight: Int, theme: Theme) -> Int {
        guard let rows = pictureRows(theme: theme, viewHeight: viewHeight) else {
            return drawColumns(in: buffer, rect: rect, viewHeight: viewHeight, pictureRows: 0, theme: theme)
        }
        if rect.width >= 100 {
            return drawColumns(in: buffer, rect: rect, viewHeight: viewHeight, pictureRows: rows, theme: theme)
        }
        drawPicture(in: buffer, rect: Rect(x: rect.x, y: rect.y, width: min(rect.width, rows * 3), height: rows),
                    theme: theme)
        let rest = drawColumns(in: buffer, rect: rect.inset(top: rows + 1), viewHeight: viewHeight, pictureRows: 0,
                               theme: theme)
        return rows + 1 + rest
    }

    /// The picture box's height, or nil when there is no box (no picture, no pictures drawn, no room).
    private func pictureRows(theme: Theme, viewHeight: Int) -> Int? {
        guard pictureSlot != nil, theme.pictures != .off, model.picture.value != .none else { return nil }
        let rows = min(12, viewHeight / 3)
        return rows >= 4 ? rows : nil
    }

    /// The picture in `rect`, its credit on the last row where its source asks for one.
    private func drawPicture(in buffer: CellBuffer, rect: Rect, theme: Theme) {
        var box = rect
        if let credit = model.pictureCredit {
            box = rect.inset(bottom: 1)
            buffer.write(credit, in: Rect(x: rect.x, y: box.maxY, width: rect.width, height: 1), style: theme.secondary)
        }
        PictureBox.draw(pictureState(in: box, mode: theme.pictures), in: buffer, rect: box, theme: theme)
    }

    /// The picture's box as it stands, asking for it to be painted at the box's size.
    private func pictureState(in rect: Rect, mode: PictureMode) -> PictureBoxState {
        pictureSlot?.state(for: model.picture.value, in: rect, mode: mode, retryKey: keyMap.key { $0 == .refresh })
            ?? .none
    }

    /// Wide: facts and hours on the left, the picture (`pictureRows` tall) and the map on the right, then
    /// friends and meeting points across the whole width. Narrow: one column.
    private func drawColumns(in buffer: CellBuffer, rect: Rect, viewHeight: Int, pictureRows: Int,
                             theme: Theme) -> Int {
        let people: Int
        if rect.width >= 70 {
            // The map grows with the terminal, to 2/5 of the body and 90 columns, and taller with it (about a
            // third of its width: a cell is twice as tall as wide) as far as the screen allows.
            let rightWidth = min(90, rect.width * 2 / 5)
            let left = Rect(x: rect.x, y: rect.y, width: rect.width - rightWidth - 2, height: rect.height)
            let right = Rect(x: left.maxX + 2, y: rect.y, width: rightWidth, height: rect.height)
            let facts = drawFacts(in: buffer, rect: left, theme: theme)
            let hours = drawHours(in: buffer, rect: left.inset(top: facts + 1), theme: theme)
            let mapTop = pictureRows > 0 ? pictureRows + 1 : 0
            if pictureRows > 0 {
                drawPicture(in: buffer, rect: Rect(x: right.x, y: right.y, width: right.width, height: pictureRows),
                            theme: theme)
            }
            let mapHeight = min(max(6, viewHeight / 2 + 1), max(12, rightWidth / 3))
            drawMap(in: buffer, rect: Rect(x: right.x, y: right.y + mapTop, width: right.width, height: mapHeight),
                    theme: theme)
            people = max(facts + 1 + hours, mapTop + mapHeight) + 1
        } else {
            let facts = drawFacts(in: buffer, rect: rect, theme: theme)
            let hours = drawHours(in: buffer, rect: rect.inset(top: facts + 1), theme: theme)
            people = facts + 1 + hours + 1
        }
        let used = drawPeople(in: buffer, rect: rect.inset(top: people), theme: theme)
        guard rect.width < 70 else { return people + used }
        let mapTop = people + used + (used > 0 ? 1 : 0)
        let mapHeight = min(max(6, viewHeight / 2), 10)
        drawMap(in: buffer, rect: Rect(x: rect.x, y: rect.y + mapTop, width: rect.width, height: mapHeight), theme: theme)
        return mapTop + mapHeight
    }

    private var spinnerText: String? {
        if case .saving = model.favourite.value { return "saving" }
        if case .loading = model.meetingPoints.value { return "finding" }
        return model.isLoading.value ? "loading" : nil
    }

    private var favouriteMark: String { FavouriteMark.header(model.favourite.value) }

    /// The labelled lines; returns the rows used.
    private func drawFacts(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        var lines = model.lines.value
        if let walk = model.walk.value {
            // The walk goes under the straight-line distance it stands beside.
            let after = lines.firstIndex { $0.label == "Distance" }.map { $0 + 1 } ?? lines.count
            lines.insert(PlaceDetailLine(label: "Walk", value: walk), at: after)
        }
        let labelWidth = min(14, (lines.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
        var y = 0
        if case .failed(let message, _) = model.favourite.value {
            let retry = keyMap.key { $0 == .favourite }.map { "  \($0) retry" } ?? ""
            buffer.write("✗ " + message + retry, in: rect.row(y), style: theme.error)
            y += 1
        }
        for line in lines {
            buffer.write(line.label, in: Rect(x: rect.x, y: rect.y + y, width: labelWidth, height: 1),
                         style: theme.fieldLabel)
            let style = line.kind == .text ? theme.text : theme.accent
            let valueRect = Rect(x: rect.x + labelWidth, y: rect.y + y, width: rect.width - labelWidth, height: 1)
            buffer.write(line.value, in: valueRect, style: style)
            // Websites and e-mail addresses become links where the terminal shows them (OSC 8).
            if let link = line.link, line.kind == .website || line.kind == .email {
                buffer.addLink(link, in: valueRect.intersection(Rect(x: valueRect.x, y: valueRect.y,
                                                                     width: DisplayWidth.of(line.value), height: 1)))
            }
            y += 1
        }
        return y
    }

    /// "Open · closes 18:00" and the week; returns the rows used.
    private func drawHours(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        guard let hours = model.hours.value else {
            buffer.write("Opening hours not known", in: rect.row(0), style: theme.secondary)
            return 1
        }
        let nowStyle = hours.isOpen ? theme.success.adding(.bold) : theme.title
        buffer.write(hours.now, in: rect.row(0), style: nowStyle)
        var y = 1
        for day in hours.week {
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
        mapRows = rect.y..<rect.maxY
        let map = model.map.value
        let inside = Box.draw(in: buffer, rect: rect, title: Self.mapTitle(width: rect.width, friends: !map.friends.isEmpty,
                                                                           others: !map.neighbours.isEmpty,
                                                                           glyphs: theme.glyphs),
                              style: theme.border, titleStyle: theme.title)
        func point(_ marker: MapMarker, _ glyph: String, _ style: Style, label: Bool) -> MapPoint {
            MapPoint(location: MapLocation(latitude: marker.latitude, longitude: marker.longitude),
                     marker: glyph, label: label ? marker.label : nil, style: style)
        }
        // Earlier points win a cell: the place and you first, then friends; neighbours are braille dots, so
        // they share cells with the walk instead of hiding it.
        var points = [point(map.place, "◆", theme.title, label: true), point(map.here, "@", theme.accent, label: true)]
        points += map.friends.map { point($0, "☺", theme.accent, label: false) }
        points += map.neighbours.map {
            MapPoint(location: MapLocation(latitude: $0.latitude, longitude: $0.longitude), style: theme.secondary)
        }
        let center = MapLocation(latitude: map.place.latitude, longitude: map.place.longitude)
        let route = map.routeLine.map { MapLocation(latitude: $0.latitude, longitude: $0.longitude) }
        let streets = map.streetLines.map { street in
            MapLine(points: street.points.map { MapLocation(latitude: $0.latitude, longitude: $0.longitude) },
                    name: street.name)
        }
        let zoom = mapZoom >= 0 ? Double(1 << mapZoom) : 1 / Double(1 << -mapZoom)
        func draw(dotsAsPixels: Bool) -> MapDrawing? {
            MapCanvas.drawMap(in: buffer, rect: inside, center: center, points: points, theme: theme,
                              units: map.scaleInMiles ? .imperial : .metric, path: route, pathStyle: theme.accent,
                              lines: streets, zoom: zoom, dotsAsPixels: dotsAsPixels)
        }
        // Where the terminal shows pixels under text (kitty) or around it (sixels), the lines and dots are a
        // picture under the markers and labels; in braille until it is painted, and everywhere else.
        guard case .graphics(let support) = theme.pictures, support.graphics != .iterm2, let mapSlot,
              let drawing = draw(dotsAsPixels: true) else {
            _ = draw(dotsAsPixels: false)
            return
        }
        let key = "map:\(map.hashValue):\(mapZoom):\(inside.width)x\(inside.height)"
        let cell = support.cell
        let state = mapSlot.state(key: key, raster: { MapRaster.render(drawing, cell: cell) },
                                  columns: drawing.area.width, rows: drawing.area.height, mode: theme.pictures)
        if case .placed(let picture) = state {
            // Placed after the labels, which it lies under: they do not cover it.
            buffer.place(picture, at: Point(x: drawing.area.x, y: drawing.area.y))
        } else {
            buffer.fill(drawing.area)
            _ = draw(dotsAsPixels: false)
        }
    }

    /// "Map · ◆ place @ you ☺ friend · other": the marks the map uses, as many as the box's top line holds.
    static func mapTitle(width: Int, friends: Bool, others: Bool, glyphs: GlyphSet = .unicode) -> String {
        var parts = ["◆ place", "@ you"]
        if friends { parts.append("☺ friend") }
        // On an ASCII terminal the neighbours are "." and ":" (half-block dots), not "·".
        if others { parts.append((glyphs == .unicode ? "·" : ".") + " other places") }
        // The box's corners, the title's spaces and a little border stay.
        while !parts.isEmpty, DisplayWidth.of("Map · " + parts.joined(separator: "  ")) > width - 6 { parts.removeLast() }
        return parts.isEmpty ? "Map" : "Map · " + parts.joined(separator: "  ")
    }

    /// Friends near the place and meeting points; returns the rows used, and notes where the meeting
    /// points went.
    private func drawPeople(in buffer: CellBuffer, rect: Rect, theme: Theme) -> Int {
        var y = 0
        func line(_ text: String, _ style: Style) {
            buffer.write(text, in: rect.row(y), style: style)
            y += 1
        }
        let friends = model.friendsNearby.value
        if !friends.isEmpty {
            line("Friends near here", theme.title)
            for friend in friends.prefix(4) { line("  \(friend.name)  \(friend.distance)", theme.text) }
        }
        let meetingStart = y
        let retry = keyMap.key { $0 == .meet }.map { "  \($0) retry" } ?? ""
        switch model.meetingPoints.value {
        case .none: break
        case .loading(let friend): line("Meeting points with \(friend)…", theme.secondary)
        case .found(let friend, let rows):
            line("Meet \(friend) at", theme.title)
            for (i, row) in rows.prefix(3).enumerated() {
                line("  \(i + 1) \(row.name) · \(row.openState) · \(row.distances)", theme.text)
            }
        case .empty(let text): line(text, theme.secondary)
        case .failed(let message): line("✗ " + message + retry, theme.error)
        }
        meetingRows = (rect.y + meetingStart)..<(rect.y + y)
        return y
    }
}
