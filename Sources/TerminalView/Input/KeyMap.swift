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
    /// Everything but the action: the key map keeps these apart, so the footer and help, asked for on every
    /// frame, run code that does not depend on the action's type.
    var traits: KeyTraits
    public var action: Action

    public var keys: [Key] {
        get { traits.keys }
        set { traits.keys = newValue }
    }
    /// What the keys do, in a word or two ("open", "delete").
    public var summary: String {
        get { traits.summary }
        set { traits.summary = newValue }
    }
    public var footer: FooterHint {
        get { traits.footer }
        set { traits.footer = newValue }
    }
    /// The footer keeps this hint when it must drop others for room.
    public var isEssential: Bool {
        get { traits.isEssential }
        set { traits.isEssential = newValue }
    }

    public init(_ keys: [Key], _ summary: String, action: Action, footer: FooterHint = .firstKey) {
        self.init(traits: KeyTraits(keys: keys, summary: summary, footer: footer), action: action)
    }

    init(traits: KeyTraits, action: Action) {
        self.traits = traits
        self.action = action
    }

    /// A binding whose footer hint shows `label` for its keys ("esc" for esc, backspace, ←, h, q).
    public init(_ keys: [Key], _ label: String, _ summary: String, action: Action, inFooter: Bool = true) {
        self.init(keys, summary, action: action, footer: inFooter ? .custom(keys: label, summary: summary) : .hidden)
    }

    /// A binding that shows its first key in the footer, or only in help.
    public init(_ keys: [Key], _ summary: String, action: Action, inFooter: Bool) {
        self.init(keys, summary, action: action, footer: inFooter ? .firstKey : .hidden)
    }

    /// A binding of a named action's keys (its words from the key table).
    public init(_ entry: ActionKeys, action: Action, footer: FooterHint = .firstKey) {
        var footer = footer
        // A fixed label ("↑↓", "esc") names the default keys; rebound keys show their own.
        if entry.isRebound, case .custom(_, let summary) = footer {
            footer = .custom(keys: entry.keys.first?.label ?? "", summary: summary)
        }
        self.init(entry.keys, entry.summary, action: action, footer: footer)
        traits.isRebound = entry.isRebound
    }

    /// A named action's binding that shows its first key in the footer, or only in help.
    public init(_ entry: ActionKeys, action: Action, inFooter: Bool) {
        self.init(entry, action: action, footer: inFooter ? .firstKey : .hidden)
    }

    /// A named action's binding whose footer hint shows `label` for its keys while they are the default ones.
    public init(_ entry: ActionKeys, _ label: String, _ summary: String, action: Action, inFooter: Bool = true) {
        self.init(entry, action: action, footer: inFooter ? .custom(keys: label, summary: summary) : .hidden)
    }

    /// The binding applies only while `condition` holds: otherwise its keys do nothing and it is not shown.
    public func enabled(when condition: @escaping @MainActor () -> Bool) -> KeyBinding {
        var copy = self
        if let earlier = traits.enabledWhen {
            copy.traits.enabledWhen = { @MainActor in earlier() && condition() }
        } else {
            copy.traits.enabledWhen = condition
        }
        return copy
    }

    /// The binding's words change with the state ("retry" on an error row, "refresh" elsewhere).
    public func described(by text: @escaping @MainActor () -> String) -> KeyBinding {
        var copy = self
        copy.traits.summaryNow = text
        return copy
    }

    /// The footer's key text changes with the state ("1-2" while two meeting points are shown).
    public func footerKeys(_ text: @escaping @MainActor () -> String) -> KeyBinding {
        var copy = self
        // Rebound keys show their own first key; the text is about the default ones.
        guard !traits.isRebound else { return copy }
        copy.traits.footerKeysNow = text
        return copy
    }

    /// The footer keeps this binding's hint at any width it can (the way back, help).
    public func essential() -> KeyBinding {
        var copy = self
        copy.traits.isEssential = true
        return copy
    }

    public var isEnabled: Bool { traits.isEnabled }

    /// The words the footer and help show now.
    public var currentSummary: String { traits.currentSummary }

    /// The footer's hint now, nil when hidden.
    public var footerHint: KeyHint? { traits.footerHint }

    /// The help overlay's line: every key, and what they do.
    public var helpLine: KeyHint { traits.helpLine }
}

/// A binding without its action: its keys, its words, and when it applies.
@MainActor
struct KeyTraits {
    var keys: [Key]
    var summary: String
    var footer: FooterHint
    var isEssential = false
    var isRebound = false
    var enabledWhen: (@MainActor () -> Bool)?
    var summaryNow: (@MainActor () -> String)?
    var footerKeysNow: (@MainActor () -> String)?

    init(keys: [Key], summary: String, footer: FooterHint) {
        self.keys = keys
        self.summary = summary
        self.footer = footer
    }

    var isEnabled: Bool { enabledWhen?() ?? true }

    var currentSummary: String { summaryNow?() ?? summary }

    var footerHint: KeyHint? {
        switch footer {
        case .hidden: nil
        case .firstKey: KeyHint(keys: footerKeysNow?() ?? keys.first?.label ?? "", summary: currentSummary,
                                isEssential: isEssential)
        case .custom(let keys, let summary): KeyHint(keys: footerKeysNow?() ?? keys, summary: summaryNow?() ?? summary,
                                                     isEssential: isEssential)
        }
    }

    var helpLine: KeyHint {
        KeyHint(keys: keys.map(\.label).joined(separator: " "), summary: currentSummary)
    }

    /// The footer hints of the enabled ones, in order; not generic, so it runs as compiled here whatever a
    /// key map's action type.
    static func footerHints(of traits: [KeyTraits]) -> [KeyHint] {
        var hints: [KeyHint] = []
        hints.reserveCapacity(traits.count)
        // Read in place: a copy of each binding's traits would retain its keys, words and closures. A binding the
        // footer never shows is passed over before its condition is asked: most are (the moves, the help's keys).
        traits.withUnsafeBufferPointer { traits in
            for index in traits.indices {
                if case .hidden = traits[index].footer { continue }
                if traits[index].isEnabled, let hint = traits[index].footerHint { hints.append(hint) }
            }
        }
        return hints
    }
}

/// The key map is data: one table dispatches keys, fills the status bar hints and the help overlay.
@MainActor
public struct KeyMap<Action> {
    public var title: String
    /// The bindings' traits and actions, apart (see `KeyBinding.traits`); the same index in both.
    private var traits: [KeyTraits] = []
    private var actions: [Action] = []
    /// Every binding of a key, in order: the first enabled one wins.
    private var lookup: [Key: [Int]] = [:]

    public init(title: String, _ bindings: [KeyBinding<Action>]) {
        self.title = title
        for binding in bindings { add(binding) }
    }

    /// The bindings, in order.
    public var bindings: [KeyBinding<Action>] {
        zip(traits, actions).map { KeyBinding(traits: $0, action: $1) }
    }

    /// Adds a binding after the others.
    public mutating func add(_ binding: KeyBinding<Action>) {
        let index = traits.count
        traits.append(binding.traits)
        actions.append(binding.action)
        for key in binding.keys { lookup[key, default: []].append(index) }
    }

    public mutating func add(_ more: [KeyBinding<Action>]) {
        for binding in more { add(binding) }
    }

    /// The action a key triggers now: the first enabled binding of that key, if any.
    public func action(for key: Key) -> Action? {
        guard let indices = lookup[key] else { return nil }
        for index in indices where traits[index].isEnabled { return actions[index] }
        return nil
    }

    /// The label of the first key bound to an action that `matches`, so a screen names the key its map
    /// really binds ("r" in "r retry") rather than a key written into a string.
    public func key(for matches: (Action) -> Bool) -> String? {
        actions.firstIndex(where: matches).flatMap { traits[$0].keys.first?.label }
    }

    /// The enabled bindings, in order.
    public var enabledBindings: [KeyBinding<Action>] { bindings.filter(\.isEnabled) }

    /// The hints for the status bar, in order: enabled bindings with a footer hint.
    public var footerHints: [KeyHint] { KeyTraits.footerHints(of: traits) }

    /// Every enabled binding, for the help overlay.
    public var helpLines: [KeyHint] { traits.filter(\.isEnabled).map(\.helpLine) }
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
