import XCTest
import KineticCore
import KineticScene
@testable import KineticRuntime
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Every screen state of every app, walked by the keyboard alone: every layer a tap acts on is reached by Tab or the
/// arrows, and Enter (or Space) on it does what a tap on it does.
///
/// "A layer a tap acts on" is found apart from the keyboard focus: a shown layer with a tap recognizer, not hidden from
/// screen readers, in the dialog or menu that shows (what is behind one is out of reach by design), less the
/// backdrops whose tap only keeps or dismisses what is over them (a dim, a shield, a sheet's body, the background).
/// The walk presses Tab, and after each Tab the four arrows until the focus stops moving, writing down every layer
/// the focus reaches; it ends once a round of Tab adds nothing.
final class FocusChainTests: XCTestCase {
    /// Layers whose tap only keeps or dismisses what is over them, or is the background's: nothing a key need reach.
    static let backdrops: Set<String> = ["compose.dim", "menu.shield", "mailbox.menu.shield", "options", "options.panel", "picker", "compose",
                                          "trash.confirm", "trash.confirm.panel", "compose.confirm", "compose.confirm.panel", "context.shield",
                                          "panel", "honeycomb.screen", "field", "mailbox.list", "reader", "reader.body"]

    /// One state to walk: its name, and how a fresh run reaches it.
    struct Walked {
        let name: String
        /// The state's documented name, as dumps write it (docs/scenarios.md and each app's page).
        let dumpState: String
        let make: () throws -> Stage
        init(name: String, _ dumpState: String, make: @escaping () throws -> Stage) {
            (self.name, self.dumpState, self.make) = (name, dumpState, make)
        }
    }

    static func press(_ stage: Stage, _ name: String, shift: Bool = false) {
        var event = KeyEvent(scenarioName: name, timestamp: stage.time)
        if shift { event.modifiers.insert(.shift) }
        stage.send(event)
        if let typed = event.typedText { stage.send(text: typed) }
        stage.run(for: 0.12)
    }

    static func fresh(_ app: String, until: Double = 0.5) throws -> Stage {
        let scenario = Scenario(app: app, duration: 0)
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog)
        runner.stage.run(until: until)
        return runner.stage
    }

    static func then(_ make: @escaping () throws -> Stage, keys: [String], wait: Double = 1.2) -> () throws -> Stage {
        {
            let stage = try make()
            for key in keys { press(stage, key) }
            stage.run(for: wait)
            return stage
        }
    }

    static func gallery() throws -> Stage { try fresh("gallery") }
    /// Through the splash and the intro's three pages by Enter, as `Disguise.throughIntro` does, to the wheel at rest.
    static func wheel() throws -> Stage {
        let stage = try fresh("disguise", until: 2)
        for _ in 0..<3 {
            press(stage, "enter")
            stage.run(for: 0.28)
        }
        stage.run(until: 7)
        return stage
    }
    static func inbox() throws -> Stage { try fresh("mailbox") }
    static func honeycomb() throws -> Stage { try fresh("honeycomb", until: 2) }

    static var states: [Walked] { [
        Walked(name: "gallery", "gallery", make: gallery),
        Walked(name: "shell menu", "menu", make: then(gallery, keys: ["m"])),
        Walked(name: "disguise intro", "intro.1", make: { try fresh("disguise", until: 2.6) }),
        Walked(name: "disguise wheel", "wheel", make: wheel),
        Walked(name: "disguise wearing", "selected.X", make: then(wheel, keys: ["enter"], wait: 3)),
        Walked(name: "mailbox inbox", "inbox", make: inbox),
        Walked(name: "mailbox menu", "menu", make: then(inbox, keys: ["f10"])),
        Walked(name: "mailbox reader", "message.m01", make: then(inbox, keys: ["down", "enter"])),
        Walked(name: "mailbox options", "options.reschedule", make: then(inbox, keys: ["down", "l"])),
        Walked(name: "mailbox lists", "options.list", make: then(inbox, keys: ["down", "t"])),
        Walked(name: "mailbox picker", "picker", make: then(then(inbox, keys: ["down", "l"]), keys: ["right", "right", "right", "down", "enter"])),
        Walked(name: "mailbox compose", "compose", make: then(inbox, keys: ["c"])),
        Walked(name: "mailbox compose question", "compose.confirm", make: then(inbox, keys: ["c", "x", "escape", "escape"])),
        Walked(name: "mailbox context menu", "inbox", make: then(inbox, keys: ["down", "menu"])),
        Walked(name: "honeycomb categories", "categories", make: honeycomb),
        Walked(name: "honeycomb grid", "grid.X", make: then(honeycomb, keys: ["right", "enter"], wait: 2)),
        Walked(name: "honeycomb panel", "panel.X", make: then(then(honeycomb, keys: ["right", "enter"], wait: 2), keys: ["right", "enter"], wait: 2)),
    ] }

    /// The layers a tap acts on now, by identifier: in the innermost dialog or menu, shown, offered to screen readers.
    static func tappable(on stage: Stage) -> Set<String> {
        let scope = stage.keyboardFocus.innermostScope(under: stage.root).scope
        var found: Set<String> = []
        func visit(_ layer: Layer) {
            guard !layer.isHidden, layer.opacity > 0.001, !layer.accessibilityElementsHidden else { return }
            // A layer that tells screen readers it has no action now (Scotch wearing nothing) does nothing when tapped.
            if let id = layer.identifier, !backdrops.contains(id), layer.isUserInteractionEnabled, layer.accessibility?.actions.isEmpty != true,
               layer.gestureRecognizers.contains(where: { $0 is TapRecognizer }),
               stage.root.bounds.intersects(layer.frameInRoot) {
                found.insert(id)
            }
            for sublayer in layer.sublayersInDrawingOrder { visit(sublayer) }
        }
        visit(scope)
        return found
    }

    /// The Tab stops (Tab until the focus comes round again), then from each stop, in a fresh run, each arrow until the
    /// focus stops moving: every layer the focus reached.
    static func walk(_ make: () throws -> Stage) throws -> Set<String> {
        let stage = try make()
        var stops: [String] = []
        for _ in 0..<80 {
            press(stage, "tab")
            guard let id = stage.keyboardFocus.focused?.identifier else { continue }
            if stops.first == id { break }
            if !stops.contains(id) { stops.append(id) }
        }
        var reached = Set(stops)
        for index in stops.indices {
            let stage = try make()
            for _ in 0...index { press(stage, "tab") }
            for arrow in ["right", "left", "down", "up"] {
                for _ in 0..<40 {
                    let was = stage.keyboardFocus.focused
                    press(stage, arrow)
                    if let id = stage.keyboardFocus.focused?.identifier { reached.insert(id) }
                    if stage.keyboardFocus.focused === was { break }
                }
            }
        }
        return reached
    }

    /// Whether the keyboard reached `id`: it, or the control inside it (a field's box) or around it (a button's label).
    static func isReached(_ id: String, on stage: Stage, among reached: Set<String>) -> Bool {
        guard let layer = stage.root.layer(withIdentifier: id) else { return false }
        if layer.ancestry.contains(where: { $0.identifier.map(reached.contains) == true }) { return true }
        func below(_ layer: Layer) -> Bool {
            layer.sublayers.contains { ($0.identifier.map(reached.contains) ?? false) || below($0) }
        }
        return below(layer)
    }

    func testEveryTappableLayerOfEveryScreenStateIsReachedByTheKeyboard() throws {
        for state in Self.states {
            let stage = try state.make()
            let tappable = Self.tappable(on: stage)
            // "X": any id there (the costume worn, the category or cell opened).
            XCTAssertTrue(stage.stateName.hasPrefix(state.dumpState.replacingOccurrences(of: "X", with: "")), "\(state.name): \(stage.stateName)")
            XCTAssertFalse(tappable.isEmpty, "\(state.name): something to tap")
            let reached = try Self.walk(state.make)
            let missed = tappable.filter { !Self.isReached($0, on: stage, among: reached) }
            XCTAssertTrue(missed.isEmpty, "\(state.name): not reached by the keyboard: \(missed.sorted())")
        }
    }

    /// For each tappable layer of each state: from a fresh run, a click on it (which gives it the focus, as in GTK) and
    /// then Enter, against a fresh run's tap on it; the same state name and the same layers showing after.
    func testEnterOnAFocusedControlDoesWhatATapDoes() throws {
        func outcome(_ stage: Stage) -> (state: String, shown: [String]) {
            stage.run(for: 2)
            let dump = stage.dump()
            return (dump.state, dump.layers.filter { $0.opacity > 0.01 && $0.id != "focus" }.map(\.id).sorted())
        }
        for state in Self.states {
            let ids = try Self.tappable(on: state.make()).sorted()
            for id in ids {
                let tapped = try state.make()
                // The middle of what shows of it (a row half under the window's edge is tapped where it shows).
                guard let frame = tapped.root.layer(withIdentifier: id)?.frameInRoot else { continue }
                let window = tapped.root.bounds
                let (left, right) = (max(frame.minX, window.minX), min(frame.maxX, window.maxX))
                let (top, bottom) = (max(frame.minY, window.minY), min(frame.maxY, window.maxY))
                tapped.tap(Point(x: (left + right) / 2, y: (top + bottom) / 2))
                let byTap = outcome(tapped)

                let keyed = try state.make()
                guard let layer = keyed.root.layer(withIdentifier: id),
                      let control = layer.ancestry.first(where: KeyboardFocus.isControl) ?? KeyboardFocus.controls(under: layer).first else {
                    XCTFail("\(state.name): \(id) is no control the keyboard can focus")
                    continue
                }
                keyed.focusOnClick(control)
                if keyed.keyboardFocus.focused !== control { keyed.keyboardFocus.focus(control) }  // a context menu's item
                // An entry's tap puts the keyboard in it, as the focus does; a spin button's tap picks a row, as ↑/↓ do
                // (the picker's tests), and Enter on it presses the dialog's default button; elsewhere Enter presses.
                if control.accessibility?.role == .spinButton { continue }
                if control.accessibility?.role != .entry { Self.press(keyed, "enter") }
                let byKey = outcome(keyed)
                XCTAssertEqual(byKey.state, byTap.state, "\(state.name): Enter on \(id)")
                XCTAssertEqual(byKey.shown, byTap.shown, "\(state.name): Enter on \(id) shows what a tap shows; by key only "
                               + "\(Set(byKey.shown).subtracting(byTap.shown).sorted()), by tap only \(Set(byTap.shown).subtracting(byKey.shown).sorted())")
            }
        }
    }
}
