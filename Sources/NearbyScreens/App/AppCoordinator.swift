import NearbyViewModels
import TerminalView

/// The application: a stack of screens, the status bar, the help overlay, and the global keys.
///
/// View models ask for navigation through their `Navigator`; the coordinator turns intents into views.
@MainActor
public final class AppCoordinator: TerminalApplication {
    enum GlobalAction { case help, quit, friends }

    public let minimumSize = Size(width: 30, height: 8)
    public private(set) var isFinished = false
    private var stack: [ScreenView] = []
    private var models: [ScreenModel] = []
    private var host: (any ApplicationHost)?
    private var showingHelp = false
    private let makeFriendsList: () -> ScreenModel
    private let globalKeys = KeyMap<GlobalAction>(title: "Everywhere", [
        KeyBinding([.character("?")], "help", action: .help),
        KeyBinding([.character("F")], "friends", action: .friends, inFooter: false),
        KeyBinding([.character("Q"), .control("c")], "Q", "quit", action: .quit, inFooter: false),
    ])

    /// - Parameters:
    ///   - navigator: the navigator every view model of this app sends intents to.
    ///   - root: the first screen.
    ///   - makeFriendsList: builds the friends list for `F`.
    public init(navigator: Navigator, root: ScreenModel, makeFriendsList: @escaping () -> ScreenModel) {
        self.makeFriendsList = makeFriendsList
        navigator.handler = { [weak self] intent in self?.perform(intent) }
        push(root)
    }

    public func attach(to host: any ApplicationHost) {
        self.host = host
    }

    /// How many screens are on the stack.
    public var screenCount: Int { stack.count }

    /// The view model of the screen on top (tests await its work).
    public var topModel: ScreenModel? { models.last }

    public func draw(into buffer: CellBuffer, theme: Theme) {
        let (body, statusRow) = buffer.bounds.splitBottom(1)
        guard let top = stack.last else { return }
        top.draw(into: buffer, rect: body, theme: theme)
        if showingHelp {
            HelpOverlay.draw(in: buffer, over: body, title: top.helpTitle,
                             lines: top.helpLines + globalKeys.helpLines, theme: theme)
            buffer.cursor = nil
        }
        StatusBar.draw(in: buffer, rect: statusRow, hints: top.hints + globalKeys.footerHints,
                       message: top.statusMessage, theme: theme)
    }

    public func handle(_ event: InputEvent) {
        if case .resize = event { setNeedsDisplay(); return }
        if showingHelp {
            if case .key(let key) = event, key == .escape || key == .character("?") || key == .character("q") {
                showingHelp = false
                setNeedsDisplay()
            }
            return
        }
        guard let top = stack.last else { return }
        if case .key(let key) = event, key == .control("c") { quit(); return }
        if top.handle(event) { setNeedsDisplay(); return }
        guard case .key(let key) = event, !top.capturesText, let action = globalKeys.action(for: key) else { return }
        switch action {
        case .help: showingHelp = true
        case .quit: quit()
        case .friends: showFriends()
        }
        setNeedsDisplay()
    }

    func perform(_ intent: NavigationIntent) {
        switch intent {
        case .push(let model): push(model)
        case .pop: pop()
        case .quit: quit()
        }
        setNeedsDisplay()
    }

    private func push(_ model: ScreenModel) {
        let host = ScreenHost(invalidate: { [weak self] in self?.setNeedsDisplay() },
                              back: { [weak self] in self?.perform(.pop) })
        let view = ScreenViewFactory.makeView(for: model, isRoot: stack.isEmpty, host: host)
        models.append(model)
        stack.append(view)
    }

    private func pop() {
        guard stack.count > 1 else { quit(); return }
        stack.removeLast().close()
        models.removeLast().close()
    }

    private func showFriends() {
        if case .friendsList = models.first {
            while stack.count > 1 { pop() }
        } else {
            push(makeFriendsList())
        }
    }

    private func quit() {
        isFinished = true
        for view in stack { view.close() }
        for model in models { model.close() }
        setNeedsDisplay()
    }

    private func setNeedsDisplay() { host?.setNeedsDisplay() }
}
