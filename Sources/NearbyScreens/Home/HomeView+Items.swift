import FoundationEssentials
import NearbyCore
import NearbyViewModels
import TerminalView
import TerminalText

/// The items of the Home column, built from what the view model publishes.
extension HomeView {
    func buildItems(width: Int) -> [HomeItem] {
        var items: [HomeItem] = []
        if let notice = model.notice.value {
            for (i, line) in TextLayout.wrap(notice, width: max(10, width - 4)).enumerated() {
                items.append(.text("notice-\(i)", "  " + line, style: \.secondary))
            }
            items.append(.text("notice-gap", "", style: \.text))
        }
        items.append(hotPickItem())
        items.append(contentsOf: categoryItems(width: width))
        if let favourites = model.favouritesSection.value {
            items.append(contentsOf: favouriteItems(favourites))
        }
        for section in model.sections.value {
            items.append(contentsOf: sectionItems(section))
        }
        if let friends = model.friendsSection.value {
            items.append(contentsOf: friendItems(friends))
        }
        return items
    }

    /// The key that retries, for error lines ("r retry").
    private var retryHint: String {
        keyMap.key { $0 == .retry }.map { "  \($0) retry" } ?? ""
    }

    func hotPickItem() -> HomeItem {
        let state = model.hotPicks.value
        let model = self.model
        let text: String
        switch state.content {
        case .loading(let message): text = message
        case .failed(let message): text = "✗ \(message)\(retryHint)"
        case .loaded: text = state.current?.text ?? state.emptyText
        }
        let pages = state.pages.count
        let page = state.index
        // The box ends where the rows below end, so its page count stays beside the pick on a wide terminal.
        let box = { (rect: Rect) in Rect(x: rect.x, y: rect.y, width: min(rect.width, HomeView.widestRow),
                                         height: rect.height) }
        let picture = state.current?.picture, slots = hotPickSlots, thumbnails = model.thumbnails
        let draw: @MainActor (CellBuffer, Rect, Bool, Theme) -> Void = { buffer, rect, selected, theme in
            PagerView.draw(in: buffer, rect: box(rect), title: state.title, text: text, page: page,
                           pageCount: pages, theme: theme, textStyle: selected ? theme.selection : theme.text)
            // The pick's picture beside the box, where the terminal is wide enough to leave room.
            let room = Rect(x: box(rect).maxX + 1, y: rect.y, width: min(rect.maxX - box(rect).maxX - 1, 8),
                            height: rect.height)
            guard let picture, let slots, let thumbnails, theme.pictures.isOn, room.width >= 6 else { return }
            thumbnails.show([picture])
            let shown = slots.state(key: picture.stored, picture: thumbnails.state(of: picture), in: room,
                                    mode: theme.pictures)
            if case .loading = shown { return }
            PictureBox.draw(shown, in: buffer, rect: room, theme: theme)
        }
        let hit: @MainActor (Point, Rect) -> HomeHit? = { point, rect in
            switch PagerView.arrow(at: point, rect: box(rect), page: page, pageCount: pages) {
            case .previous: .previousPage
            case .next: .nextPage
            case nil: nil
            }
        }
        var item = HomeItem(key: "pager", height: 3, isSelectable: true, draw: draw, hit: hit)
        if state.current != nil { item.activate = { model.openHotPick() } }
        if pages > 1 {
            item.left = { model.pageLeft() }
            item.right = { model.pageRight() }
        }
        if state.content.isFailed { item.retry = { model.retry(.hotPicks) } }
        return item
    }

    func categoryItems(width: Int) -> [HomeItem] {
        let model = self.model
        // No categories at all (an empty store or area): no title over nothing.
        if case .loaded(let counts) = model.categories.value, counts.isEmpty { return [] }
        var items = [HomeItem.text("categories-title", " Categories", style: \.title)]
        switch model.categories.value {
        case .loading(let message):
            items.append(.spinnerLine("categories-loading", message))
        case .failed(let message):
            items.append(.error("categories-error", message + retryHint) { model.retry(.categories) })
        case .loaded(let counts):
            guard !counts.isEmpty else { break }
            chipIndex = min(chipIndex, counts.count - 1)
            let chips = ChipLayout(labels: counts.map(\.label), width: width)
            items.append(HomeItem(key: "chips", height: chips.lines.count, isSelectable: true,
                                  draw: { [weak self] buffer, rect, selected, theme in
                                      chips.draw(in: buffer, rect: rect, selected: selected ? self?.chipIndex : nil,
                                                 theme: theme)
                                  },
                                  // The index now, not at the last layout: → and Enter can arrive in one read.
                                  activate: { [weak self] in
                                      guard let self else { return }
                                      model.openCategory(counts[min(self.chipIndex, counts.count - 1)].category)
                                  },
                                  left: { [weak self] in self.map { $0.chipIndex = max(0, $0.chipIndex - 1) } },
                                  right: { [weak self] in
                                      self.map { $0.chipIndex = min(counts.count - 1, $0.chipIndex + 1) }
                                  },
                                  hit: { point, rect in chips.chip(at: point, in: rect).map { .chip($0) } }))
        }
        return items
    }

    /// The widest a row's columns get: the name up to the places list's limit, the distance and the open state
    /// beside it. A very wide terminal leaves the rest blank rather than set them 200 columns apart.
    static let widestRow = 3 + PlaceRowLayout.nameLimit + 1 + 20 + 1 + 26

    /// A section's title line, "see all ›" at its right (where its rows end): Enter (or a click) opens the whole
    /// list.
    static func titleItem(key: String, title: String, open: @escaping @MainActor () -> Void) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: true,
                 draw: { buffer, line, selected, theme in
                     let rect = Rect(x: line.x, y: line.y, width: min(line.width, widestRow), height: line.height)
                     let more = "see all ›"
                     buffer.write(" " + title, in: rect.inset(right: DisplayWidth.of(more) + 2),
                                  style: selected ? theme.selection : theme.title)
                     buffer.write(more, in: Rect(x: rect.maxX - DisplayWidth.of(more) - 1, y: rect.y,
                                                 width: DisplayWidth.of(more), height: 1),
                                  style: selected ? theme.selection : theme.secondary)
                 }, activate: open)
    }

    /// A place's row in a section; Enter (or a click) opens its detail.
    func placeItem(_ row: HomePlaceRow, key: String) -> HomeItem {
        let model = self.model
        let id = row.id
        return HomeItem(key: key, height: 1, isSelectable: true,
                        draw: { buffer, rect, selected, theme in
                            // Walking minutes beside the distance where the store has paths.
                            let middle = row.walk.map { row.distanceAndBearing + " · " + $0 } ?? row.distanceAndBearing
                            Self.drawRow(buffer, rect, selected, theme, name: row.name, middle: middle,
                                         right: row.openText,
                                         rightStyle: row.isClosingSoon ? theme.warning
                                             : row.isOpen ? theme.success : theme.secondary,
                                         isFavourite: row.isFavourite)
                        }, activate: { model.openPlace(id) })
    }

    func favouriteItems(_ section: HomeFavouritesSection) -> [HomeItem] {
        let model = self.model
        var items = [Self.titleItem(key: "favourites-title", title: section.title) { model.openFavourites() }]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("favourites-loading", message))
        case .failed(let message):
            items.append(.error("favourites-error", message + retryHint) { model.retry(.favourites) })
        case .loaded(let rows):
            // Keys of their own: the same place may also be listed in its category's section.
            items += rows.map { placeItem($0, key: "favourite-\($0.id)") }
        }
        return items
    }

    func sectionItems(_ section: HomePlacesSection) -> [HomeItem] {
        let model = self.model
        let category = section.category
        var items = [Self.titleItem(key: "section-\(section.key)", title: section.title) {
            model.openCategory(category)
        }]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("section-\(section.key)-loading", message))
        case .failed(let message):
            items.append(.error("section-\(section.key)-error", message + retryHint) {
                model.retry(.category(category))
            })
        case .loaded(let rows):
            items += rows.map { placeItem($0, key: "place-\($0.id)") }
        }
        return items
    }

    func friendItems(_ section: HomeFriendsSection) -> [HomeItem] {
        let model = self.model
        var items = [HomeItem.text("friends-title", " " + section.title, style: \.title)]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("friends-loading", message))
        case .failed(let message):
            items.append(.error("friends-error", message + retryHint) { model.retry(.friends) })
        case .loaded(let rows):
            for row in rows {
                let id = row.id
                items.append(HomeItem(key: "friend-\(row.id)", height: 1, isSelectable: true,
                                      draw: { buffer, rect, selected, theme in
                                          Self.drawRow(buffer, rect, selected, theme, name: row.name,
                                                       middle: row.distanceAndBearing, right: row.phone,
                                                       rightStyle: theme.secondary)
                                      }, activate: { model.openFriend(id) }))
            }
        }
        return items
    }

    /// "   Café Amadeus                 120 m  NE   open · until 18:00", columns shrinking with the width.
    static func drawRow(_ buffer: CellBuffer, _ line: Rect, _ selected: Bool, _ theme: Theme, name: String,
                                middle: String, right: String, rightStyle: Style, isFavourite: Bool = false) {
        let rect = Rect(x: line.x, y: line.y, width: min(line.width, widestRow), height: line.height)
        // Fixed columns, so distances and open states line up from row to row.
        let rightWidth = min(26, rect.width / 3)
        let middleWidth = rect.width >= 50 ? (DisplayWidth.of(middle) > 10 ? 20 : 10) : 0
        let nameWidth = max(1, rect.width - 3 - middleWidth - rightWidth - 2)
        if isFavourite {
            buffer.write("★", in: Rect(x: rect.x + 1, y: rect.y, width: 1, height: 1),
                         style: selected ? theme.selection : theme.accent)
        }
        buffer.write(name, in: Rect(x: rect.x + 3, y: rect.y, width: nameWidth, height: 1),
                     style: selected ? theme.selection : theme.text)
        if middleWidth > 0 {
            buffer.write(middle, in: Rect(x: rect.x + 3 + nameWidth + 1, y: rect.y, width: middleWidth, height: 1),
                         style: selected ? theme.selection : theme.secondary, alignment: .right)
        }
        buffer.write(right, in: Rect(x: rect.maxX - rightWidth, y: rect.y, width: rightWidth, height: 1),
                     style: selected ? theme.selection : rightStyle)
    }
}
