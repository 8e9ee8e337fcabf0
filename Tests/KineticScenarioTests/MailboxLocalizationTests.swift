import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// The first texts taken from the run's `Localization` (issue #39, in progress): the reschedule sheet's title and
/// options. In the pseudo-locale each is its English made longer and bracketed; what a choice files does not change.
final class MailboxLocalizationTests: XCTestCase {
    func testTheRescheduleSheetSpeaksThePseudoLocaleAndFilesTheSame() throws {
        let scenario = Scenario(app: "mailbox", duration: 0)
        let pseudo = Localization(languages: ["pseudo", "en"], available: [:])
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, localization: pseudo)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        Mailbox.act(.focusMessage("m01"), on: screen, stage)
        Mailbox.openRescheduleOptions(stage)
        let dump = stage.dump()
        XCTAssertEqual(dump.layer("options.title")?.text, PseudoLocale.transform("Reschedule"))
        // The options' labels have no identifiers of their own: read them as a screen reader does, by the menu's items.
        let items = AccessibilityTree(root: stage.root, title: "", size: stage.size).root.all.filter { $0.role == .menuItem }.map(\.name)
        let english = ["Later today", "This evening", "Tomorrow", "This weekend", "Next week", "In a month", "Someday", "Pick date"]
        XCTAssertEqual(items, english.map(PseudoLocale.transform), "every option, in the grid's order, none left in English")
        screen.send(.chooseOption(.reschedule(.tomorrow)))
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m01").detail, "tomorrow", "the same choice as in English")
    }
}
