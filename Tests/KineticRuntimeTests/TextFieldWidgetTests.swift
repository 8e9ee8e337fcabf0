import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The engine's text field on its own: typing, the caret's moves, selection, the clipboard, undo, clicks, an input
/// method's composition and the caret's blink, as a keyboard and a mouse drive it.
///
/// The stage lays text out with its stand-in measure (`EstimatedTextMeasure`): at 20 pt every grapheme cluster is
/// 0.55 × 20 = 11 pt wide and every line 1.25 × 20 = 25 pt tall, so where a click lands is simple arithmetic.
/// Offsets are UTF-16, counted by hand.
final class TextFieldWidgetTests: WidgetTestCase {
    /// The field's place on the stage: 300 × 40 at (100, 100).
    private let frame = Rect(x: 100, y: 100, width: 300, height: 40)

    /// A host with one field, `field`, at most `maximumLength` clusters long (a multi-line one when asked), focused;
    /// `record` collects the texts its `onChange` reported.
    private func makeField(multiline: Bool = false, maximumLength: Int = 20, focused: Bool = true) -> (stage: Stage, host: WidgetHost, field: TextField) {
        let record = self.record
        var made: TextField?
        let (stage, host) = hosted { host, stage in
            let field = TextField(identifier: "field", frame: self.frame, multiline: multiline, maximumLength: maximumLength,
                                  style: TextContent("", fontSize: 20), input: stage.textInput)
            field.onChange = { record.events.append($0) }
            host.root.addSublayer(field.layer)
            made = field
        }
        let field = made!  // built in didAppear, which `present` has run
        if focused { field.focus() }
        return (stage, host, field)
    }

    /// Presses the keys `keys` names (space-separated, as scenarios name keys) in turn, then checks the field's text
    /// and its selection (`[caret, caret]` with nothing selected).
    private func check(_ stage: Stage, pressing keys: String, _ text: String, _ selection: [Int], _ why: String = "",
                       file: StaticString = #filePath, line: UInt = #line) throws {
        for key in keys.split(separator: " ") { press(stage, String(key)) }
        let field = try layer(stage, "field", file: file, line: line)
        XCTAssertEqual(field.text, text, "after \(keys): \(why)", file: file, line: line)
        XCTAssertEqual(field.selection, selection, "after \(keys): \(why)", file: file, line: line)
    }

    func testTypingInsertsAtTheCaretAndShiftSelectsWhatTypingThenReplaces() throws {
        let (stage, _, _) = makeField()
        type(stage, "hello world")
        try check(stage, pressing: "", "hello world", [11, 11], "after the 11 characters typed")
        XCTAssertEqual(record.events.last, "hello world", "every edit is reported")
        XCTAssertEqual(record.events.count, 11, "one report a key")
        try check(stage, pressing: "left left left left left", "hello world", [6, 6], "back over world: 11 − 5")
        type(stage, "big ")
        try check(stage, pressing: "", "hello big world", [10, 10], "inserted at the caret: 6 + the 4 typed")
        try check(stage, pressing: "home shift+end", "hello big world", [0, 15], "the whole line, anchored at its start")
        XCTAssertEqual(try layer(stage, "field.caret").visible, false, "no caret is drawn over a selection")
        try check(stage, pressing: "shift+left shift+left", "hello big world", [0, 13], "Shift+← pulls the moving end back two")
        try check(stage, pressing: "right", "hello big world", [13, 13], "→ collapses a selection to its right edge")
        try check(stage, pressing: "shift+home x", "xld", [1, 1], "typing replaced the 13 selected, \"hello big wor\"")
        try check(stage, pressing: "end delete", "xld", [3, 3], "Delete at the end removes nothing")
        try check(stage, pressing: "backspace", "xl", [2, 2])
    }

    func testCtrlMovesAndDeletesByWords() throws {
        let (stage, _, _) = makeField()
        stage.send(text: "one two  three")  // one 0–3, two 4–7, two spaces, three 9–14
        try check(stage, pressing: "ctrl+left", "one two  three", [9, 9], "to the start of three")
        try check(stage, pressing: "ctrl+left", "one two  three", [4, 4], "over the spaces, to the start of two")
        try check(stage, pressing: "ctrl+right", "one two  three", [7, 7], "to the end of two")
        try check(stage, pressing: "ctrl+shift+right", "one two  three", [7, 14], "the spaces and three")
        try check(stage, pressing: "left ctrl+backspace", "one   three", [4, 4], "two went (4–7); its spaces stayed")
        try check(stage, pressing: "ctrl+delete", "one ", [4, 4], "from 4 over the spaces and three, to the end")
    }

    func testUndoTakesBackARunOfTypingAtATimeAndRedoBringsItBack() throws {
        let (stage, host, _) = makeField()
        // A run of typing is one step to undo; a move ends the run.
        try check(stage, pressing: "a b c home x", "xabc", [1, 1])
        try check(stage, pressing: "ctrl+z", "abc", [0, 0], "the x's run undone, the caret back where it was before it")
        try check(stage, pressing: "ctrl+z", "", [0, 0], "abc's run undone, all at once")
        try check(stage, pressing: "ctrl+z", "", [0, 0], "nothing left to undo")
        try check(stage, pressing: "ctrl+shift+z", "abc", [0, 0], "as it was before the second undo: the caret where the first put it")
        try check(stage, pressing: "ctrl+y", "xabc", [1, 1], "both redone")
        XCTAssertEqual(host.keysReceived, [], "every key, Ctrl-Z with nothing to undo too, stayed in the field")
    }

    func testTheClipboardCutsCopiesAndPastesAndASingleLinePastesOneLine() throws {
        let (stage, _, _) = makeField()
        stage.send(text: "copy me")
        try check(stage, pressing: "ctrl+a ctrl+c", "copy me", [0, 7])
        XCTAssertEqual(stage.textInput.clipboard.text(), "copy me")
        try check(stage, pressing: "end ctrl+v", "copy mecopy me", [14, 14])
        try check(stage, pressing: "ctrl+a ctrl+x", "", [0, 0])
        XCTAssertEqual(stage.textInput.clipboard.text(), "copy mecopy me", "cut put the selection on the clipboard")
        stage.textInput.clipboard.setText("line one\nline two")
        try check(stage, pressing: "ctrl+v", "line one line two", [17, 17], "the line break became a space")
        stage.textInput.clipboard.setText("12345")
        try check(stage, pressing: "ctrl+v", "line one line two123", [20, 20], "17 clusters; the field takes 20: of 12345, only 123 fits")
    }

    func testAClickPlacesTheCaretADoubleClickSelectsAWordATripleClickTheLineAndShiftExtends() throws {
        let (stage, _, field) = makeField(focused: false)
        field.setText("hello world")
        XCTAssertEqual(try layer(stage, "field").focused, false)
        // A click x points into the field falls on the caret position round(x / 11).
        func click(atOffset offset: Double) {
            let point = Point(x: frame.minX + offset * 11 + 2, y: frame.midY)
            stage.send(stage.touch(1, .began, at: point))
            stage.step()
            stage.send(stage.touch(1, .ended, at: point))
            stage.step()
        }
        click(atOffset: 3)
        XCTAssertEqual(try layer(stage, "field").focused, true, "a click takes the keyboard")
        XCTAssertEqual(try layer(stage, "field").caret, 3)
        click(atOffset: 3)  // 2 steps (1/60 s) after the first, well inside 0.4 s and 5 pt
        XCTAssertEqual(try layer(stage, "field").selection, [0, 5], "hello")
        click(atOffset: 3)
        XCTAssertEqual(try layer(stage, "field").selection, [0, 11], "the whole line")
        stage.run(for: 1)  // the next click starts a new run
        click(atOffset: 8)
        XCTAssertEqual(try layer(stage, "field").selection, [8, 8])
        stage.textInput.shiftHeld = true
        click(atOffset: 2)  // 66 pt from the last click: a first click again, which Shift extends
        stage.textInput.shiftHeld = false
        XCTAssertEqual(try layer(stage, "field").selection, [2, 8])
        XCTAssertEqual(try layer(stage, "field").caret, 2, "the caret at the click, the anchor kept")
        stage.run(for: 1)
        // A press at offset 0 dragged to offset 9 selects what it crossed.
        drag(stage, from: Point(x: frame.minX + 1, y: frame.midY), by: Vector(dx: 99, dy: 0), steps: 9, hold: 0.1)
        XCTAssertEqual(try layer(stage, "field").selection, [0, 9])
    }

    func testEscGivesTheKeyboardBackAndTheScreenThenGetsTheKeysEnterAndTabGoToTheOwner() throws {
        let (stage, host, field) = makeField()
        var entered = 0, tabs: [Bool] = []
        field.onEnter = { entered += 1; return true }
        field.onTab = { tabs.append($0) }
        press(stage, "q")
        XCTAssertEqual(try layer(stage, "field").text, "q", "typed, not a shortcut")
        press(stage, "enter")
        press(stage, "tab")
        press(stage, "shift+tab")
        XCTAssertEqual(entered, 1)
        XCTAssertEqual(tabs, [false, true])
        XCTAssertEqual(host.keysReceived, [], "none of them reached the screen")
        press(stage, "escape")
        XCTAssertEqual(try layer(stage, "field").focused, false)
        XCTAssertFalse(field.isFocused)
        press(stage, "q")
        XCTAssertEqual(try layer(stage, "field").text, "q", "nothing typed without the keyboard")
        XCTAssertEqual(host.keysReceived.map(\.key), [.character("q")], "the screen had the key")
    }

    func testUpAndDownInAManyLineFieldKeepTheColumn() throws {
        let (stage, _, _) = makeField(multiline: true, maximumLength: 40)
        stage.send(text: "first line")
        press(stage, "enter")
        stage.send(text: "second line")  // 10 + 1 + 11 units; the caret at the end, column 11 of line 2
        XCTAssertEqual(try layer(stage, "field").text, "first line\nsecond line", "Enter made a new line")
        let text = "first line\nsecond line"
        try check(stage, pressing: "up", text, [10, 10], "column 11 is past the first line's end (10): its end")
        try check(stage, pressing: "down", text, [22, 22], "back to column 11, the one it came from, not 10")
        try check(stage, pressing: "ctrl+home shift+down", text, [0, 11], "from the start to column 0 of line 2, offset 11")
    }

    func testACompositionShowsUnderlinedAtTheCaretAndCommitsAsText() throws {
        let (stage, _, _) = makeField()
        stage.send(text: "ab")
        press(stage, "left")
        stage.send(composition: "にほ")
        stage.step()
        XCTAssertEqual(try layer(stage, "field").text, "ab", "nothing is typed until the input method commits")
        XCTAssertEqual(try layer(stage, "field").composition, "にほ")
        XCTAssertEqual(try layer(stage, "field.text").text, "aにほb", "shown inline at the caret")
        let underline = try layer(stage, "field.composition")
        XCTAssertTrue(underline.visible)
        // From the caret (1 cluster in: x = 11) under the two composed clusters (22 pt).
        XCTAssertEqual(underline.frame.x, frame.minX + 11, accuracy: 0.01)
        XCTAssertEqual(underline.frame.width, 22, accuracy: 0.01)
        stage.send(text: "日本")
        stage.step()
        XCTAssertEqual(try layer(stage, "field").text, "a日本b")
        XCTAssertNil(try layer(stage, "field").composition)
        XCTAssertEqual(try layer(stage, "field").caret, 3)
        XCTAssertFalse(try layer(stage, "field.composition").visible)
    }

    func testTheCaretBlinksHalfASecondOnAndOffThenStaysOnAndHidesWithoutTheWindowsFocus() throws {
        let (stage, _, _) = makeField()
        type(stage, "a")  // the caret moved at the key, one step ago
        func caretShows() throws -> Bool { try layer(stage, "field.caret").visible }
        XCTAssertTrue(try caretShows(), "on as soon as it moves")
        stage.run(for: 0.3)  // ≈ 0.31 s since: the first half-second, on
        XCTAssertTrue(try caretShows())
        stage.run(for: 0.4)  // ≈ 0.71 s: the second half-second, off
        XCTAssertFalse(try caretShows())
        stage.run(for: 0.5)  // ≈ 1.21 s: the third, on
        XCTAssertTrue(try caretShows())
        stage.run(for: 9.5)  // ≈ 10.71 s: past the 10 s blink timeout it stays on, whatever the half-second
        XCTAssertTrue(try caretShows())
        XCTAssertNil(stage.textInput.secondsUntilCaretBlinks, "a caret that stopped blinking wakes nothing")
        stage.textInput.windowHasFocus = false
        XCTAssertFalse(try caretShows(), "no caret in a window without the keyboard")
        stage.textInput.windowHasFocus = true
        type(stage, "b")
        XCTAssertEqual(try XCTUnwrap(stage.textInput.secondsUntilCaretBlinks), 0.5 - Stage.stepDuration, accuracy: 1e-9,
                       "one step into a half-second on: the rest of it")
    }

    /// X11's PRIMARY selection: selecting "llo" of "hello" (End, then Shift-← three times) makes it the PRIMARY
    /// selection without touching the clipboard; a middle click at x = 100 + 1 × 11 + 5 (past the first character's
    /// middle, at 20 pt each is 11 pt wide) pastes it after the "h", leaving the rest as it was: "h" + "llo" + "ello".
    /// A middle click before anything was ever selected pastes nothing.
    func testSelectingSetsThePrimarySelectionAndAMiddleClickPastesIt() throws {
        let (stage, _, _) = makeField()
        stage.sendMiddleClick(at: Point(x: 150, y: 120))
        stage.step()
        XCTAssertEqual(try layer(stage, "field").text, "", "nothing selected yet: nothing pasted")
        type(stage, "hello")
        try check(stage, pressing: "end shift+left shift+left shift+left", "hello", [2, 5])
        XCTAssertEqual(stage.textInput.primarySelection.text(), "llo")
        XCTAssertNil(stage.textInput.clipboard.text(), "the clipboard is Ctrl-C's alone")
        XCTAssertTrue(stage.sendMiddleClick(at: Point(x: 100 + 11 + 5, y: 120)))
        stage.step()
        XCTAssertEqual(try layer(stage, "field").text, "h" + "llo" + "ello")
    }

    /// The desktop's edit menu: a right-click on the field offers Cut, Copy, Paste and Select All, each doing what its
    /// shortcut does; the Menu key opens the same menu at the caret, and the arrows and Enter work it. "hello":
    /// Select All then Copy puts "hello" on the clipboard; End, then Paste from the Menu key's menu (Paste is the third
    /// entry: ↓ ↓ from Cut) makes "hellohello".
    func testARightClickOrTheMenuKeyOffersTheEditMenu() throws {
        let (stage, _, _) = makeField()
        type(stage, "hello")
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 150, y: 120)))
        stage.step()
        for item in ["cut", "copy", "paste", "select-all"] { XCTAssertNotNil(stage.dump().layer("context.item.\(item)"), item) }
        stage.tap(try layer(stage, "context.item.select-all").frame.center)
        stage.step()
        XCTAssertEqual(try layer(stage, "field").selection, [0, 5])
        stage.sendContextClick(at: Point(x: 150, y: 120))
        stage.step()
        stage.tap(try layer(stage, "context.item.copy").frame.center)
        stage.step()
        XCTAssertEqual(stage.textInput.clipboard.text(), "hello")
        press(stage, "end")
        press(stage, "menu")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "context.item.cut", "the menu opens on its first entry")
        press(stage, "down")
        press(stage, "down")
        press(stage, "enter")
        XCTAssertEqual(try layer(stage, "field").text, "hellohello")
        XCTAssertNil(stage.dump().layer("context.menu"), "the menu closed")
    }

    /// A password's field (`isSecure`), as GTK's entry without visibility behaves: "a🙂b é" is five characters (the
    /// emoji one, two UTF-16 units), so five bullets are drawn and dumped, the caret after them at 5 × 11 = 55 pt. The
    /// owner still has the text. Nothing of it reaches the clipboard or the PRIMARY selection, the edit menu offers
    /// only Paste and Select All, and Ctrl's word moves and a double-click take the whole text, as a secret shows no
    /// words. A click 2 × 11 pt in lands after the emoji: bullet 2 in the dump, UTF-16 offset 3 in the text.
    func testASecureFieldShowsOneBulletPerCharacterAndGivesNothingAway() throws {
        let (stage, _, field) = makeField()
        field.isSecure = true
        type(stage, "a🙂b é")
        XCTAssertEqual(field.text, "a🙂b é", "the owner has what was typed")
        XCTAssertEqual(record.events.last, "a🙂b é", "and hears it")
        let dumped = try layer(stage, "field")
        XCTAssertEqual(dumped.text, "●●●●●", "one bullet per character, and no letter in the dump")
        XCTAssertEqual(dumped.caret, 5)
        XCTAssertEqual(try layer(stage, "field.text").text, "●●●●●", "what is drawn")
        XCTAssertEqual(try layer(stage, "field.caret").frame.x, frame.minX + 55 - 1, accuracy: 0.5, "the caret after the fifth bullet")
        press(stage, "ctrl+a")
        press(stage, "ctrl+c")
        press(stage, "ctrl+x")
        XCTAssertNil(stage.textInput.clipboard.text(), "a secret is never copied or cut")
        XCTAssertNil(stage.textInput.primarySelection.text(), "nor offered as the PRIMARY selection")
        XCTAssertEqual(field.text, "a🙂b é", "Ctrl-X cut nothing")
        XCTAssertEqual(try layer(stage, "field").selection, [0, 5], "Select All, in bullets")
        try check(stage, pressing: "end ctrl+left", "●●●●●", [0, 0], "Ctrl-← goes to the start: no word shows")
        try check(stage, pressing: "ctrl+right", "●●●●●", [5, 5], "Ctrl-→ to the end")
        press(stage, "left")
        press(stage, "ctrl+backspace")
        XCTAssertEqual(field.text, "é", "Ctrl-Backspace took everything before the caret")
        field.setText("a🙂b é")
        stage.run(for: 1)
        let point = Point(x: frame.minX + 2 * 11 + 2, y: frame.midY)
        stage.send(stage.touch(1, .began, at: point))
        stage.step()
        stage.send(stage.touch(1, .ended, at: point))
        stage.step()
        XCTAssertEqual(field.editor.caret, 3, "after a and the emoji's two units")
        XCTAssertEqual(try layer(stage, "field").caret, 2, "after two bullets")
        stage.send(stage.touch(1, .began, at: point))
        stage.step()
        stage.send(stage.touch(1, .ended, at: point))
        stage.step()
        XCTAssertEqual(try layer(stage, "field").selection, [0, 5], "a double-click takes the whole secret")
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 150, y: 120)))
        stage.step()
        XCTAssertNil(stage.dump().layer("context.item.cut"))
        XCTAssertNil(stage.dump().layer("context.item.copy"))
        XCTAssertNotNil(stage.dump().layer("context.item.paste"))
        XCTAssertNotNil(stage.dump().layer("context.item.select-all"))
    }

    /// One focus (issue #51): a field that takes the keyboard takes the stage's keyboard focus; a click that moves the
    /// focus to another control takes the keyboard out of the field, so what is typed goes where the ring is.
    func testTheKeyboardFocusAndTheFieldWithTheKeyboardAreOne() {
        let (stage, host, field) = makeField(focused: false)
        host.handsKeysToFocus = true
        field.layer.accessibility = Accessibility(role: .entry, name: "Field", exposesText: true, focus: { [weak field] in field?.focus() })
        let button = Layer(identifier: "button", frame: Rect(x: 100, y: 300, width: 120, height: 40))
        button.accessibility = Accessibility(role: .button, name: "Button", actions: [.tapping(button)])
        button.gestureRecognizers = [TapRecognizer { _ in }]
        host.root.addSublayer(button)
        field.focus()
        stage.step()
        XCTAssertTrue(stage.keyboardFocus.focused === field.layer, "the field with the keyboard has the focus")
        stage.tap(Point(x: 160, y: 320))
        stage.step()
        XCTAssertTrue(stage.keyboardFocus.focused === button, "the click put the focus on the button")
        XCTAssertNil(stage.textInput.focused, "and took the keyboard out of the field")
    }
}
