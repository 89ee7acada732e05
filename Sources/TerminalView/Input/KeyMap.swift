/// One row of a key map: the keys, what they do, and how hints show them.
public struct KeyBinding<Action> {
    public var keys: [Key]
    /// The keys as a hint shows them ("↑↓", "enter"); by default the first key's label.
    public var label: String
    /// What the keys do, in a word or two ("move", "open").
    public var summary: String
    public var action: Action
    /// Whether the status bar shows this binding (the help overlay shows every one).
    public var inFooter: Bool

    public init(_ keys: [Key], _ label: String, _ summary: String, action: Action, inFooter: Bool = true) {
        self.keys = keys
        self.label = label
        self.summary = summary
        self.action = action
        self.inFooter = inFooter
    }

    /// A binding whose hint shows its first key's label.
    public init(_ keys: [Key], _ summary: String, action: Action, inFooter: Bool = true) {
        self.init(keys, keys.first?.label ?? "", summary, action: action, inFooter: inFooter)
    }
}

/// The key map is data: one table dispatches keys, fills the status bar hints and the help overlay.
public struct KeyMap<Action> {
    public var title: String
    public private(set) var bindings: [KeyBinding<Action>]
    private var lookup: [Key: Int] = [:]

    public init(title: String, _ bindings: [KeyBinding<Action>]) {
        self.title = title
        self.bindings = []
        for binding in bindings { add(binding) }
    }

    /// Adds a binding; a key already bound keeps its first binding.
    public mutating func add(_ binding: KeyBinding<Action>) {
        let index = bindings.count
        bindings.append(binding)
        if binding.inFooter { footerHints.append(KeyHint(keys: binding.label, summary: binding.summary)) }
        for key in binding.keys where lookup[key] == nil { lookup[key] = index }
    }

    /// The action a key triggers, if any.
    public func action(for key: Key) -> Action? {
        lookup[key].map { bindings[$0].action }
    }

    /// The hints for the status bar, in order (kept, not computed: the status bar asks every frame).
    public private(set) var footerHints: [KeyHint] = []

    /// Every binding, for the help overlay.
    public var helpLines: [KeyHint] {
        bindings.map { binding in
            let all = binding.keys.map(\.label).joined(separator: " ")
            return KeyHint(keys: all, summary: binding.summary)
        }
    }
}

/// A key and what it does, as hints and help show it.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var summary: String
    public init(keys: String, summary: String) {
        self.keys = keys
        self.summary = summary
    }
}
