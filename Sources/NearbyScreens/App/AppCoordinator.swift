import FoundationEssentials
import NearbyViewModels
import TerminalView

/// The application: a stack of screens, the status bar, the help overlay, questions, and the global keys.
///
/// View models ask for navigation through their `Navigator`; the coordinator turns intents into views. A
/// question (a screen's, or "quit and lose what was typed?") is drawn here, over whatever the screen drew,
/// so it shows at every size the app draws at, and only its answer keys act while it is open.
@MainActor
public final class AppCoordinator: TerminalApplication {
    enum GlobalAction { case help, quit, interrupt, friends, repaint, time }
    /// What a key does while a question is open.
    enum QuestionAction { case answer(Bool), help }
    /// What a key does while the help shows.
    enum HelpAction { case close, scroll(ListMove) }

    public let minimumSize = Size(width: 30, height: 8)
    public private(set) var isFinished = false
    private var stack: [ScreenView] = []
    /// The view model of each screen on the stack (nil for a view pushed without one, as tests do).
    private var models: [ScreenModel?] = []
    // Weak: the host (the run loop) owns this coordinator, and a strong link back kept both, the screens and
    // the store alive after the run, so the store never closed.
    private weak var host: (any ApplicationHost)?
    /// The wake-ups of each screen on the stack; only the top one's are with the host.
    private var clocks: [ScreenClock] = []
    /// The help overlay while it is open.
    private var help: HelpOverlay?
    private var showingHelp: Bool { help != nil }
    /// The status bar, copied while its hints and message stay the same.
    private var statusLine = LineCache<StatusLine>()
    /// The coordinator's own question: ctrl-c while a screen holds unsaved text.
    private var quitQuestion: ConfirmationRequest?
    /// Work that quitting would stop, in words ("the region update"), or nil: quitting then asks first.
    public var runningWork: (@MainActor () -> String?)?
    private let makeFriendsList: () -> ScreenModel
    /// Every screen's keys, by action.
    private let keyTable: KeyTable
    /// Turns pictures into cells for every screen; nil draws none.
    private let pictures: (any PicturePainting)?
    /// Keys every screen has, when the screen does not take them.
    private var globalKeys = KeyMap<GlobalAction>(title: "Everywhere", [])
    /// ctrl-c and ctrl-l: they act whatever is open (a question, the help, the time prompt, a field taking text).
    private let alwaysKeys = KeyMap<GlobalAction>(title: "Always", [
        KeyBinding([.control("c")], "quit", action: .interrupt, inFooter: false),
        KeyBinding([.control("l")], "redraw the screen", action: .repaint, inFooter: false),
    ])
    /// The keys that close the help overlay, and scroll it while it holds more keys than fit.
    private var helpKeys = KeyMap<HelpAction>(title: "Help", [])
    /// The time every screen evaluates opening hours at (`t`); nil: the app has no places screens.
    private let evaluationTime: EvaluationTime?
    /// The `t` prompt while it is open.
    private var timePrompt: TimePrompt?
    private var timeTokens: [ObservationToken] = []
    /// Whether the last event did something (for tests that walk key maps).
    private(set) var lastEventHandled = false

    /// - Parameters:
    ///   - navigator: the navigator every view model of this app sends intents to.
    ///   - root: the first screen.
    ///   - makeFriendsList: builds the friends list for `F`.
    ///   - evaluationTime: the time `t` chooses for every screen; nil leaves `t` out.
    ///   - keyTable: every screen's keys (the config file's `[keys]` applied).
    public init(navigator: Navigator, root: ScreenModel, makeFriendsList: @escaping () -> ScreenModel,
                evaluationTime: EvaluationTime? = nil, keyTable: KeyTable = .standard,
                pictures: (any PicturePainting)? = nil) {
        self.makeFriendsList = makeFriendsList
        self.evaluationTime = evaluationTime
        self.keyTable = keyTable
        self.pictures = pictures
        configureGlobalKeys()
        configureHelpKeys()
        followEvaluationTime()
        navigator.handler = { [weak self] intent in self?.perform(intent) }
        push(root)
    }

    private func configureHelpKeys() {
        helpKeys = KeyMap(title: "Help", [
            KeyBinding(keyTable.keys(.help, "close"), "esc", "close help", action: .close).essential(),
        ] + ListKeys.bindings(footer: "scroll", keys: keyTable.lookup(.help)) { HelpAction.scroll($0) }.map { binding in
            binding.enabled { [unowned self] in help?.canScroll ?? false }
        })
    }

    private func configureGlobalKeys() {
        let keys = keyTable.lookup(.global)
        globalKeys = KeyMap(title: "Everywhere", [
            KeyBinding(keys("help"), action: .help).essential(),
            KeyBinding(keys("friends"), action: .friends, inFooter: false)
                .enabled { [unowned self] in !isShowingFriendsList },
            KeyBinding(keys("quit_app"), action: .quit, inFooter: false),
            KeyBinding(keys("time"), action: .time, inFooter: false)
                .enabled { [unowned self] in evaluationTime != nil },
        ])
    }

    /// Every screen's header shows the chosen time: a new one draws a frame.
    private func followEvaluationTime() {
        guard let evaluationTime else { return }
        timeTokens = [evaluationTime.header.bind { [weak self] _ in self?.setNeedsDisplay() },
                      evaluationTime.openDuring.bind { [weak self] _ in self?.setNeedsDisplay() }]
    }

    /// An app whose first screen is a view made directly, such as one on a stub view model.
    init(navigator: Navigator, rootView: @MainActor (ScreenHost) -> ScreenView,
         makeFriendsList: @escaping () -> ScreenModel, keyTable: KeyTable = .standard,
         pictures: (any PicturePainting)? = nil) {
        self.makeFriendsList = makeFriendsList
        evaluationTime = nil
        self.keyTable = keyTable
        self.pictures = pictures
        configureGlobalKeys()
        configureHelpKeys()
        navigator.handler = { [weak self] intent in self?.perform(intent) }
        let clock = makeClock()
        pushView(rootView(makeHost(clock: clock)), model: nil, clock: clock)
    }

    public func attach(to host: any ApplicationHost) {
        self.host = host
        // Wakes asked for before there was a host.
        clocks.last?.armAll()
    }

    /// How many screens are on the stack.
    public var screenCount: Int { stack.count }

    /// The view model of the screen on top (tests await its work).
    public var topModel: ScreenModel? { models.last ?? nil }

    /// The screen on top (tests walk its key map).
    var topView: ScreenView? { stack.last }

    /// The question shown now, the coordinator's or the top screen's.
    private var openQuestion: ConfirmationRequest? { quitQuestion ?? stack.last?.question }

    // MARK: Frames

    public func layout(size: Size, theme: Theme) {
        let body = Rect(size: size).splitBottom(1).rest
        stack.last?.layout(in: body, theme: theme)
        help?.layout(over: body, title: helpTitle, lines: helpLines, theme: theme)
    }

    public func draw(into buffer: CellBuffer, theme: Theme) {
        let (body, statusRow) = buffer.bounds.splitBottom(1)
        guard let top = stack.last else { return }
        top.draw(into: buffer, rect: body, theme: theme)
        var hints = top.hints + globalKeys.footerHints
        var message = top.statusMessage
        // A dialog or the help drawn over the screen must not become part of a link beneath it.
        if openQuestion != nil || showingHelp { buffer.links.removeAll() }
        if let question = openQuestion {
            ConfirmDialog.draw(in: buffer, over: body, question: question.title, detail: question.detail,
                               confirm: question.confirmLabel, cancel: question.cancelLabel, theme: theme)
            buffer.cursor = nil
            hints = questionKeys(question).footerHints
            message = nil
        }
        if let timePrompt {
            timePrompt.draw(in: buffer, line: body.row(body.height - 1), theme: theme)
            hints = timePrompt.hints
            message = timePrompt.message
        }
        if let help {
            help.draw(in: buffer, theme: theme)
            buffer.cursor = nil
            hints = helpKeys.footerHints
        }
        statusLine.draw(slot: 0, key: StatusLine(hints: hints, message: message), in: buffer, rect: statusRow) {
            StatusBar.draw(in: buffer, rect: $0, hints: hints, message: message, theme: theme)
        }
    }

    /// What the status bar's cells depend on, besides the width.
    private struct StatusLine: Equatable {
        var hints: [KeyHint]
        var message: StatusBarMessage?
    }

    public func prepareNextFrame(theme: Theme) {
        // Under a question, the help or the time prompt, keys go to those: the screen's next frame can wait.
        guard openQuestion == nil, !showingHelp, timePrompt == nil else { return }
        stack.last?.prepareNextFrame(theme: theme)
    }

    private var helpTitle: String {
        openQuestion != nil ? "Question — keys" : stack.last?.helpTitle ?? "Keys"
    }

    /// Exactly the keys that work now: the question's while one is open, else the screen's and the global ones.
    var helpLines: [KeyHint] {
        if let question = openQuestion { return questionKeys(question).helpLines + alwaysKeys.helpLines }
        return (stack.last?.helpLines ?? []) + globalKeys.helpLines + alwaysKeys.helpLines
    }

    /// The answers and `?`: the only keys (with ctrl-c and ctrl-l) that act while a question is open.
    private func questionKeys(_ question: ConfirmationRequest) -> KeyMap<QuestionAction> {
        KeyMap(title: "Question", ConfirmDialog.bindings(confirm: question.confirmLabel, cancel: question.cancelLabel) {
            .answer($0)
        } + [KeyBinding([.character("?")], "help", action: .help).essential()])
    }

    // MARK: Events

    public func handle(_ event: InputEvent) {
        lastEventHandled = true
        if case .resize = event { setNeedsDisplay(); return }
        guard let top = stack.last else { return }
        if case .key(let key) = event {
            // A transient message stays until the next key, so it is never missed and never lingers.
            if top.statusMessage != nil { top.dismissStatus(); setNeedsDisplay() }
            if let action = alwaysKeys.action(for: key) { return perform(action) }
        }
        if timePrompt != nil { return answerTimePrompt(event) }
        if showingHelp { return answerHelp(event) }
        if let question = openQuestion { return answerQuestion(event, question) }
        if top.handle(event) { setNeedsDisplay(); return }
        guard case .key(let key) = event, !top.capturesText, let action = globalKeys.action(for: key) else {
            lastEventHandled = false
            return
        }
        perform(action)
    }

    private func perform(_ action: GlobalAction) {
        switch action {
        case .help: help = HelpOverlay()
        case .quit: requestQuit()
        case .interrupt: interrupt()
        case .friends: showFriends()
        case .repaint: host?.repaintAll()
        case .time: openTimePrompt()
        }
        setNeedsDisplay()
    }

    private func answerHelp(_ event: InputEvent) {
        guard case .key(let key) = event, let action = helpKeys.action(for: key) else {
            lastEventHandled = false
            return
        }
        switch action {
        case .close: help = nil
        case .scroll(let move): help?.scroll(move)
        }
        setNeedsDisplay()
    }

    // MARK: The time prompt

    /// `t`: always the prompt, so a time typed next is read as a time, never as keys on the screen; an empty
    /// answer or Esc returns to now.
    private func openTimePrompt() {
        guard evaluationTime != nil else { return }
        timePrompt = TimePrompt()
    }

    private func answerTimePrompt(_ event: InputEvent) {
        guard case .key(let key) = event, var prompt = timePrompt, let evaluationTime else {
            lastEventHandled = false
            return
        }
        switch prompt.handle(key, time: evaluationTime) {
        case .open(let handled):
            timePrompt = prompt
            lastEventHandled = handled
        case .closed:
            timePrompt = nil
        }
        setNeedsDisplay()
    }

    /// Only the answer keys act while a question is open; `?` shows them. Enter says nothing.
    private func answerQuestion(_ event: InputEvent, _ question: ConfirmationRequest) {
        guard case .key(let key) = event, let action = questionKeys(question).action(for: key) else {
            lastEventHandled = false
            return
        }
        switch action {
        case .help:
            help = HelpOverlay()
        case .answer(let answer):
            if quitQuestion != nil {
                quitQuestion = nil
                if answer { quit() }
            } else {
                stack.last?.answer(answer)
            }
        }
        setNeedsDisplay()
    }

    /// ctrl-c quits, but asks first when the screen holds typed text; a second ctrl-c quits without asking.
    private func interrupt() {
        if quitQuestion == nil, let top = stack.last, top.hasUnsavedChanges {
            quitQuestion = ConfirmationRequest(title: "Quit and lose what you typed?", detail: nil,
                                               confirmLabel: "Quit", cancelLabel: "Keep editing",
                                               isDestructive: true)
            help = nil
            setNeedsDisplay()
            return
        }
        requestQuit()
    }

    /// Quits, but asks first while work runs that quitting would stop (a region's update); the answer's
    /// "Quit" (or a second ctrl-c) quits without asking again.
    private func requestQuit() {
        if quitQuestion == nil, let work = runningWork?() {
            quitQuestion = ConfirmationRequest(title: "Quit and stop \(work)?",
                                               detail: "The store stays as it was; it can be run again later.",
                                               confirmLabel: "Quit", cancelLabel: "Keep working", isDestructive: true)
            help = nil
            setNeedsDisplay()
            return
        }
        quit()
    }

    func perform(_ intent: NavigationIntent) {
        switch intent {
        case .push(let model): push(model)
        case .pop: pop()
        case .quit: requestQuit()
        }
        setNeedsDisplay()
    }

    private func push(_ model: ScreenModel) {
        let clock = makeClock()
        pushView(ScreenViewFactory.makeView(for: model, isRoot: stack.isEmpty, host: makeHost(clock: clock)),
                 model: model, clock: clock)
    }

    /// Puts a view on top; the screen beneath keeps no wake while covered.
    private func pushView(_ view: ScreenView, model: ScreenModel?, clock: ScreenClock) {
        clocks.last?.isCovered = true
        models.append(model)
        stack.append(view)
        clocks.append(clock)
        setNeedsDisplay()
    }

    private func makeClock() -> ScreenClock {
        ScreenClock { [weak self] wake in self?.host?.schedule(wake) }
    }

    /// What a new screen may ask of the coordinator.
    private func makeHost(clock: ScreenClock) -> ScreenHost {
        ScreenHost(invalidate: { [weak self] in self?.setNeedsDisplay() },
                   back: { [weak self] in self?.perform(.pop) },
                   wakes: { next, action in clock.follow(next, action) },
                   copy: { [weak self] text in self?.host?.copyToClipboard(text) ?? false },
                   headerBadge: { [weak self] in self?.evaluationTime?.badge },
                   keys: keyTable, pictures: pictures)
    }

    private func pop() {
        guard stack.count > 1 else { requestQuit(); return }
        stack.removeLast().close()
        models.removeLast()?.close()
        clocks.removeLast().stop()
        clocks.last?.isCovered = false
    }

    private var isShowingFriendsList: Bool { stack.last is FriendsListView }

    /// `F` goes back to the friends list already open, or opens one on top.
    private func showFriends() {
        if let index = stack.lastIndex(where: { $0 is FriendsListView }) {
            while stack.count > index + 1 { pop() }
        } else {
            push(makeFriendsList())
        }
    }

    private func quit() {
        isFinished = true
        for view in stack { view.close() }
        for model in models { model?.close() }
        for clock in clocks { clock.stop() }
        setNeedsDisplay()
    }

    private func setNeedsDisplay() { host?.setNeedsDisplay() }
}
