import XCTest
import KineticCore
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario

/// Image snapshots of the Mailbox at half scale (512×384 pixels), compared with the references in `References/`
/// within `snapshotPixelFraction` (0.5% of pixels may differ by more than 16/255).
final class MailboxSnapshotTests: XCTestCase {
    private func snapshot(_ runner: ScenarioRunner, _ name: String, state: String) throws {
        XCTAssertEqual(runner.stage.stateName, state, name)
        runner.renderer.render(runner.stage.root)
        XCTAssertTrue(runner.renderer.assetErrors.isEmpty, "\(runner.renderer.assetErrors)")
        try assertSnapshot(runner.renderer, named: "mailbox-\(name)")
    }

    func testEveryScreenMatchesItsReference() throws {
        let runner = try Mailbox.runner(scale: 0.5)
        let stage = runner.stage
        stage.run(until: 0.4)
        try snapshot(runner, "inbox", state: "inbox")
        for (name, dx) in [("later", -150.0), ("list", -330.0), ("archive", 150.0), ("delete", 330.0)] {
            Mailbox.swipe(stage, row: 1, by: dx, over: 0.5, release: false)
            try snapshot(runner, "swipe-\(name)", state: "inbox")
            stage.send(stage.touch(1, .cancelled, at: Point(x: 500 + dx, y: Mailbox.rowY(1))))
            stage.run(for: 1.5)
        }
        Mailbox.swipe(stage, row: 1, by: -150, over: 0.4)
        stage.run(for: 1)
        try snapshot(runner, "options-reschedule", state: "options.reschedule")
        stage.sendShake()
        stage.run(for: 1)
        Mailbox.swipe(stage, row: 1, by: -330, over: 0.4)
        stage.run(for: 1)
        try snapshot(runner, "options-list", state: "options.list")
        stage.sendShake()
        stage.run(for: 1)
        stage.send(stage.touch(1, .began, at: Point(x: 4, y: 400)))
        for x in stride(from: 20.0, through: 320, by: 20) { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: x, y: 400))) }
        stage.send(stage.touch(1, .ended, at: Point(x: 320, y: 400)))
        stage.run(for: 1)
        try snapshot(runner, "menu", state: "menu")
        stage.tap(Point(x: 700, y: 400))
        stage.run(for: 1)
        stage.tap(Mailbox.layer(stage, "compose.button")!.frame.center)
        stage.send(text: "ana@example.org")
        stage.run(for: 1)
        try snapshot(runner, "compose", state: "compose")
    }
}
