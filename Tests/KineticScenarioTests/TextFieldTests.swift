import KineticCore
import KineticRuntime
import KineticScene
import XCTest
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// The engine's text field, in the Mailbox's compose sheet, driven as a keyboard and a mouse drive it: every key
/// press is followed by its text, as the platform delivers it. Offsets are UTF-16, counted by hand.
final class TextFieldTests: XCTestCase {
    /// A fresh Mailbox with compose opened by its C key.
    private func composing() throws -> (stage: Stage, screen: MailboxScreen) {
        let (_, stage, screen) = try Mailbox.opened()
        press(stage, "c")
        stage.run(for: 0.8)  // the sheet has slid up
        return (stage, screen)
    }

    /// A key press, then the text it types (as `ScenarioRunner` and a real keyboard deliver them), then a step.
    private func press(_ stage: Stage, _ name: String, times: Int = 1) {
        for _ in 0..<times {
            let event = KeyEvent(scenarioName: name, timestamp: stage.time)
            stage.send(event)
            if let typed = event.typedText { stage.send(text: typed) }
            stage.step()
        }
    }

    private func type(_ stage: Stage, _ text: String) {
        for character in text { press(stage, character == " " ? "space" : String(character)) }
    }

    private func field(_ stage: Stage, _ name: String) throws -> LayerDump { try XCTUnwrap(stage.dump().layer("compose.\(name)")) }

    func testTheOpeningKeyTypesNothingAndArrowsInsertInsideTheText() throws {
        let (stage, screen) = try composing()
        XCTAssertEqual(try field(stage, "to").text, "", "the C that opened compose typed nothing")
        XCTAssertEqual(try field(stage, "to").focused, true)
        type(stage, "anna@example.org")
        press(stage, "left", times: 4)
        type(stage, "X")
        XCTAssertEqual(try field(stage, "to").text, "anna@exampleX.org")
        XCTAssertEqual(try field(stage, "to").caret, 13)
        XCTAssertEqual(screen.state.compose?.to, "anna@exampleX.org", "the draft in the app's state follows the field")
        press(stage, "home")
        XCTAssertEqual(try field(stage, "to").caret, 0)
        press(stage, "shift+end")
        XCTAssertEqual(try field(stage, "to").selection, [0, 17])
        type(stage, "b")
        XCTAssertEqual(try field(stage, "to").text, "b", "typing replaced the selection")
        press(stage, "delete")
        press(stage, "backspace")
        XCTAssertEqual(try field(stage, "to").text, "", "Delete at the end removed nothing; Backspace the b")
    }

    func testWordsGraphemesAndTheClipboardRoundTrip() throws {
        let (stage, _) = try composing()
        stage.send(text: "one two  three")
        press(stage, "ctrl+left", times: 2)
        XCTAssertEqual(try field(stage, "to").caret, 4, "two words back: the start of two")
        press(stage, "ctrl+right")
        press(stage, "ctrl+backspace")
        XCTAssertEqual(try field(stage, "to").text, "one   three")
        press(stage, "ctrl+a")
        XCTAssertEqual(try field(stage, "to").selection, [0, 11])
        press(stage, "ctrl+x")
        XCTAssertEqual(try field(stage, "to").text, "")
        XCTAssertEqual(stage.textInput.clipboard.text(), "one   three")
        press(stage, "tab")
        press(stage, "ctrl+v")
        XCTAssertEqual(try field(stage, "subject").text, "one   three", "pasted into the next field")
        stage.textInput.clipboard.setText("line one\nline two")  // what a scenario's clipboard event does
        press(stage, "ctrl+a")
        press(stage, "ctrl+v")
        XCTAssertEqual(try field(stage, "subject").text, "line one line two", "a single-line field pastes one line")
        stage.send(text: "a👍🏽")
        press(stage, "left")
        XCTAssertEqual(try field(stage, "subject").caret, 18, "one step back over the emoji's four UTF-16 units")
        press(stage, "delete")
        XCTAssertEqual(try field(stage, "subject").text, "line one line twoa")
    }

    func testFieldUndoStaysInTheFieldAndEscLeavesItThenClosesTheSheet() throws {
        let (_, stage, screen) = try Mailbox.opened()
        press(stage, "d")  // deletes the first message
        stage.run(for: 1)
        let placements = screen.state.placements
        XCTAssertEqual(placements.count, 1)
        press(stage, "c")
        stage.run(for: 0.8)
        type(stage, "abc")
        press(stage, "ctrl+z")
        XCTAssertEqual(try field(stage, "to").text, "", "the run of typing undone")
        press(stage, "ctrl+z")
        press(stage, "ctrl+shift+z")
        XCTAssertEqual(try field(stage, "to").text, "abc", "redone")
        XCTAssertEqual(screen.state.placements, placements, "no Ctrl-Z reached the list behind the sheet")
        press(stage, "escape")
        XCTAssertEqual(try field(stage, "to").focused, false, "Esc left the field")
        XCTAssertEqual(stage.stateName, "compose")
        press(stage, "ctrl+z")
        XCTAssertEqual(screen.state.placements, placements, "nor with no field focused")
        press(stage, "escape")
        XCTAssertEqual(stage.stateName, "compose.confirm", "something was written: Cancel asks first")
        screen.send(.compose(.deleteDraft))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox")
    }

    func testTabAndEnterWalkTheFieldsInOrder() throws {
        let (stage, _) = try composing()
        var focusedField: [String] {
            ["to", "subject", "body"].filter { (try? field(stage, $0).focused) == true }
        }
        XCTAssertEqual(focusedField, ["to"])
        press(stage, "tab")
        XCTAssertEqual(focusedField, ["subject"])
        press(stage, "enter")
        XCTAssertEqual(focusedField, ["body"], "Enter in a one-line field goes on to the next")
        type(stage, "hi")
        press(stage, "enter")
        type(stage, "there")
        XCTAssertEqual(try field(stage, "body").text, "hi\nthere", "Enter in the body makes a new line")
        // Past the message Tab goes on to the sheet's buttons: Cc, Bcc, Cancel, then Send, which is skipped while it
        // cannot send (To is empty), and round to To.
        press(stage, "tab")
        XCTAssertEqual(focusedField, [], "Tab left the fields")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.show-cc", "on to Cc's and Bcc's buttons")
        press(stage, "tab", times: 2)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.cancel")
        press(stage, "tab")
        XCTAssertEqual(focusedField, ["to"], "and round again")
        press(stage, "shift+tab")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.cancel")
        press(stage, "shift+tab", times: 3)
        XCTAssertEqual(focusedField, ["body"])
    }

    /// Cc and Bcc hidden until asked for, as Thunderbird keeps them: Ctrl-Shift-C shows Cc with the keyboard in it
    /// (Ctrl-Shift-C copies nothing there), Enter then walks To, Cc, Subject; Bcc's button comes after the text in Tab
    /// order and, pressed, shows Bcc below Cc, the text moving down with the caret where it was.
    func testCcAndBccShowWhenAskedForAndJoinTheWalk() throws {
        let (stage, screen) = try composing()
        var focusedField: [String] {
            ["to", "cc", "bcc", "subject", "body"].filter { (try? field(stage, $0).focused) == true }
        }
        XCTAssertEqual(stage.dump().layer("compose.cc.box")?.visible, false, "hidden until asked for")
        type(stage, "ana@example.org")
        press(stage, "ctrl+shift+c")
        XCTAssertEqual(focusedField, ["cc"], "the keyboard goes into the line shown")
        XCTAssertEqual(stage.dump().layer("compose.show-cc")?.visible, false, "its button is gone")
        type(stage, "kim@example.org")
        XCTAssertEqual(screen.state.compose?.cc, "kim@example.org")
        XCTAssertEqual(stage.textInput.clipboard.text() ?? "", "", "nothing was copied")
        let ccBox = try XCTUnwrap(stage.dump().layer("compose.cc.box")).frame
        let subjectBox = try XCTUnwrap(stage.dump().layer("compose.subject.box")).frame
        XCTAssertEqual(subjectBox.y - ccBox.y, 46, "Subject a line below Cc")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("compose.body.box")).frame.y - ccBox.y, 100, accuracy: 0.01, "the text below Subject")
        press(stage, "shift+tab")
        XCTAssertEqual(focusedField, ["to"])
        press(stage, "enter")
        XCTAssertEqual(focusedField, ["cc"], "Enter in To goes on to Cc once it shows")
        press(stage, "enter")
        XCTAssertEqual(focusedField, ["subject"], "and past the hidden Bcc")
        press(stage, "tab")
        XCTAssertEqual(focusedField, ["body"])
        press(stage, "tab")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.show-bcc", "Bcc's button after the text")
        press(stage, "enter")
        XCTAssertEqual(focusedField, ["bcc"])
        type(stage, "lea@example.org")
        XCTAssertEqual(screen.state.compose?.bcc, "lea@example.org")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("compose.body.box")).frame.y - ccBox.y, 146, accuracy: 0.01, "Bcc's line above it")
    }

    func testUpAndDownMoveBetweenLinesKeepingTheColumn() throws {
        let (stage, _) = try composing()
        press(stage, "tab", times: 2)
        stage.send(text: "first line\nsecond line")  // 10 + 1 + 11 units
        press(stage, "up")
        XCTAssertEqual(try field(stage, "body").caret, 10, "the shorter line above: its end")
        press(stage, "down")
        XCTAssertEqual(try field(stage, "body").caret, 22, "back to the column it came from")
        press(stage, "ctrl+home")
        XCTAssertEqual(try field(stage, "body").caret, 0)
        press(stage, "shift+down")
        XCTAssertEqual(try field(stage, "body").selection?[0], 0)
        XCTAssertGreaterThan(try field(stage, "body").selection?[1] ?? 0, 10, "Shift+↓ selected into the second line")
    }

    func testAClickPlacesTheCaretADoubleClickSelectsAWordATripleClickTheLine() throws {
        let (stage, _) = try composing()
        stage.send(text: "hello world")
        let frame = try field(stage, "to").frame.rect
        stage.sendPointer(at: Point(x: frame.minX + 20, y: frame.midY))
        XCTAssertEqual(stage.dump().cursor, .ibeam, "the I-beam over text that can be edited")
        let start = Point(x: frame.minX + 2, y: frame.midY)
        func click(_ point: Point) { stage.send(stage.touch(1, .began, at: point)); stage.step(); stage.send(stage.touch(1, .ended, at: point)); stage.step() }
        click(start)
        XCTAssertEqual(try field(stage, "to").caret, 0, "a click at the text's left edge")
        click(Point(x: frame.maxX - 2, y: frame.midY))
        XCTAssertEqual(try field(stage, "to").caret, 11, "a click past the text's end")
        stage.run(for: 1)  // long enough that the next click starts a new run
        click(start)
        click(start)
        XCTAssertEqual(try field(stage, "to").selection, [0, 5], "a double-click selects hello")
        click(start)
        XCTAssertEqual(try field(stage, "to").selection, [0, 11], "a triple-click the whole line")
        stage.run(for: 1)
        stage.send(stage.touch(1, .began, at: start))
        for x in stride(from: frame.minX + 10, through: frame.maxX - 2, by: 40) { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: x, y: frame.midY))) }
        stage.send(stage.touch(1, .ended, at: Point(x: frame.maxX - 2, y: frame.midY)))
        stage.step()
        XCTAssertEqual(try field(stage, "to").selection, [0, 11], "a drag across selects what it crossed")
    }

    func testACompositionShowsInlineAndCommitsAsText() throws {
        let (stage, _) = try composing()
        stage.send(text: "ab")
        press(stage, "left")
        stage.send(composition: "にほ")
        stage.step()
        let composing = try field(stage, "to")
        XCTAssertEqual(composing.text, "ab", "nothing is typed until the input method commits")
        XCTAssertEqual(composing.composition, "にほ")
        XCTAssertEqual(stage.dump().layer("compose.to.text")?.text, "aにほb", "shown inline at the caret")
        XCTAssertEqual(stage.dump().layer("compose.to.composition")?.visible, true, "underlined")
        let caret = try XCTUnwrap(stage.textInput.caretRectOnStage)
        XCTAssertGreaterThan(caret.minX, composing.frame.rect.minX, "the candidate window goes beside the caret, inside the field")
        stage.send(text: "日本")
        stage.step()
        let committed = try field(stage, "to")
        XCTAssertEqual(committed.text, "a日本b")
        XCTAssertNil(committed.composition)
        XCTAssertEqual(committed.caret, 3)
        XCTAssertEqual(stage.dump().layer("compose.to.composition")?.visible, false)
    }

    func testTheCaretBlinksOnlyWhileTheWindowHasTheFocus() throws {
        let (stage, _) = try composing()
        type(stage, "a")
        func caretShows() -> Bool { stage.dump().layer("compose.to.caret")?.visible ?? false }
        XCTAssertTrue(caretShows(), "shown as soon as it moves")
        stage.run(for: 0.3)
        XCTAssertTrue(caretShows())
        stage.run(for: 0.4)  // 0.7 s after the edit: the off half
        XCTAssertFalse(caretShows())
        stage.run(for: 0.5)  // 1.2 s: on again
        XCTAssertTrue(caretShows())
        stage.run(for: TextField.blinkTimeout)  // 11.2 s without a key: it stops blinking, on
        XCTAssertTrue(caretShows())
        XCTAssertNil(stage.textInput.secondsUntilCaretBlinks, "a caret that stopped blinking wakes nothing")
        stage.run(for: 0.5)
        XCTAssertTrue(caretShows())
        type(stage, "b")
        stage.textInput.windowHasFocus = false
        stage.step()
        XCTAssertFalse(caretShows(), "no caret in a window that lost the keyboard")
        XCTAssertNil(stage.textInput.secondsUntilCaretBlinks, "and nothing to wake the window for")
        stage.textInput.windowHasFocus = true
        XCTAssertLessThanOrEqual(try XCTUnwrap(stage.textInput.secondsUntilCaretBlinks), TextField.blinkHalfPeriod)
    }
}
