import XCTest
import KineticCore
import KineticRuntime
import KineticScene

/// The stage's one keyboard focus on its own, over a page of plain controls declared as a screen reader sees them.
///
/// The page, in reading order: a button `a` at (20, 20), a list `list` of three rows `row.0`…`row.2` (40 pt apart from
/// y = 100), a button `b` at (300, 20), and a dialog `dialog` (hidden until opened) holding `ok` and `cancel`. The Tab
/// stops are therefore a, the list (one stop), b; and inside the open dialog, ok and cancel only.
final class KeyboardFocusWidgetTests: WidgetTestCase {
    private var dialog: Layer!  // made by `page()` before any test step uses it

    private func control(_ id: String, _ role: Accessibility.Role, _ frame: Rect, in parent: Layer) -> Layer {
        let layer = Layer(identifier: id, frame: frame)
        layer.gestureRecognizers = [TapRecognizer { [record] _ in record.events.append("tap \(id)") }]
        layer.accessibility = Accessibility(role: role, name: id.capitalized, actions: [.tapping(layer)])
        parent.addSublayer(layer)
        return layer
    }

    private func page() -> Stage {
        let (stage, host) = hosted { [unowned self] host, _ in
            _ = self.control("a", .button, Rect(x: 20, y: 20, width: 100, height: 40), in: host.root)
            let list = Layer(identifier: "list", frame: Rect(x: 20, y: 100, width: 200, height: 120))
            list.accessibility = Accessibility(role: .list, name: "List")
            host.root.addSublayer(list)
            for index in 0..<3 { _ = self.control("row.\(index)", .listItem, Rect(x: 0, y: Double(index) * 40, width: 200, height: 40), in: list) }
            _ = self.control("b", .button, Rect(x: 300, y: 20, width: 100, height: 40), in: host.root)
            let dialog = Layer(identifier: "dialog", frame: Rect(x: 400, y: 300, width: 300, height: 200))
            dialog.accessibility = Accessibility(role: .dialog, name: "Dialog")
            dialog.isHidden = true
            host.root.addSublayer(dialog)
            _ = self.control("ok", .button, Rect(x: 20, y: 140, width: 100, height: 40), in: dialog)
            _ = self.control("cancel", .button, Rect(x: 160, y: 140, width: 100, height: 40), in: dialog)
            self.dialog = dialog
        }
        host.handsKeysToFocus = true
        stage.step()
        return stage
    }

    private func focused(_ stage: Stage) -> String? { stage.keyboardFocus.focused?.identifier }

    /// Shows the dialog (or hides it) and lets the focus settle.
    private func showDialog(_ stage: Stage, _ shown: Bool) {
        dialog.isHidden = !shown
        stage.step()
    }

    /// Presses `keys` (space-separated, as scenarios name keys) in turn, then says which control has the focus.
    private func focused(_ stage: Stage, after keys: String) -> String? {
        for key in keys.split(separator: " ") { press(stage, String(key)) }
        return focused(stage)
    }

    func testTabGoesThroughTheStopsInReadingOrderAndAListIsOneStop() {
        let stage = page()
        XCTAssertNil(focused(stage), "nothing is focused before a key")
        XCTAssertEqual(focused(stage, after: "tab"), "a")
        XCTAssertEqual(focused(stage, after: "tab"), "row.0", "the list's first row stands for the list")
        XCTAssertEqual(focused(stage, after: "down tab"), "b", "the list is left in one Tab")
        XCTAssertEqual(focused(stage, after: "shift+tab"), "row.1", "and entered again at the row it was left on")
        XCTAssertEqual(focused(stage, after: "tab tab"), "a", "round and round")
    }

    func testArrowsMoveInsideTheListAndStopAtItsEndsHomeAndEndJump() {
        let stage = page()
        XCTAssertEqual(focused(stage, after: "tab tab up"), "row.0", "no row above the first")
        press(stage, "down", times: 5)
        XCTAssertEqual(focused(stage), "row.2", "none below the last")
        XCTAssertEqual(focused(stage, after: "home"), "row.0")
        XCTAssertEqual(focused(stage, after: "end"), "row.2")
    }

    func testArrowsOutsideAGroupGoToTheNearestControlThatWay() {
        let stage = page()
        XCTAssertEqual(focused(stage, after: "tab right"), "b", "b is the one control to a's right")
        XCTAssertEqual(focused(stage, after: "left"), "a")
        XCTAssertEqual(focused(stage, after: "down"), "row.0", "straight below a is the list's first row")
    }

    func testEnterAndSpaceDoWhatATapDoes() {
        let stage = page()
        press(stage, "tab")
        press(stage, "enter")
        press(stage, "tab")
        press(stage, "down")
        press(stage, "space")
        stage.tap(Point(x: 350, y: 40))
        XCTAssertEqual(record.events, ["tap a", "tap row.1", "tap b"])
    }

    func testTheFocusedControlIsMarkedForDumpsAndScreenReadersAndOnlyIt() throws {
        let stage = page()
        press(stage, "tab")
        XCTAssertEqual(try layer(stage, "a").focused, true)
        XCTAssertNil(try layer(stage, "b").focused, "other controls say nothing")
        XCTAssertEqual(stage.keyboardFocus.focused?.accessibility?.states.contains(.focused), true)
        press(stage, "tab")
        XCTAssertNil(try layer(stage, "a").focused)
        XCTAssertEqual(stage.root.layer(withIdentifier: "a")?.accessibility?.states.contains(.focused), false)
        XCTAssertEqual(try layer(stage, "row.0").focused, true)
    }

    func testADialogKeepsTheFocusAndGivesItBackWhenItGoes() {
        let stage = page()
        press(stage, "tab")
        press(stage, "tab")
        press(stage, "down")
        showDialog(stage, true)
        XCTAssertEqual(focused(stage), "ok", "the dialog's first control takes the focus as it opens")
        XCTAssertEqual(focused(stage, after: "tab"), "cancel")
        XCTAssertEqual(focused(stage, after: "tab"), "ok", "Tab stays inside the dialog")
        showDialog(stage, false)
        XCTAssertEqual(focused(stage), "row.1", "back where it was when the dialog opened")
    }

    func testWhenTheFocusedControlGoesTheNextTakesItElseThePrevious() {
        let stage = page()
        press(stage, "tab")
        press(stage, "tab")
        press(stage, "down")
        stage.root.layer(withIdentifier: "row.1")?.removeFromSuperlayer()
        stage.step()
        XCTAssertEqual(focused(stage), "row.2", "the row that followed it")
        stage.root.layer(withIdentifier: "row.2")?.removeFromSuperlayer()
        stage.root.layer(withIdentifier: "b")?.removeFromSuperlayer()
        stage.step()
        XCTAssertEqual(focused(stage), "row.0", "nothing follows any more: the one before")
    }

    func testATouchHidesTheRingButKeepsTheFocus() {
        let stage = page()
        press(stage, "tab")
        XCTAssertNotNil(stage.keyboardFocus.isVisible ? stage.keyboardFocus.focused : nil, "a key shows the ring")
        stage.tap(Point(x: 700, y: 100))  // on nothing
        XCTAssertFalse(stage.keyboardFocus.isVisible)
        XCTAssertEqual(focused(stage), "a")
    }

    func testAScreenThatKeepsItsOwnKeysGetsNoFocus() {
        let (stage, _) = hosted { host, _ in
            let button = Layer(identifier: "x", frame: Rect(x: 0, y: 0, width: 50, height: 50))
            button.accessibility = Accessibility(role: .button, name: "X", actions: [.tapping(button)])
            host.root.addSublayer(button)
        }
        press(stage, "tab")
        XCTAssertNil(focused(stage))
    }

    // MARK: An app drives the one focus (issue #51)

    /// An app asks for a control that is not there yet: the focus goes to it once it shows, and meanwhile no other
    /// control takes it (a screen reader hears no passing stop); a request whose control is gone is dropped, and the
    /// focus goes on by its own rule.
    func testARequestWaitsForItsControlThenTakesIt() {
        let stage = page()
        press(stage, "tab")
        let late = Layer(identifier: "late", frame: Rect(x: 20, y: 400, width: 100, height: 40))
        late.accessibility = Accessibility(role: .button, name: "Late", actions: [.tapping(late)])
        late.isHidden = true
        stage.root.layer(withIdentifier: "a")?.superlayer?.addSublayer(late)
        var wanted = true
        stage.keyboardFocus.request { wanted ? .control(late) : .gone }
        stage.root.layer(withIdentifier: "a")?.removeFromSuperlayer()
        stage.step()
        XCTAssertNil(focused(stage), "the focused control went: no other takes the focus while the one asked for is on its way")
        late.isHidden = false
        stage.step()
        XCTAssertEqual(focused(stage), "late", "it shows: it has the focus")
        XCTAssertFalse(stage.keyboardFocus.hasRequest, "a request met is done")

        stage.keyboardFocus.request { wanted ? .notYet : .gone }
        stage.step()
        XCTAssertTrue(stage.keyboardFocus.hasRequest)
        XCTAssertEqual(focused(stage), "late", "not yet: the focus stays where it is")
        wanted = false
        late.position.y += 1  // (a request is looked at again when the scene changes)
        stage.step()
        XCTAssertFalse(stage.keyboardFocus.hasRequest, "gone: dropped")
        press(stage, "tab")
        stage.keyboardFocus.request { .notYet }
        XCTAssertNotEqual(focused(stage, after: "tab"), nil)
        XCTAssertFalse(stage.keyboardFocus.hasRequest, "a key moved the focus: the request is replaced by it")
    }

    /// A request made as a dialog closes is carried out after the dialog gave the focus back, so the app has the last
    /// word (a sheet that filed a message: the one that took its place).
    func testARequestHasTheLastWordOverADialogClosing() {
        let stage = page()
        press(stage, "tab")
        showDialog(stage, true)
        XCTAssertEqual(focused(stage), "ok")
        dialog.isHidden = true
        let b = stage.root.layer(withIdentifier: "b")
        stage.keyboardFocus.request { b.map { .control($0) } ?? .gone }
        stage.step()
        XCTAssertEqual(focused(stage), "b", "not a, where the dialog would have given it back")
    }

    /// The focused control covered a step before the dialog that covers it shows (the list hidden from screen readers
    /// as a message opens, its reader sliding in after): the dialog gives the focus back to it when it goes.
    func testADialogGivesTheFocusBackToTheControlItsOpeningCovered() {
        let stage = page()
        press(stage, "tab")
        let everything = ["a", "list", "b"].compactMap { stage.root.layer(withIdentifier: $0) }
        for layer in everything { layer.accessibilityElementsHidden = true }
        everything[0].position.x += 1  // (the focus settles when the scene changes)
        stage.step()
        XCTAssertNil(focused(stage), "nothing left to take it")
        showDialog(stage, true)
        XCTAssertEqual(focused(stage), "ok")
        for layer in everything { layer.accessibilityElementsHidden = false }
        showDialog(stage, false)
        XCTAssertEqual(focused(stage), "a", "back on the control the dialog's coming covered")
    }

    /// A control made anew while a dialog covers it (a list's rows rebuilt under the reader) takes the old one's place
    /// as the control the dialog gives the focus back to.
    func testADialogGivesTheFocusBackToAControlMadeAnewUnderIt() {
        let stage = page()
        press(stage, "tab")
        let old = stage.root.layer(withIdentifier: "a")!
        showDialog(stage, true)
        XCTAssertEqual(focused(stage), "ok")
        XCTAssertTrue(stage.keyboardFocus.returnsFocus(to: old))
        let new = Layer(identifier: "a.again", frame: old.frame)
        new.accessibility = Accessibility(role: .button, name: "A", actions: [.tapping(new)])
        let parent = old.superlayer!
        old.removeFromSuperlayer()
        parent.addSublayer(new)
        stage.keyboardFocus.returnFocus(to: new, insteadOf: old)
        showDialog(stage, false)
        XCTAssertEqual(focused(stage), "a.again", "back on the control made anew, not the first stop")
    }
}
