import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// Yes/no questions: only `y` confirms, the footer says what the dialog says, `?` shows its keys, and the
/// question stays visible through every resize.
@MainActor
struct QuestionTests {
    private func friendsApp(_ friends: [Friend] = Fixture.friends, size: Size = Size(width: 80, height: 24))
        async -> (HeadlessRunner, FriendsListViewModel, InMemoryFriends, AppCoordinator) {
        let repository = InMemoryFriends(friends)
        let navigator = Navigator()
        let context = FriendsContext(repository: repository, navigator: navigator, timeZone: DemoApp.utc)
        let list = FriendsListViewModel(context: context)
        let coordinator = AppCoordinator(navigator: navigator, root: .friendsList(list),
                                         makeFriendsList: { .friendsList(FriendsListViewModel(context: context)) })
        let runner = HeadlessRunner(app: coordinator, size: size)
        await list.idle()
        runner.renderIfNeeded()
        return (runner, list, repository, coordinator)
    }

    @Test func enterDoesNotConfirmADeleteOnlyYDoes() async {
        let (runner, list, _, _) = await friendsApp()
        runner.press(.character("d"))
        #expect(runner.text().contains("Delete Anna Beck?"))
        runner.press(.enter)
        await list.idle()
        #expect(runner.text().contains("Delete Anna Beck?"), "Enter leaves the question open")
        #expect(list.rowCount == 5)
        runner.press(.character("y"))
        await list.idle()
        runner.renderIfNeeded()
        #expect(!runner.text().contains("Delete Anna Beck?"))
        #expect(list.rowCount == 4)
    }

    @Test func theFooterSaysWhatTheDialogSaysAndHelpShowsItsKeys() async {
        let (runner, _, _, _) = await friendsApp()
        runner.press(.character("d"))
        let rows = runner.textRows()
        #expect(rows.contains { $0.contains("y Delete") && $0.contains("n Cancel") })
        #expect(rows.last == " y delete  n cancel  ? help")
        runner.press(.character("?"))
        let help = runner.text()
        #expect(help.contains("Question — keys"))
        #expect(help.contains("n N esc q") && help.contains("cancel"))
        #expect(!help.contains("add"), "the list's keys do not work while the question is open")
        runner.press(.escape)
        #expect(runner.text().contains("Delete Anna Beck?"), "closing help leaves the question")
        runner.press(.character("n"))
        #expect(!runner.text().contains("Delete Anna Beck?"))
    }

    @Test func discardingTypedTextAsksAndEnterKeepsEditing() async throws {
        let (runner, _, _, coordinator) = await friendsApp()
        runner.press(.character("a"))
        runner.type("Zoë")
        runner.press(.escape)
        #expect(runner.text().contains("Discard changes?"))
        #expect(runner.textRows().last == " y discard  n keep editing  ? help")
        runner.press(.enter)
        #expect(runner.text().contains("Discard changes?"))
        runner.press(.character("n"))
        #expect(runner.text().contains("Zoë"))
        #expect(coordinator.screenCount == 2)
        runner.press(.escape, .character("y"))
        #expect(coordinator.screenCount == 1)
    }

    /// ctrl-c in a form with typed text asks first, as Esc does; a second ctrl-c, or `y`, quits.
    @Test func ctrlCInAFormWithTypedTextAsksBeforeQuitting() async {
        let (runner, _, _, coordinator) = await friendsApp()
        runner.press(.character("a"))
        runner.press(.control("c"))
        #expect(coordinator.isFinished, "nothing typed: ctrl-c quits at once")

        let (typed, _, _, app) = await friendsApp()
        typed.press(.character("a"))
        typed.type("Zoë")
        typed.press(.control("c"))
        #expect(!app.isFinished)
        #expect(typed.text().contains("Quit and lose what you typed?"))
        typed.press(.character("n"))
        #expect(!app.isFinished)
        #expect(typed.text().contains("Zoë"))
        typed.press(.control("c"))
        typed.press(.control("c"))
        #expect(app.isFinished, "a second ctrl-c quits without asking again")
    }

    /// A question open while the terminal goes too small and back is drawn again, never left invisible.
    @Test func aQuestionSurvivesTooSmallAndBack() async {
        let (runner, _, _, _) = await friendsApp()
        runner.press(.character("d"))
        for size in [Size(width: 30, height: 8), Size(width: 20, height: 5), Size(width: 5, height: 2),
                     Size(width: 1, height: 1), Size(width: 100, height: 24)] {
            runner.resize(to: size)
        }
        #expect(runner.text().contains("Delete Anna Beck?"))
        #expect(runner.text().contains("y Delete"))
        // At the smallest size the app draws, the question is still there.
        runner.resize(to: Size(width: 30, height: 8))
        #expect(runner.text().contains("Delete Anna"))
        #expect(runner.textRows().last?.contains("y delete") == true)
    }
}
