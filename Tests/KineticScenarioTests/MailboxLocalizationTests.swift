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
        screen.focus(message: "m01")
        stage.run(for: 1)
        Mailbox.openRescheduleOptions(stage)
        let dump = stage.dump()
        XCTAssertEqual(dump.layer("options.title")?.text, PseudoLocale.transform("Reschedule"))
        // The options' labels have no identifiers of their own: read them as a screen reader does, by the menu's items.
        let items = AccessibilityTree(root: stage.root, title: "", size: stage.size).root.all.filter { $0.role == .menuItem }.map(\.name)
        let english = ["Later today", "This evening", "Tomorrow", "This weekend", "Next week", "In a month", "Someday", "Pick date"]
        XCTAssertEqual(items, english.map(PseudoLocale.transform), "every option, in the grid's order, none left in English")
        screen.send(.options(.choose(.reschedule(.tomorrow))))
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m01").detail, "tomorrow", "the same choice as in English")
    }
}

/// In the pseudo-locale, every text the Mailbox writes itself is taken from the catalogue (bracketed), in each of its
/// main states; served content (a message's sender, subject, snippet, time and body, and what is typed) stays as it
/// came. The texts are read off the live layer tree, as drawn.
final class MailboxPseudoLocaleTests: XCTestCase {
    /// Every shown text layer under `layer` that is not served content: its string.
    private func ownTexts(_ layer: Layer, _ found: inout [String]) {
        guard !layer.isHidden, layer.opacity > 0.01 else { return }
        // Served and typed content: the rows' messages, the reader's header and body, compose's fields; and the
        // picker's wheels, whose days and hours are the locale's formats, not catalogue texts (the next step, #39).
        if let id = layer.identifier, id.hasPrefix("row.") || id.hasPrefix("reader.sender") || id.hasPrefix("reader.time")
            || id.hasPrefix("reader.subject") || id.hasPrefix("reader.scroll") || ["compose.to", "compose.subject", "compose.body", "picker.wheels"].contains(id) { return }
        if case .text(let content) = layer.contents, !content.string.isEmpty { found.append(content.string) }
        for sublayer in layer.sublayers { ownTexts(sublayer, &found) }
    }

    private func notFromTheCatalogue(_ stage: Stage) -> [String] {
        var texts: [String] = []
        ownTexts(stage.root, &texts)
        // A count beside a title ("[Ŀàţéŕ ~~] 0") and the ↶ of Undo are the app's own marks around a catalogue text.
        return texts.filter { !$0.contains("[") }
    }

    func testEveryTextTheMailboxWritesComesFromTheCatalogue() throws {
        let pseudo = Localization(languages: ["pseudo", "en"], available: [:])
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.catalog, localization: pseudo)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.5)
        var left: [String: [String]] = [:]
        func look(_ name: String) { let found = notFromTheCatalogue(stage); if !found.isEmpty { left[name] = found } }
        look("inbox")
        Mailbox.act(.setMenu(open: true), on: screen, stage)
        look("menu")
        Mailbox.act(.setMenu(open: false), .reader(.open("m01")), on: screen, stage)
        look("reader")
        Mailbox.act(.reader(.close), .compose(.open), on: screen, stage)
        look("compose")
        Mailbox.act(.compose(.edit(.subject, "Lunch")), .compose(.close), on: screen, stage)  // with words written, it asks
        look("compose's question")
        Mailbox.act(.compose(.deleteDraft), .openShelf(.trash), on: screen, stage)
        look("an empty Trash")
        Mailbox.act(.selectSegment(.inbox), on: screen, stage)
        screen.focus(message: "m02")
        stage.run(for: 1)
        Mailbox.openRescheduleOptions(stage)
        look("the reschedule options")
        Mailbox.act(.options(.choose(.reschedule(.pickDate))), on: screen, stage)
        look("the picker")
        Mailbox.act(.options(.cancelPicker), .options(.dismiss), on: screen, stage, waiting: 0.5)
        look("filed, with Undo")
        Mailbox.act(.command(id: "m03", zone: .delete), .openShelf(.trash), .askToEmptyTrash, on: screen, stage)
        look("the Trash's question")
        XCTAssertEqual(left, [:], "texts not from the catalogue, by state")
    }
}
