/// How a binding shows in the status bar.
public enum FooterHint: Sendable {
    /// Only in the help overlay.
    case hidden
    /// The first key's label and the summary ("a add").
    case firstKey
    /// Its own key text and words ("↑↓ move" for the binding of ↓, whose help line says "down").
    case custom(keys: String, summary: String)
}

/// One row of a key map: the keys, the action they trigger, when they apply and what they say.
///
/// A binding that is not enabled neither dispatches nor shows, so the footer and the help overlay list
/// exactly the keys that work now.
@MainActor
public struct KeyBinding<Action> {
    public var keys: [Key]
    /// What the keys do, in a word or two ("open", "delete").
    public var summary: String
    public var action: Action
    public var footer: FooterHint
    /// The footer keeps this hint when it must drop others for room.
    public var isEssential = false
    private var enabledWhen: (@MainActor () -> Bool)?
    private var summaryNow: (@MainActor () -> String)?
    private var footerKeysNow: (@MainActor () -> String)?

    public init(_ keys: [Key], _ summary: String, action: Action, footer: FooterHint = .firstKey) {
        self.keys = keys
        self.summary = summary
        self.action = action
        self.footer = footer
    }

    /// A binding whose footer hint shows `label` for its keys ("esc" for esc, backspace, ←, h, q).
    public init(_ keys: [Key], _ label: String, _ summary: String, action: Action, inFooter: Bool = true) {
        self.init(keys, summary, action: action, footer: inFooter ? .custom(keys: label, summary: summary) : .hidden)
    }

    /// A binding that shows its first key in the footer, or only in help.
    public init(_ keys: [Key], _ summary: String, action: Action, inFooter: Bool) {
        self.init(keys, summary, action: action, footer: inFooter ? .firstKey : .hidden)
    }

    /// The binding applies only while `condition` holds: otherwise its keys do nothing and it is not shown.
    public func enabled(when condition: @escaping @MainActor () -> Bool) -> KeyBinding {
        var copy = self
        if let earlier = enabledWhen {
            copy.enabledWhen = { @MainActor in earlier() && condition() }
        } else {
            copy.enabledWhen = condition
        }
        return copy
    }

    /// The binding's words change with the state ("retry" on an error row, "refresh" elsewhere).
    public func described(by text: @escaping @MainActor () -> String) -> KeyBinding {
        var copy = self
        copy.summaryNow = text
        return copy
    }

    /// The footer's key text changes with the state ("1-2" while two meeting points are shown).
    public func footerKeys(_ text: @escaping @MainActor () -> String) -> KeyBinding {
        var copy = self
        copy.footerKeysNow = text
        return copy
    }

    /// The footer keeps this binding's hint at any width it can (the way back, help).
    public func essential() -> KeyBinding {
        var copy = self
        copy.isEssential = true
        return copy
    }

    public var isEnabled: Bool { enabledWhen?() ?? true }

    /// The words the footer and help show now.
    public var currentSummary: String { summaryNow?() ?? summary }

    /// The footer's hint now, nil when hidden.
    public var footerHint: KeyHint? {
        switch footer {
        case .hidden: nil
        case .firstKey: KeyHint(keys: footerKeysNow?() ?? keys.first?.label ?? "", summary: currentSummary,
                                isEssential: isEssential)
        case .custom(let keys, let summary): KeyHint(keys: footerKeysNow?() ?? keys, summary: summaryNow?() ?? summary,
                                                     isEssential: isEssential)
        }
    }

    /// The help overlay's line: every key, and what they do.
    public var helpLine: KeyHint {
        KeyHint(keys: keys.map(\.label).joined(separator: " "), summary: currentSummary)
    }
}

/// The key map is data: one table dispatches keys, fills the status bar hints and the help overlay.
@MainActor
public struct KeyMap<Action> {
    public var title: String
    public private(set) var bindings: [KeyBinding<Action>]
    /// Every binding of a key, in order: the first enabled one wins.
    private var lookup: [Key: [Int]] = [:]

    public init(title: String, _ bindings: [KeyBinding<Action>]) {
        self.title = title
        self.bindings = []
        for binding in bindings { add(binding) }
    }

    /// Adds a binding after the others.
    public mutating func add(_ binding: KeyBinding<Action>) {
        let index = bindings.count
        bindings.append(binding)
        for key in binding.keys { lookup[key, default: []].append(index) }
    }

    public mutating func add(_ more: [KeyBinding<Action>]) {
        for binding in more { add(binding) }
    }

    /// The action a key triggers now: the first enabled binding of that key, if any.
    public func action(for key: Key) -> Action? {
        guard let indices = lookup[key] else { return nil }
        for index in indices where bindings[index].isEnabled { return bindings[index].action }
        return nil
    }

    /// The label of the first key bound to an action that `matches`, so a screen names the key its map
    /// really binds ("r" in "r retry") rather than a key written into a string.
    public func key(for matches: (Action) -> Bool) -> String? {
        bindings.first { matches($0.action) }?.keys.first?.label
    }

    /// The enabled bindings, in order.
    public var enabledBindings: [KeyBinding<Action>] { bindings.filter(\.isEnabled) }

    /// The hints for the status bar, in order: enabled bindings with a footer hint.
    public var footerHints: [KeyHint] {
        var hints: [KeyHint] = []
        hints.reserveCapacity(bindings.count)
        for binding in bindings where binding.isEnabled {
            if let hint = binding.footerHint { hints.append(hint) }
        }
        return hints
    }

    /// Every enabled binding, for the help overlay.
    public var helpLines: [KeyHint] { enabledBindings.map(\.helpLine) }
}

/// A key and what it does, as hints and help show it.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var summary: String
    /// Kept in a narrow footer while other hints are dropped (the way back, help).
    public var isEssential: Bool

    public init(keys: String, summary: String, isEssential: Bool = false) {
        self.keys = keys
        self.summary = summary
        self.isEssential = isEssential
    }
}
