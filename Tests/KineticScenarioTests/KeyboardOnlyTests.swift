import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// Tasks done with the keyboard alone, as scenarios (the documented interface) checked from their dumps: the stage's
/// one keyboard focus over the gallery's cards, the shell's menu and a context menu.
final class KeyboardOnlyTests: XCTestCase {
    /// The repository's `Scenarios/keyboard/`: one scenario per task a keyboard-only person does, each checked here.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/keyboard")

    /// Plays `Scenarios/keyboard/NAME.json` and returns its captures' dumps by name.
    private func play(_ name: String) throws -> [String: SceneDump] {
        let url = Self.folder.appendingPathComponent("\(name).json")
        let scenario = try Scenario.decode(Data(contentsOf: url), name: "\(name).json")
        let captures = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
        return Dictionary(captures.map { ($0.name, $0.dump) }, uniquingKeysWith: { first, _ in first })
    }

    /// Letters with Ctrl are shortcuts, never the Mailbox's letters: Ctrl-D and Ctrl-E on a focused message file
    /// nothing; in the reader Ctrl-C copies the message's text (and opens no compose, as C alone does).
    func testLettersWithCtrlAreShortcutsAndCtrlCCopiesTheReadersText() throws {
        let json = """
            {"app": "mailbox", "events": [
              {"at": 0.5, "key": "down"}, {"at": 0.6, "key": "ctrl+d"}, {"at": 0.7, "key": "ctrl+e"}, {"at": 1.5, "capture": "after"},
              {"at": 1.6, "key": "enter"}, {"at": 2.5, "key": "ctrl+c"}, {"at": 3.0, "capture": "copied"}
            ]}
            """
        let scenario = try Scenario.decode(Data(json.utf8), name: "ctrl-letters.json")
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog)
        let dumps = Dictionary(try runner.run(outputDirectory: nil).map { ($0.name, $0.dump) }, uniquingKeysWith: { first, _ in first })
        XCTAssertNotNil(dumps["after"]?.layer("row.m01"), "Ctrl-D and Ctrl-E filed nothing")
        XCTAssertEqual(dumps["after"]?.state, "inbox")
        XCTAssertEqual(dumps["copied"]?.state, "message.m01", "reading still; no compose")
        let body = try XCTUnwrap(dumps["copied"]?.layer("reader.body")?.text)
        XCTAssertEqual(runner.stage.textInput.clipboard.text(), body, "the clipboard holds what the reader shows")
    }

    /// The gallery's cards are, in order, Disguise-O-Rama, Mailbox and Honeycomb (`kinetic apps`): Tab reaches the
    /// first, → the second, Enter opens it, and the Mailbox opened by a key starts on its first message. M opens the
    /// shell's menu with the focus on the app showing; its rows are Gallery, Disguise-O-Rama, Mailbox, Honeycomb, so ↑ ↑
    /// reaches Gallery, and Enter goes there, the focus starting again on the first card. Shift-Tab goes back round to
    /// the ☰ button (the last stop), again to the last card, and Space opens the Honeycomb on its first category. F10,
    /// in an app with no menu of its own, opens the shell's menu; Home and End go to its first row and its last (the
    /// Honeycomb's last category, Travel), ↓ stops there, Esc closes it with the focus back where it was. M then D
    /// (the only row starting with it) and Space open Disguise-O-Rama.
    func testOpenAnAppFromTheGalleryAndGoBackThroughTheMenu() throws {
        let dumps = try play("switch-apps")
        XCTAssertEqual(focused(dumps, "first"), ["card.disguise"])
        XCTAssertEqual(focused(dumps, "second"), ["card.mailbox"])
        XCTAssertEqual(dumps["opened"]?.state, "inbox")
        XCTAssertEqual(focused(dumps, "opened"), ["row.m01"], "opened by a key, the Mailbox starts on its first message")
        XCTAssertEqual(dumps["menu"]?.state, "menu")
        XCTAssertEqual(focused(dumps, "menu"), ["menu.item.mailbox"], "the menu opens on the app showing")
        XCTAssertEqual(focused(dumps, "on-gallery"), ["menu.item.gallery"])
        XCTAssertEqual(dumps["back"]?.state, "gallery")
        XCTAssertEqual(focused(dumps, "back"), ["card.disguise"])
        XCTAssertEqual(focused(dumps, "on-menu-button"), ["menu.button"])
        XCTAssertEqual(focused(dumps, "last"), ["card.honeycomb"])
        XCTAssertEqual(dumps["honeycomb"]?.state, "categories")
        XCTAssertEqual(focused(dumps, "honeycomb"), ["category.nature"], "the first category")
        XCTAssertEqual(dumps["shell-menu"]?.state, "menu")
        XCTAssertEqual(focused(dumps, "shell-menu"), ["menu.item.honeycomb"])
        XCTAssertEqual(focused(dumps, "menu-home"), ["menu.item.gallery"])
        XCTAssertEqual(focused(dumps, "menu-end"), ["menu.action.category.travel"])
        XCTAssertEqual(focused(dumps, "menu-end-down"), ["menu.action.category.travel"], "↓ stops at the end")
        XCTAssertEqual(dumps["closed"]?.state, "categories")
        XCTAssertEqual(focused(dumps, "closed"), ["category.nature"], "Esc gives the focus back where it was")
        XCTAssertEqual(focused(dumps, "letter"), ["menu.item.disguise"])
        XCTAssertTrue(dumps["disguise"]?.state.hasPrefix("splash") == true, dumps["disguise"]?.state ?? "no capture")
    }

    /// Search by the keyboard alone: `/` opens the field with the keyboard in it (the slash not typed), "LIBRARY hold"
    /// leaves only the City Library's "Your hold is ready" (m04: both words, whatever their case), Enter takes the
    /// keyboard to it, E archives it (the list is then empty, and says so), Ctrl-Z brings it back; `/` gives the field
    /// the keyboard again, Esc leaves it, and a second Esc closes the search: the whole Inbox again, the focus still on
    /// the message found.
    func testSearchFindsFilesAndClosesByTheKeyboard() throws {
        let dumps = try play("search")
        XCTAssertEqual(dumps["open"]?.state, "search")
        XCTAssertEqual(dumps["open"]?.layer("search.field")?.text ?? "", "", "the slash is not typed")
        XCTAssertEqual(focused(dumps, "open"), ["search.field"], "the one focus is the field's, not a row's behind it")
        XCTAssertEqual(dumps["found"]?.layer("search.field")?.text, "LIBRARY hold")
        XCTAssertEqual(rows(dumps, "found"), ["m04"])
        XCTAssertEqual(dumps["results"]?.state, "search.results")
        XCTAssertEqual(focused(dumps, "results"), ["row.m04"])
        XCTAssertEqual(rows(dumps, "archived"), [])
        XCTAssertEqual(dumps["archived"]?.layer("list.empty")?.text, "No message here holds “LIBRARY hold”.")
        XCTAssertEqual(rows(dumps, "undone"), ["m04"])
        XCTAssertEqual(dumps["left-field"]?.state, "search.results")
        XCTAssertEqual(dumps["closed"]?.state, "inbox")
        XCTAssertNotEqual(dumps["closed"]?.layer("search")?.visible, true, "the field is gone")
        XCTAssertGreaterThan(rows(dumps, "closed").count, 5, "the Inbox's rows in view again")
        XCTAssertEqual(focused(dumps, "closed"), ["row.m04"], "the message found keeps the focus, in its whole list")
        XCTAssertEqual(dumps["ctrl-f"]?.state, "search", "Ctrl-F opens it too, wherever / is on the layout")
    }

    /// The rows in a capture, by message id, top to bottom.
    private func rows(_ dumps: [String: SceneDump], _ name: String) -> [String] {
        (dumps[name]?.layers ?? []).filter { $0.id.hasPrefix("row.") && $0.visible }.sorted { $0.frame.y < $1.frame.y }.map { String($0.id.dropFirst(4)) }
    }

    /// The Menu key opens the focused message's actions (Archive, Delete, Later…, List…) with the first focused; ↓
    /// reaches Delete and Enter does what a click on it does: the message goes to the Trash.
    func testAContextMenuIsWorkedByTheKeyboard() throws {
        let (_, stage, screen) = try Mailbox.opened()
        stage.send(KeyEvent(scenarioName: "down", timestamp: stage.time))
        stage.step()
        let focusedMessage = try XCTUnwrap(screen.focusedMessage)
        stage.send(KeyEvent(scenarioName: "menu", timestamp: stage.time))
        stage.step()
        XCTAssertEqual(stage.dump().layers.filter { $0.focused == true }.map(\.id), ["context.item.archive"])
        for key in ["down", "enter"] {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.step()
        }
        stage.run(for: 1.5)
        XCTAssertNil(stage.dump().layer("context.menu"), "the menu closed")
        XCTAssertEqual(screen.state.placement(of: focusedMessage).list, .deleted)
    }

    /// A long message read to its end by the keyboard: ↓ focuses it, Enter opens it, and the reader's page keys scroll
    /// its body (they used to be swallowed). The body is 200 numbered lines; the reader's scroll view is 768 − 196 =
    /// 572 pt tall, so Page Down moves 572 − 48 = 524 pt, ↓ 48 pt more, and End brings the body's last line to the
    /// view's bottom edge.
    func testALongMessageIsReadToItsEndByTheKeyboard() throws {
        let body = (1...200).map { "Line \($0) of a long message." }.joined(separator: "\n")
        let messages = [MailMessage(id: "long", sender: "Sender", subject: "Long", snippet: "…", time: "9:41 AM", body: body)]
        var entries = KineticApps.catalog
        // Inside the run's own temporary folder (scripts/hermetic removes it), as the other scenario tests' folders.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-keys-\(UUID().uuidString)")
        entries[1].makeScreen = { _ in
            MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        }
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: entries, dataDirectory: folder)
        let stage = runner.stage
        stage.run(for: 0.3)
        func press(_ key: String) {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.run(for: 1)
        }
        press("down")
        press("enter")
        XCTAssertEqual(stage.stateName, "message.long")
        let top = try XCTUnwrap(stage.dump().layer("reader.body")).frame.y
        press("pagedown")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader.body")).frame.y, top - 524, accuracy: 0.5)
        press("down")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader.body")).frame.y, top - 524 - 48, accuracy: 0.5)
        press("end")
        let bodyFrame = try XCTUnwrap(stage.dump().layer("reader.body")).frame
        let view = try XCTUnwrap(stage.dump().layer("reader.scroll")).frame
        XCTAssertGreaterThan(bodyFrame.height, 2 * view.height, "long enough to need scrolling")
        XCTAssertEqual(bodyFrame.y + bodyFrame.height, view.y + view.height, accuracy: 0.5, "the end shows at the bottom")
        XCTAssertEqual(stage.stateName, "message.long", "the page keys never closed the reader")
    }

    /// Cancel's question by the keyboard: C opens compose, a letter is typed, Esc leaves the field and a second Esc
    /// asks "Keep this message?" with the ring on its first button, Save Draft; Tab moves it to Delete Draft and Enter
    /// presses that: compose closes and no draft is kept. The Trash's question likewise starts on its first button,
    /// Cancel, so a stray Enter never deletes for good.
    func testTheQuestionsButtonsAreReachedByTheKeyboard() throws {
        let (_, stage, screen) = try Mailbox.opened()
        func press(_ key: String) {
            let event = KeyEvent(scenarioName: key, timestamp: stage.time)
            stage.send(event)
            if let typed = event.typedText { stage.send(text: typed) }
            stage.run(for: 0.5)
        }
        for key in ["c", "x", "escape", "escape"] { press(key) }
        XCTAssertEqual(screen.state.compose?.confirmingCancel, true)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.confirm.save")
        press("tab")
        XCTAssertEqual(stage.dump().layers.filter { $0.focused == true }.map(\.id), ["compose.confirm.delete"])
        press("enter")
        XCTAssertNil(screen.state.compose)
        XCTAssertTrue(screen.state.messages.allSatisfy { screen.state.placement(of: $0.id).list != .draft }, "no draft kept")

        press("d")  // the top message to the Trash
        screen.send(.openShelf(.trash))
        stage.run(for: 1)
        screen.send(.askToEmptyTrash)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "trash.confirm.cancel", "the question opens on Cancel")
        press("right")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "trash.confirm.empty")
        press("enter")
        XCTAssertTrue(screen.state.messages(filedIn: .deleted).isEmpty, "emptied")
    }

    /// A message filed into a list is found again by the keyboard: ↓ focuses m01, T opens the lists with the first, To
    /// Read, ringed, Enter files it there (m02 focused). F10 opens the Mailbox's own menu on the list that shows
    /// (Inbox); its items starting with "t" are, in order, Trash, To Read, To Buy, To Watch, Travel, so "t" twice
    /// reaches To Read, and Enter opens it with the focus on its first message: m01, the only one there.
    func testAMessageFiledInAListIsFoundThroughTheMenu() throws {
        let dumps = try play("filed-list")
        XCTAssertEqual(focused(dumps, "lists"), ["option.to-read"])
        XCTAssertEqual(focused(dumps, "filed"), ["row.m02"])
        XCTAssertNil(dumps["filed"]?.layer("row.m01"))
        XCTAssertEqual(dumps["menu"]?.state, "menu")
        XCTAssertEqual(focused(dumps, "menu"), ["mailbox.menu.inbox"], "the menu opens on the list that shows")
        XCTAssertEqual(focused(dumps, "first-t"), ["mailbox.menu.trash"])
        XCTAssertEqual(focused(dumps, "second-t"), ["mailbox.menu.list.to-read"])
        XCTAssertEqual(dumps["to-read"]?.state, "list.to-read")
        XCTAssertEqual(dumps["to-read"]?.layers.filter { $0.id.hasPrefix("row.") }.map(\.id), ["row.m01"])
        XCTAssertEqual(focused(dumps, "to-read"), ["row.m01"], "another list starts the focus at its top")
    }

    /// A honeycomb category, a panel and Learn More by the keyboard alone, and back: → focuses the first category,
    /// Enter opens its grid with the focus on its first cell (Nature's Fern); → moves to the next (Oak), Enter opens its
    /// panel; Tab rings Learn More (every bundled cell has a link) and Enter opens it (a headless run has no browser: the
    /// banner says so and that the link was copied); Shift-Tab goes back to the cell. Page Down scrolls the grid down (Nature's grid and panel
    /// are taller than the stage), End keeps it at the bottom, Page Up and Home back to the top. Esc closes the panel
    /// with the focus on its cell; the arrows move on from there, Space opens a panel; Esc twice goes back to the
    /// categories, the focus on the category left.
    func testACategoryAPanelAndLearnMoreByTheKeyboard() throws {
        let dumps = try play("honeycomb")
        XCTAssertEqual(dumps["grid"]?.state, "grid.nature")
        XCTAssertEqual(focused(dumps, "grid"), ["cell.fern"], "the grid opens on its first cell")
        XCTAssertEqual(dumps["panel"]?.state, "panel.oak")
        XCTAssertEqual(focused(dumps, "learn-more"), ["panel.learn-more"])
        // A headless run has no browser: the banner says so, having copied the link.
        let banner = dumps["opened"]?.layers.first { $0.id.hasPrefix("banner") && ($0.text ?? "").hasPrefix("No browser opened the link — copied it: ") }
        XCTAssertNotNil(banner, "Enter on Learn More asked for the link to be opened")
        XCTAssertEqual(dumps["opened"]?.state, "panel.oak", "the panel stays open")
        XCTAssertEqual(focused(dumps, "back-on-cell"), ["cell.oak"])
        func scroll(_ name: String) -> Double? { dumps[name]?.layer("grid.scroll")?.value.flatMap(Double.init) }
        let paged = try XCTUnwrap(scroll("paged"))
        XCTAssertGreaterThan(paged, 0, "Page Down scrolled the grid down")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(scroll("end")), paged)
        XCTAssertLessThan(try XCTUnwrap(scroll("paged-up")), paged)
        XCTAssertEqual(scroll("home"), 0)
        XCTAssertEqual(dumps["panel-closed"]?.state, "grid.nature")
        XCTAssertEqual(focused(dumps, "panel-closed"), ["cell.oak"], "the focus stays on the cell whose panel closed")
        XCTAssertEqual(dumps["space-opened"]?.state, "panel.\(focused(dumps, "moved").first?.dropFirst("cell.".count) ?? "?")")
        XCTAssertEqual(dumps["back"]?.state, "categories")
        XCTAssertEqual(focused(dumps, "back"), ["category.nature"])
    }

    /// Every layer the keyboard focus is on in a capture (one, or none).
    private func focused(_ dumps: [String: SceneDump], _ name: String) -> [String] {
        dumps[name]?.layers.filter { $0.focused == true }.map(\.id) ?? ["no capture \(name)"]
    }

    /// A costume put on and taken off by the keyboard: Enter leaves the splash and turns the intro's three pages; the
    /// wheel comes with the focus on its first costume (the bundled list's first, `bubble.moustache`: the focus never
    /// lands nowhere, issue #58), and Enter puts it on; Esc
    /// takes it off. ↓ goes to the next costume (Cowboy), ↑ back; → and ← each turn the wheel a spoke and back, the
    /// focus staying on its costume; Enter puts it on again and Space takes it off.
    func testACostumeIsPutOnAndTakenOffByTheKeyboard() throws {
        let dumps = try play("costume")
        XCTAssertEqual(dumps["focused"]?.state, "wheel")
        XCTAssertEqual(focused(dumps, "focused"), ["bubble.moustache"])
        XCTAssertEqual(dumps["wearing"]?.state, "selected.moustache")
        XCTAssertNotNil(dumps["wearing"]?.layer("costume.moustache"))
        XCTAssertEqual(dumps["off"]?.state, "wheel")
        XCTAssertEqual(focused(dumps, "down"), ["bubble.cowboy"])
        XCTAssertEqual(focused(dumps, "up"), ["bubble.moustache"])
        XCTAssertEqual(focused(dumps, "tabbed"), ["bubble.cowboy"], "Tab moves the focus on to the next costume")
        let before = try XCTUnwrap(dumps["up"]?.layer("bubble.moustache")).frame.center
        let turned = try XCTUnwrap(dumps["turned"]?.layer("bubble.moustache")).frame.center
        XCTAssertGreaterThan(hypot(turned.x - before.x, turned.y - before.y), 20, "→ turned the wheel")
        let back = try XCTUnwrap(dumps["turned-back"]?.layer("bubble.moustache")).frame.center
        XCTAssertEqual(back.x, before.x, accuracy: 1, "← turned it back")
        XCTAssertEqual(back.y, before.y, accuracy: 1)
        XCTAssertEqual(dumps["wearing-again"]?.state, "selected.moustache")
        XCTAssertEqual(dumps["off-again"]?.state, "wheel", "Space takes it off")
        // Two costumes fill one page: Page Down and Page Up leave the wheel as it was (a big catalogue's pages are
        // DisguiseEdgeTests').
        XCTAssertEqual(dumps["one-page"]?.layers.filter { $0.id.hasPrefix("bubble.") }.map(\.id).sorted(), ["bubble.cowboy", "bubble.moustache"])
    }

    /// The Inbox triaged by the keyboard, the focus always on the message that took the filed one's place: ↓ focuses
    /// m01; E archives it (m02 focused); D deletes m02 (m03); L opens the reschedule options with the first ringed,
    /// → → → reaches This Weekend and ↓ Pick Date, Enter opens the picker and Enter schedules its suggestion: m03 is in
    /// Later (m04 focused); T opens the lists, Enter files m04 in the first, To Read (m05); Delete deletes m05 (m06) and
    /// Ctrl-Z brings it back, focused. 1 shows Later, where m03 is, focused at the top; 3 the Archive, m01 at the top; 2 the Inbox
    /// again, starting on its first message, m05.
    func testTheInboxIsTriagedByTheKeyboardWithTheFocusOnTheNextMessage() throws {
        let dumps = try play("triage")
        XCTAssertEqual(focused(dumps, "start"), ["row.m01"])
        XCTAssertEqual(focused(dumps, "archived"), ["row.m02"])
        XCTAssertNil(dumps["archived"]?.layer("row.m01"), "m01 left the Inbox")
        XCTAssertEqual(focused(dumps, "deleted"), ["row.m03"])
        XCTAssertEqual(dumps["options"]?.state, "options.reschedule")
        XCTAssertEqual(focused(dumps, "options"), ["option.later-today"], "opened by a key, the first option is focused")
        XCTAssertEqual(dumps["picker"]?.state, "picker")
        XCTAssertEqual(dumps["later"]?.state, "inbox")
        XCTAssertEqual(focused(dumps, "later"), ["row.m04"])
        XCTAssertEqual(dumps["lists"]?.state, "options.list")
        XCTAssertEqual(focused(dumps, "listed"), ["row.m05"])
        XCTAssertEqual(focused(dumps, "deleted-by-delete"), ["row.m06"])
        XCTAssertNil(dumps["deleted-by-delete"]?.layer("row.m05"))
        XCTAssertNotNil(dumps["undone"]?.layer("row.m05"), "Ctrl-Z brought m05 back")
        XCTAssertEqual(focused(dumps, "undone"), ["row.m05"], "and the keyboard is on it again, not on the message after it")
        XCTAssertEqual(dumps["later-list"]?.state, "later")
        XCTAssertEqual(focused(dumps, "later-list"), ["row.m03"])
        XCTAssertEqual(dumps["archive-list"]?.state, "archive")
        XCTAssertEqual(focused(dumps, "archive-list"), ["row.m01"])
        XCTAssertEqual(dumps["inbox-again"]?.state, "inbox")
        XCTAssertEqual(focused(dumps, "inbox-again"), ["row.m05"])
    }

    /// The date picker by the keyboard: it opens on its first wheel, the day, at the suggestion. ↓ turns the day one
    /// row on, Page Down five more, Page Up five back, ↑ one back; → goes to the hour wheel, End to its last row (23)
    /// and Home to its first (00); ← back to the day. Today at 00:00 is past: Schedule is dimmed and off. ↓ makes the day
    /// tomorrow, which turns it on. Tab goes on through the hour and minute wheels to Cancel, → to Schedule and ← back;
    /// Esc cancels: the options show again.
    func testThePickersWheelsAndButtonsByTheKeyboard() throws {
        let dumps = try play("picker")
        func value(_ capture: String, _ wheel: String) throws -> String { try XCTUnwrap(dumps[capture]?.layer("picker.\(wheel)")?.value) }
        func day(_ capture: String) throws -> Date {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.timeZone = TimeZone(identifier: "UTC")
            return try XCTUnwrap(formatter.date(from: try value(capture, "day")))
        }
        func days(from: String, to: String) throws -> Double { (try day(to).timeIntervalSince(try day(from))) / 86_400 }
        XCTAssertEqual(dumps["opened"]?.state, "picker")
        XCTAssertEqual(focused(dumps, "opened"), ["picker.day"])
        XCTAssertEqual(try days(from: "opened", to: "down"), 1)
        XCTAssertEqual(try days(from: "down", to: "pagedown"), 5)
        XCTAssertEqual(try days(from: "pagedown", to: "pageup"), -5)
        XCTAssertEqual(try days(from: "pageup", to: "up"), -1)
        XCTAssertEqual(focused(dumps, "second-wheel"), ["picker.hour"])
        XCTAssertEqual(try value("end", "hour"), "23")
        XCTAssertEqual(try value("home", "hour"), "00")
        XCTAssertEqual(focused(dumps, "first-wheel"), ["picker.day"])
        XCTAssertEqual(try XCTUnwrap(dumps["home"]?.layer("picker.schedule")).opacity, 0.45, accuracy: 0.01, "a past moment: Schedule is dimmed")
        XCTAssertEqual(try days(from: "first-wheel", to: "on-schedule"), 1, "↓ on the day: tomorrow")
        XCTAssertEqual(focused(dumps, "on-cancel"), ["picker.cancel"])
        XCTAssertEqual(focused(dumps, "on-schedule"), ["picker.schedule"])
        XCTAssertEqual(focused(dumps, "on-cancel-again"), ["picker.cancel"])
        XCTAssertEqual(dumps["cancelled"]?.state, "options.reschedule")
    }

    /// The list's context menu and page keys: Menu opens the focused message's actions on the first (Archive); End goes
    /// to the last (List…), Home back; Esc closes it with the focus back on m01. Shift-F10 opens it again, ↓ and Space
    /// choose Delete: m01 goes, m02 is focused. Page Down moves the list a page down, End to its bottom, Page Up a page
    /// back and Home to the top, where m02 is first again.
    func testAContextMenuAndTheListsPageKeys() throws {
        let dumps = try play("context-menu")
        XCTAssertEqual(focused(dumps, "opened"), ["context.item.archive"])
        XCTAssertEqual(focused(dumps, "end"), ["context.item.list"])
        XCTAssertEqual(focused(dumps, "home"), ["context.item.archive"])
        XCTAssertNil(dumps["closed"]?.layer("context.menu"))
        XCTAssertEqual(focused(dumps, "closed"), ["row.m01"])
        XCTAssertEqual(focused(dumps, "again"), ["context.item.archive"], "Shift-F10 is the context menu's key")
        XCTAssertEqual(dumps["deleted"]?.state, "inbox")
        XCTAssertNil(dumps["deleted"]?.layer("row.m01"))
        XCTAssertEqual(focused(dumps, "deleted"), ["row.m02"])
        func top(_ name: String) throws -> Double { try XCTUnwrap(dumps[name]?.layer("row.m02")).frame.y }
        let home = try top("deleted"), paged = try top("paged")
        XCTAssertLessThan(paged, home - 300, "Page Down moved the list up by most of a screen")
        XCTAssertNil(dumps["list-end"]?.layer("row.m03"), "at the bottom, the top rows are no longer made")
        XCTAssertEqual(try top("list-home"), home, accuracy: 0.5)
        XCTAssertGreaterThan(try top("paged-up"), try top("list-end"))
    }

    /// A reply sent by the keyboard: ↓ and Enter open m01 (the page keys scroll it and never close it), R answers it
    /// (To is its sender's name, the subject "Re: " its own, the caret in the message); Shift-Tab twice reaches To, Ctrl-A
    /// and an address replace the name, and Ctrl-Enter sends. F10, then S (Sent is the first entry starting with it) and
    /// Enter open Sent, where the reply is, focused.
    func testAReplyIsWrittenAndSentByTheKeyboard() throws {
        let dumps = try play("reply")
        XCTAssertEqual(dumps["reading"]?.state, "message.m01")
        XCTAssertEqual(dumps["read"]?.state, "message.m01")
        XCTAssertEqual(dumps["reply"]?.state, "compose")
        XCTAssertEqual(focused(dumps, "reply"), ["compose.body"])
        let subject = try XCTUnwrap(dumps["reply"]?.layer("compose.subject")?.text)
        XCTAssertTrue(subject.hasPrefix("Re: "), subject)
        XCTAssertEqual(focused(dumps, "on-to"), ["compose.to"])
        XCTAssertEqual(dumps["addressed"]?.layer("compose.to")?.text, "mom@example.org")
        XCTAssertEqual(dumps["sent"]?.state, "message.m01", "sent: compose closed over the message it answered")
        XCTAssertEqual(focused(dumps, "menu"), ["mailbox.menu.sent"])
        XCTAssertEqual(dumps["sent-list"]?.state, "sent")
        let subjects = dumps["sent-list"]?.layers.filter { $0.id.hasSuffix(".subject") }.compactMap(\.text) ?? []
        XCTAssertTrue(subjects.contains(subject), "\(subjects)")
        XCTAssertEqual(focused(dumps, "sent-list").count, 1)
        XCTAssertTrue(focused(dumps, "sent-list").first?.hasPrefix("row.sent-") == true, "\(focused(dumps, "sent-list"))")
    }

    /// A draft saved and opened again by the keyboard: C opens compose with To focused, "ada@example.org" is typed,
    /// Esc leaves the field and Esc again asks; Enter on the first button saves the draft. F10, D (Drafts is the only
    /// entry starting with it) and Enter open Drafts; ↓ focuses the draft and Enter opens it in compose (as a click on
    /// it does), with its To.
    func testADraftIsSavedAndOpenedAgainByTheKeyboard() throws {
        let dumps = try play("draft")
        XCTAssertEqual(dumps["asking"]?.state, "compose.confirm")
        XCTAssertEqual(focused(dumps, "asking"), ["compose.confirm.save"])
        XCTAssertNotEqual(dumps["saved"]?.state, "compose")
        XCTAssertEqual(dumps["drafts"]?.state, "drafts")
        XCTAssertEqual(dumps["reopened"]?.state, "compose")
        XCTAssertEqual(dumps["reopened"]?.layer("compose.to")?.text, "ada@example.org")
    }

    /// A text field edited by the keyboard alone (compose's To, Subject and message), each result worked out from the
    /// keys: "one two three" (13 characters); Ctrl-← to the start of "three" (8), ← to 7, Ctrl-→ to the end of the
    /// next word (13), → stays at the end; Home then Shift-End selects it all (0–13); Ctrl-C, End, Ctrl-V doubles it
    /// (26); Ctrl-Z undoes the paste, Ctrl-Shift-Z and (after another Ctrl-Z) Ctrl-Y redo it; Ctrl-Backspace takes the
    /// last word, "three" (21), Backspace the space (20); Ctrl-Home then Delete takes the "o" (19, caret 0),
    /// Ctrl-Delete the rest of that word, "ne"; Ctrl-End, Shift-← and Ctrl-X cut the last "o"; Ctrl-A selects all 16.
    /// Enter goes to Subject, Tab to the message; in "first line\nsecond line" (caret 22) ↑ goes to the first line's
    /// end (10: the second line's end is past it), ↓ back (22), Page Up to the start and Page Down to the end;
    /// Shift-Tab back to Subject; Menu and Shift-F10 each open the edit menu on Cut, Esc closing it; one more Esc leaves
    /// the field, compose still open.
    func testATextFieldIsEditedByTheKeyboard() throws {
        let dumps = try play("text-field")
        func field(_ capture: String, _ name: String = "to") throws -> (String, Int, [Int]) {
            let layer = try XCTUnwrap(dumps[capture]?.layer("compose.\(name)"), capture)
            return (try XCTUnwrap(layer.text), try XCTUnwrap(layer.caret), try XCTUnwrap(layer.selection))
        }
        func check(_ capture: String, in name: String = "to", _ text: String, caret: Int, selection: [Int]? = nil,
                   file: StaticString = #filePath, line: UInt = #line) throws {
            let (shown, at, selected) = try field(capture, name)
            XCTAssertEqual(shown, text, capture, file: file, line: line)
            XCTAssertEqual(at, caret, capture, file: file, line: line)
            XCTAssertEqual(selected, selection ?? [caret, caret], capture, file: file, line: line)
        }
        try check("typed", "one two three", caret: 13)
        try check("word-left", "one two three", caret: 8)
        try check("left", "one two three", caret: 7)
        try check("word-right", "one two three", caret: 13)
        try check("right", "one two three", caret: 13)
        try check("selected-line", "one two three", caret: 13, selection: [0, 13])
        try check("pasted", "one two threeone two three", caret: 26)
        try check("undone", "one two three", caret: 13)
        try check("redone", "one two threeone two three", caret: 26)
        try check("redone-by-y", "one two threeone two three", caret: 26)
        try check("word-backspaced", "one two threeone two ", caret: 21)
        try check("backspaced", "one two threeone two", caret: 20)
        try check("deleted", "ne two threeone two", caret: 0)
        try check("word-deleted", " two threeone two", caret: 0)
        try check("cut", " two threeone tw", caret: 16)
        try check("all", " two threeone tw", caret: 16, selection: [0, 16])
        XCTAssertEqual(focused(dumps, "subject"), ["compose.subject"])
        try check("body", in: "body", "first line\nsecond line", caret: 22)
        try check("up", in: "body", "first line\nsecond line", caret: 10)
        try check("down", in: "body", "first line\nsecond line", caret: 22)
        try check("pageup", in: "body", "first line\nsecond line", caret: 0)
        try check("pagedown", in: "body", "first line\nsecond line", caret: 22)
        XCTAssertEqual(focused(dumps, "back-to-subject"), ["compose.subject"])
        for menu in ["edit-menu", "edit-menu-again"] {
            XCTAssertNotNil(dumps[menu]?.layer("context.item.paste"), menu)
            XCTAssertTrue(focused(dumps, menu).contains("context.item.cut"), menu)
        }
        XCTAssertNil(dumps["left-field"]?.layer("context.menu"))
        XCTAssertEqual(focused(dumps, "left-field"), [], "Esc left the field")
        XCTAssertEqual(dumps["left-field"]?.state, "compose")
    }

    /// The motion tools by their keys, read from the clock each capture shows (`time`, simulated seconds): P at 0.3 s
    /// holds it (still 0.3 at 0.4 and 0.6), "." moves it one step (1/120 s), P runs it again (0.1 s on at 1.0). S at
    /// 1.0 halves the speed: a second later it has moved 0.5 s. S three more times go through ¼ and 1/10 back to 1×, a
    /// tenth of a second each: 0.05 + 0.025 + 0.01 + 0.1 on at 2.4, and a second later a whole second more. O shows
    /// the debug overlay; Alt-O hides it and Alt-T shows the tuning panel, with Alt whatever the app uses the letter for.
    func testTheMotionToolsByTheirKeys() throws {
        let dumps = try play("motion-tools")
        func time(_ name: String) throws -> Double { try XCTUnwrap(dumps[name]?.time, name) }
        let step = 1.0 / 120
        XCTAssertEqual(try time("paused"), 0.3, accuracy: step)
        XCTAssertEqual(try time("still-paused"), try time("paused"))
        XCTAssertEqual(try time("one-step") - time("still-paused"), step, accuracy: 0.001, "dumps give the time to the millisecond")
        XCTAssertEqual(try time("half-speed") - time("one-step"), 0.1, accuracy: step)
        XCTAssertEqual(try time("a-second-later") - time("half-speed"), 0.5, accuracy: step)
        XCTAssertEqual(try time("full-speed") - time("a-second-later"), 0.05 + 0.025 + 0.01 + 0.1, accuracy: 2 * step)
        XCTAssertEqual(try time("full-speed-later") - time("full-speed"), 1, accuracy: step)
        XCTAssertNotNil(dumps["overlay"]?.layer("debug.overlay"))
        XCTAssertNil(dumps["tuning"]?.layer("debug.overlay"))
        XCTAssertTrue(dumps["tuning"]?.layers.contains { $0.id.hasPrefix("tuning.knob.") } == true)
    }
}
