import Foundation
import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// A screen that holds nothing but the widgets a test puts on it: the engine's widgets on their own, with no app.
///
/// `build` makes them in `didAppear`, once the host is on a stage (a widget takes the stage's animator or text input
/// and the host's size from there); the host steps them with `onUpdate`, hands them the keys the focused field left
/// with `onKey`, and keeps every key that reached it, so a test can tell what a widget let through to the app.
final class WidgetHost: Screen {
    private let build: (WidgetHost, Stage) -> Void
    /// One step of the widgets that run on the screen's clock (a scroll view's indicator, a picker's wheels, a banner).
    var onUpdate: ((Double) -> Void)?
    /// A key that reached the screen; true when a widget used it.
    var onKey: ((KeyEvent) -> Bool)?
    /// Every key that reached the screen, in order.
    private(set) var keysReceived: [KeyEvent] = []
    /// The host's motion parameters, when a test gives it some (the tuning files' tests), and every set of values the
    /// stage applied to it since.
    var tunables: Tuning?
    private(set) var appliedTunings: [Tuning] = []
    /// What the host says to `isAtRest` (a screen that shows a scroll indicator is not at rest until it faded).
    var rests: () -> Bool = { true }
    /// Whether the keys the host leaves unused go to the stage's keyboard focus.
    var handsKeysToFocus = false

    init(build: @escaping (WidgetHost, Stage) -> Void) {
        self.build = build
        super.init(identifier: "host")
    }

    override var stateName: String { "host" }
    override func didAppear(size: Size) { build(self, requiredStage) }
    override func update(dt: Double) { onUpdate?(dt) }
    override var isAtRest: Bool { rests() }
    override var usesKeyboardFocus: Bool { handsKeysToFocus }

    override func handleKey(_ event: KeyEvent) -> Bool {
        keysReceived.append(event)
        return onKey?(event) ?? false
    }

    override var tuning: Tuning? { tunables }

    override func applyTuning(_ tuning: Tuning) {
        tunables = tuning
        appliedTunings.append(tuning)
    }
}

/// What the widgets did, in order, as a test's closures note it: an action's name, a hover, a field's new text.
final class Record { var events: [String] = [] }

/// A widget test: a fresh temporary folder for the stage's data (removed after), a headless stage with a
/// `WidgetHost` on it, and the keyboard, wheel and finger as a person uses them.
class WidgetTestCase: XCTestCase {
    /// This test's own folder, made empty for it.
    private(set) var folder: URL!
    /// What this test's widgets did (its closures note it here).
    let record = Record()
    /// The stage every test of these files uses: 800 × 600 points.
    static let stageSize = Size(width: 800, height: 600)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-widget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder, FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
    }

    /// A headless stage whose data directory is inside this test's folder, with a host on it that builds its
    /// widgets with `build`.
    func hosted(_ build: @escaping (WidgetHost, Stage) -> Void) -> (stage: Stage, host: WidgetHost) {
        let stage = Stage(size: Self.stageSize, settings: StageSettings(dataDirectory: folder.appendingPathComponent("data")))
        let host = WidgetHost(build: build)
        stage.present(host)
        return (stage, host)
    }

    /// A key press, then the text it types (as a window delivers both), then a step. `name` as scenarios write keys:
    /// `"a"`, `"left"`, `"shift+end"`, `"ctrl+z"`.
    func press(_ stage: Stage, _ name: String, times: Int = 1) {
        for _ in 0..<times {
            let event = KeyEvent(scenarioName: name, timestamp: stage.time)
            stage.send(event)
            if let typed = event.typedText { stage.send(text: typed) }
            stage.step()
        }
    }

    /// Types `text` key by key.
    func type(_ stage: Stage, _ text: String) {
        for character in text { press(stage, character == " " ? "space" : String(character)) }
    }

    /// One turn of the mouse wheel (`dy` clicks, positive away from the person) or, `precise`, one trackpad delta, at
    /// `point`; returns whether a layer took it.
    @discardableResult
    func wheel(_ stage: Stage, at point: Point, dy: Double, precise: Bool = false) -> Bool {
        stage.send(WheelEvent(location: point, delta: Vector(dx: 0, dy: dy), isPrecise: precise, timestamp: stage.time))
    }

    /// A finger lands at `start` and moves by `move` in `steps` equal moves, one fixed step apart, then lifts: after
    /// resting `hold` seconds where it stopped (released at no speed), or, without `hold`, still moving (a flick: it
    /// lifts one step later one more move on, so the release velocity is the drag's own, `move / steps` per step).
    func drag(_ stage: Stage, from start: Point, by move: Vector, steps: Int, hold: Double? = nil) {
        let each = move / Double(steps)
        var point = start
        stage.send(stage.touch(1, .began, at: point))
        for _ in 0..<steps {
            stage.step()
            point += each
            stage.send(stage.touch(1, .moved, at: point))
        }
        if let hold {
            stage.run(for: hold)
        } else {
            stage.step()
            point += each
        }
        stage.send(stage.touch(1, .ended, at: point))
        stage.step()
    }

    /// The identified layer as the dump writes it, failing the test when there is none.
    func layer(_ stage: Stage, _ identifier: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayerDump {
        try XCTUnwrap(stage.dump().layer(identifier), "no layer \(identifier)", file: file, line: line)
    }
}
