import TerminalView

/// The screens whose actions a user may rebind, by the names the config file's `[keys]` uses ("places.sort").
public enum KeyScreen: String, CaseIterable, Sendable {
    /// Keys every screen has when the screen does not take them (help, friends, time, quit).
    case global
    case home
    /// Home's `/` and `L` prompt.
    case search
    case places
    case favourites
    /// The imported regions: update, remove, add.
    case regions
    /// The download index, to add a region.
    case regionIndex = "region_index"
    case place
    case friends
    case friend
    case friendForm = "friend_form"
    case help

    /// Screens that type printable keys (and the editing keys) into a text field when no action takes them.
    var takesText: Bool { self == .search || self == .friendForm }

    /// The screens where the global keys act too, so a key of theirs must not shadow one.
    var seesGlobalKeys: Bool {
        switch self {
        case .home, .places, .favourites, .regions, .regionIndex, .place, .friends, .friend: true
        case .global, .search, .friendForm, .help: false
        }
    }
}

/// Every screen's actions with their keys: the one table the key maps take their keys from, so the footer,
/// the help overlay, `nearby keys` and docs/keys.md list what dispatches. The config file's `[keys]` rebinds
/// actions by name (`move_down = ["j", "down", "ctrl-n"]` wherever there are moves, `places.sort = "o"` on one
/// screen); `init(rebinding:)` refuses unknown names and keys, and a rebound key that another action of the same
/// screen (or a global one) already has.
///
/// Keys inside text fields, the list filter's line, the `t` prompt and yes/no questions stay fixed: they are
/// typing, not actions.
public struct KeyTable: Sendable, Equatable {
    private var screens: [KeyScreen: [ActionKeys]]

    /// The keys as shipped.
    public static let standard = KeyTable(screens: defaults)

    /// One screen's actions, in the order help lists them.
    public func actions(of screen: KeyScreen) -> [ActionKeys] { screens[screen] ?? [] }

    /// An action's keys and words. Asking for a name the table does not hold is a mistake in the code: the
    /// binding gets no keys (and the key-map tests fail) rather than the app stopping.
    public func keys(_ screen: KeyScreen, _ name: String) -> ActionKeys {
        if let entry = screens[screen]?.first(where: { $0.name == name }) { return entry }
        assertionFailure("no action \(name) on \(screen)")
        return ActionKeys(name, [], name)
    }

    /// One screen's lookup, for the bindings it builds (`ListKeys.bindings(keys:)`).
    public func lookup(_ screen: KeyScreen) -> (String) -> ActionKeys {
        { name in keys(screen, name) }
    }

    private init(screens: [KeyScreen: [ActionKeys]]) {
        self.screens = screens
    }

    // MARK: Rebinding

    /// The shipped keys with the config file's `[keys]` lines applied: a line naming a screen ("places.sort")
    /// wins over one naming the action everywhere ("sort").
    public init(rebinding lines: [KeyBindingLine]) throws(KeyBindingError) {
        screens = Self.defaults
        var origins: [KeyScreen: [String: String]] = [:]
        let general = lines.filter { !$0.name.contains(".") }
        let specific = lines.filter { $0.name.contains(".") }
        for line in general + specific {
            let keys = try Self.parseKeys(line)
            let parts = line.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let targets: [KeyScreen]
            let action: String
            if parts.count == 2 {
                guard let screen = KeyScreen(rawValue: parts[0]) else {
                    let names = KeyScreen.allCases.map(\.rawValue).joined(separator: ", ")
                    throw KeyBindingError("\(line.origin): unknown screen “\(parts[0])” in “\(line.name)”; the screens are \(names).")
                }
                guard screens[screen]?.contains(where: { $0.name == parts[1] }) == true else {
                    throw KeyBindingError("\(line.origin): the \(screen.rawValue) screen has no action “\(parts[1])”; "
                                          + "`nearby keys` lists every action.")
                }
                targets = [screen]
                action = parts[1]
            } else if parts.count == 1 {
                action = parts[0]
                targets = KeyScreen.allCases.filter { screens[$0]?.contains { $0.name == action } == true }
                guard !targets.isEmpty else {
                    throw KeyBindingError("\(line.origin): no screen has an action “\(action)”; "
                                          + "`nearby keys` lists every action.")
                }
            } else {
                throw KeyBindingError("\(line.origin): “\(line.name)” is not an action; write ACTION or SCREEN.ACTION.")
            }
            for screen in targets {
                guard let index = screens[screen]?.firstIndex(where: { $0.name == action }) else { continue }
                try Self.checkUsable(keys, line: line, screen: screen)
                screens[screen]?[index].keys = keys
                screens[screen]?[index].isRebound = true
                origins[screen, default: [:]][action] = line.origin
            }
        }
        try checkClashes(origins: origins)
    }

    private static func parseKeys(_ line: KeyBindingLine) throws(KeyBindingError) -> [Key] {
        var keys: [Key] = []
        for name in line.keys {
            guard let key = Key(name: name) else {
                throw KeyBindingError("\(line.origin): unknown key “\(name)” for \(line.name); keys are "
                                      + "written as j, G, /, down, pgdn, home, enter, esc, space, tab, shift-tab, f5, ctrl-n.")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// Keys the app keeps for itself whatever is open: quit, redraw, suspend.
    private static let reserved: Set<Key> = [.control("c"), .control("l"), .control("z")]
    /// What a text field does with these keys: they move in it or delete.
    private static let editing: Set<Key> = [.left, .right, .home, .end, .backspace, .delete,
                                            .control("a"), .control("e"), .control("u"), .control("k"), .control("w")]

    /// A rebound key must reach the action: not one the app keeps, nor, where a field takes text, a
    /// character or an editing key (the field would lose it).
    private static func checkUsable(_ keys: [Key], line: KeyBindingLine, screen: KeyScreen) throws(KeyBindingError) {
        for key in keys {
            if reserved.contains(key) {
                throw KeyBindingError("\(line.origin): \(key.name) for \(line.name) is kept for quitting, redrawing and "
                                      + "suspending; choose another key.")
            }
            guard screen.takesText else { continue }
            var isCharacter = false
            if case .character = key { isCharacter = true }
            if isCharacter || editing.contains(key) {
                throw KeyBindingError("\(line.origin): \(key.name) for \(line.name): the \(screen.rawValue) screen types "
                                      + "that key into its field; use esc, enter, tab, shift-tab, up, down, f1–f12 or "
                                      + "a ctrl key there.")
            }
        }
    }

    /// Actions of one screen that are never offered at once, so they may share keys: retry on an error row,
    /// refresh elsewhere; quit and clearing the filter on the first screen, back above it.
    private static func neverTogether(_ a: String, _ b: String) -> Bool {
        let pairs: Set<[String]> = [["refresh", "retry"], ["back", "quit"], ["back", "clear_filter"]]
        return pairs.contains([a, b].sorted())
    }

    /// A rebound key may not be another action's on the same screen, nor a global action's where global keys act.
    private func checkClashes(origins: [KeyScreen: [String: String]]) throws(KeyBindingError) {
        for screen in KeyScreen.allCases {
            var actions = actions(of: screen).map { (screen: screen, entry: $0) }
            if screen.seesGlobalKeys { actions += self.actions(of: .global).map { (screen: .global, entry: $0) } }
            for (i, a) in actions.enumerated() {
                for b in actions[(i + 1)...] where (a.entry.isRebound || b.entry.isRebound)
                    && !Self.neverTogether(a.entry.name, b.entry.name) {
                    guard let shared = a.entry.keys.first(where: b.entry.keys.contains) else { continue }
                    let rebound = a.entry.isRebound ? a : b
                    let other = a.entry.isRebound ? b : a
                    let origin = origins[rebound.screen]?[rebound.entry.name] ?? "the config file"
                    let where_ = other.screen == screen ? "the \(screen.rawValue) screen" : "every screen"
                    throw KeyBindingError("\(origin): \(shared.name) for \(rebound.entry.name) clashes with "
                                          + "\(other.entry.name) (\(other.entry.summary)) on \(where_).")
                }
            }
        }
    }
}

/// One line of the config file's `[keys]`: an action's name, its keys' names and where the line is.
public struct KeyBindingLine: Sendable, Equatable {
    public var name: String
    public var keys: [String]
    /// "config.toml line 12", for messages.
    public var origin: String

    public init(name: String, keys: [String], origin: String) {
        self.name = name
        self.keys = keys
        self.origin = origin
    }
}

/// A `[keys]` line that cannot apply, in a sentence that names it.
public struct KeyBindingError: Error, Equatable {
    public let message: String
    init(_ message: String) { self.message = message }
}
