import TerminalView

extension KeyTable {
    private static func c(_ character: Character) -> Key { .character(character) }

    /// Open, filter, retry or refresh: every list screen's.
    private static let listActions: [ActionKeys] = [
        ActionKeys("open", [.enter, .right, c("l")], "open"),
        ActionKeys("filter", [c("/")], "filter"),
        ActionKeys("retry", [c("r")], "retry"),
        ActionKeys("refresh", [c("r")], "refresh"),
        ActionKeys("clear_filter", [.escape], "clear the filter"),
    ]

    /// The way back from a screen above another.
    private static let back = ActionKeys("back", [.escape, .backspace, .left, c("q"), c("h")], "back")

    /// The way out: q on the first screen, esc and the others above it.
    private static let leaving: [ActionKeys] = [ActionKeys("quit", [c("q")], "quit"), back]

    private static let favourite = ActionKeys("favourite", [c("f")], "favourite")

    /// The keys as shipped, screen by screen; help lists them in this order.
    static let defaults: [KeyScreen: [ActionKeys]] = [
        .global: [
            ActionKeys("help", [c("?")], "help"),
            ActionKeys("friends", [c("F")], "friends"),
            ActionKeys("quit_app", [c("Q")], "quit"),
            ActionKeys("time", [c("t")], "time: open at another time (t again: now)"),
        ],
        .home: ListKeys.defaults + [
            ActionKeys("page_left", [.left, c("h")], "previous page, category"),
            ActionKeys("page_right", [.right, c("l")], "next page, category"),
            ActionKeys("open", [.enter], "open"),
            ActionKeys("search", [c("/")], "search"),
            ActionKeys("locate", [c("L")], "move: a town, LAT,LON or gps"),
            ActionKeys("favourites", [c("f")], "favourites"),
            ActionKeys("regions", [c("R")], "regions: update, remove"),
            ActionKeys("retry", [c("r")], "retry"),
            ActionKeys("quit", [c("q")], "quit"),
            ActionKeys("back", [.escape, .backspace, c("q")], "back"),
        ],
        .search: [
            ActionKeys("take", [.enter], "search"),
            ActionKeys("cancel", [.escape], "cancel"),
            ActionKeys("pick", [.tab], "pick a place"),
        ],
        .places: ListKeys.defaults + listActions + leaving + [
            ActionKeys("sort", [c("s")], "sort"),
            ActionKeys("layout", [c("v")], "layout"),
            favourite,
            ActionKeys("widen", [c("+")], "widen the radius"),
            ActionKeys("narrow", [c("-")], "narrow the radius"),
            ActionKeys("next_match", [c("n")], "next name match"),
            ActionKeys("previous_match", [c("N")], "previous name match"),
        ],
        .favourites: ListKeys.defaults + listActions + leaving,
        .regions: ListKeys.defaults + listActions.filter { $0.name != "open" } + leaving + [
            ActionKeys("update", [c("u")], "update this region"),
            ActionKeys("update_all", [c("U")], "update every region"),
            ActionKeys("remove", [c("d")], "remove this region"),
            ActionKeys("add", [c("a")], "add a region from the download index"),
        ],
        .regionIndex: ListKeys.defaults + listActions + leaving,
        .place: ListKeys.defaults + [
            favourite,
            ActionKeys("meet", [c("m")], "meet a friend"),
            ActionKeys("meeting_1", [c("1")], "open meeting point 1"),
            ActionKeys("meeting_2", [c("2")], "open meeting point 2"),
            ActionKeys("meeting_3", [c("3")], "open meeting point 3"),
            ActionKeys("copy", [c("y")], "copy the address (or coordinates)"),
            ActionKeys("copy_geo", [c("Y")], "copy the geo: link"),
            ActionKeys("copy_phone", [c("p")], "copy the phone number"),
            ActionKeys("refresh", [c("r")], "refresh"),
            ActionKeys("zoom_in", [c("+"), c("=")], "zoom the map in"),
            ActionKeys("zoom_out", [c("-")], "zoom the map out"),
            back,
        ],
        .friends: ListKeys.defaults + listActions + leaving + [
            ActionKeys("add", [c("a")], "add"),
            ActionKeys("edit", [c("e")], "edit"),
            ActionKeys("delete", [c("d")], "delete"),
        ],
        .friend: ListKeys.defaults + [
            ActionKeys("edit", [c("e")], "edit"),
            ActionKeys("delete", [c("d")], "delete"),
            ActionKeys("copy_phone", [c("y")], "copy the phone number"),
            ActionKeys("copy_email", [c("Y")], "copy the e-mail address"),
            ActionKeys("retry", [c("r")], "retry"),
            back,
        ],
        .friendForm: [
            ActionKeys("next_field", [.tab, .down], "next field"),
            ActionKeys("previous_field", [.backTab, .up], "previous field"),
            ActionKeys("enter", [.enter], "next field; save on the last"),
            ActionKeys("save", [.control("s")], "save"),
            ActionKeys("cancel", [.escape], "cancel"),
        ],
        .help: ListKeys.defaults + [
            ActionKeys("close", [.escape, c("?"), c("q")], "close help"),
        ],
    ]
}
