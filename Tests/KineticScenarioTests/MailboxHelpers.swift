import Foundation
import KineticCore
import KineticData
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Builds and drives Mailbox runs for the tests, on the bundled messages.
enum Mailbox {
    /// The stage's layout as the README gives it: a 64 pt bar, then rows of 96 pt.
    static let navHeight = 64.0
    static let rowHeight = 96.0

    static func runner(freshStart: Bool = true, reduceMotion: Bool = false, scale: Double = 1, dataDirectory: URL? = nil) throws -> ScenarioRunner {
        let scenario = Scenario(app: "mailbox", scale: scale, freshStart: freshStart, reduceMotion: reduceMotion, duration: 0)
        return try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, dataDirectory: dataDirectory)
    }

    /// A Mailbox over `messages` alone (no server, nothing saved), its data folder inside the run's own temporary
    /// folder.
    static func runner(messages: [MailMessage], scale: Double = 1) throws -> ScenarioRunner {
        var entries = KineticApps.catalog
        entries[1].makeScreen = { _ in
            MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailbox-\(UUID().uuidString)")
        return try ScenarioRunner(scenario: Scenario(app: "mailbox", scale: scale, duration: 0), entries: entries, dataDirectory: folder)
    }

    /// A fresh Mailbox on stage, its opening done (0.3 s in): the runner, its stage and the screen.
    static func opened() throws -> (runner: ScenarioRunner, stage: Stage, screen: MailboxScreen) {
        let runner = try runner()
        runner.stage.run(until: 0.3)
        return (runner, runner.stage, screen(of: runner))
    }

    /// Sends each action in turn, letting `seconds` pass after each (long enough for its motion to end): a test's
    /// walk through the app, one line a move.
    static func act(_ actions: MailboxAction..., on screen: MailboxScreen, _ stage: Stage, waiting seconds: Double = 1) {
        for action in actions {
            screen.send(action)
            stage.run(for: seconds)
        }
    }

    /// Opens the reschedule options for the focused message (the `l` key) and lets them show.
    static func openRescheduleOptions(_ stage: Stage) {
        stage.send(KeyEvent(scenarioName: "l", timestamp: stage.time))
        stage.run(for: 1)
    }

    static func screen(of runner: ScenarioRunner) -> MailboxScreen {
        (runner.stage.screen as! Shell).content as! MailboxScreen
    }

    /// The centre line of the `index`-th row on screen, with the list at rest at the top.
    static func rowY(_ index: Int) -> Double { navHeight + Double(index) * rowHeight + rowHeight / 2 }

    /// A drag along a row from `x` by `dx` points over `seconds`, one move per step; `release` lifts the finger,
    /// after holding still for `hold` seconds (so that the release has no velocity left).
    static func swipe(_ stage: Stage, row index: Int, from x: Double = 500, by dx: Double, over seconds: Double, release: Bool = true, hold: Double = 0) {
        let y = rowY(index)
        stage.send(stage.touch(1, .began, at: Point(x: x, y: y)))
        let steps = max(Int((seconds / Stage.stepDuration).rounded()), 1)
        for step in 1...steps {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: x + dx * Double(step) / Double(steps), y: y)))
        }
        guard release else { return }
        stage.run(for: hold)
        stage.send(stage.touch(1, .ended, at: Point(x: x + dx, y: y)))
    }

    static func layer(_ stage: Stage, _ id: String) -> LayerDump? { stage.dump().layer(id) }

    /// The message's swipe offset as drawn: `message.<id>`'s x.
    static func offset(_ stage: Stage, _ id: String) -> Double? { layer(stage, "message.\(id)")?.frame.x }

    /// Gregorian in UTC: the calendar scenarios tell the time in.
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!  // a fixed identifier Foundation always knows
        return calendar
    }

    /// The bundled messages' ids, in order.
    static var ids: [String] { (1...30).map { String(format: "m%02d", $0) } }
}
