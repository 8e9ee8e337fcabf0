import XCTest
import KineticData
import KineticCore
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Seed 002's order and rule, frame by frame: "When the animation is complete, it should show the reschedule
/// options"; a committed row closes only once its message has left; "if released at this point [short of 60 pt], the
/// message should return", however fast the flick, unless deciding by projection is switched on.
final class MailboxSeedOrderTests: XCTestCase {
    func testTheOptionsShowOnlyOnceTheMessageHasLeftTheScreen() throws {
        let (_, stage, _) = try Mailbox.opened()
        Mailbox.swipe(stage, row: 1, by: -120, over: 0.2)
        var sawMessageLeave = false, optionsShown = false
        for _ in 0..<240 {
            stage.step()
            let dump = stage.dump()
            let message = dump.layer("message.m02")?.frame.rect
            if let message, message.maxX <= 0.5 { sawMessageLeave = true }
            if dump.layer("options")?.visible == true && dump.layer("options")!.opacity > 0 {
                optionsShown = true
                XCTAssertTrue(sawMessageLeave, "options began to show while the message was still at \(message.map { "\($0)" } ?? "?")")
            }
        }
        XCTAssertTrue(optionsShown, "and then they did show")
        XCTAssertEqual(stage.stateName, "options.reschedule")
    }

    func testACommittedRowKeepsItsHeightUntilItsMessageHasLeft() throws {
        let (_, stage, screen) = try Mailbox.opened()
        let width = stage.size.width
        Mailbox.swipe(stage, row: 2, by: 150, over: 0.2)
        XCTAssertEqual(screen.state.placement(of: "m03").list, .archive, "filed at the release: the model first")
        var collapsed = false
        for _ in 0..<240 {
            stage.step()
            let dump = stage.dump()
            guard let row = dump.layer("row.m03") else { collapsed = true; break }
            if row.frame.height < Mailbox.rowHeight - 0.01 {
                collapsed = true
                let message = try XCTUnwrap(dump.layer("message.m03")).frame.rect
                XCTAssertGreaterThanOrEqual(message.minX, width - 0.5, "the row began closing with its message at \(message.minX)")
            }
            let below = try XCTUnwrap(dump.layer("row.m04")).frame.y
            if row.frame.height >= Mailbox.rowHeight - 0.01 {
                XCTAssertEqual(below, Mailbox.navHeight + 3 * Mailbox.rowHeight, accuracy: 0.01, "the row below stays while the message slides")
            }
        }
        XCTAssertTrue(collapsed, "it did close")
    }

    func testAFast45PointFlickReturnsByDefaultAndArchivesWithProjectionOn() throws {
        for projected in [false, true] {
            let runner = try Mailbox.runner()
            let stage = runner.stage
            let screen = Mailbox.screen(of: runner)
            stage.run(until: 0.3)
            if projected { screen.send(.setDecideOnProjection(true)) }
            Mailbox.swipe(stage, row: 1, by: 45, over: 0.05)  // 900 pt/s
            stage.run(for: 1.5)
            XCTAssertEqual(screen.state.placement(of: "m02").list, projected ? .archive : .inbox, "projection \(projected)")
            if !projected { XCTAssertEqual(Mailbox.offset(stage, "m02") ?? 99, 0, accuracy: 0.5, "it came back") }
        }
    }
}
