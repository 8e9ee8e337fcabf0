import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// Swiping a message, on the dumps: the seed's zones, colours, icons and thresholds, and what a release does.
final class MailboxSwipeTests: XCTestCase {
    // The seed's palette, as the issue gives it.
    let gray = "#E3E3E3", yellow = "#FAD333", brown = "#D8A675", green = "#62D962", red = "#EF540C"

    /// Drags the third message (m03) to `dx` and holds it there; returns what its background and icon show.
    private func hold(at dx: Double) throws -> (color: String?, icon: String?, opacity: Double, iconX: Double, messageX: Double) {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        // Slow, so that nothing here depends on velocity; the finger stays down.
        Mailbox.swipe(stage, row: 2, by: dx, over: 0.8, release: false)
        let dump = stage.dump()
        let background = try XCTUnwrap(dump.layer("swipe.m03")), icon = try XCTUnwrap(dump.layer("swipe.icon.m03"))
        return (background.color, icon.image, icon.opacity, icon.frame.center.x, try XCTUnwrap(dump.layer("message.m03")).frame.x)
    }

    func testEachZoneOnEachSideHasItsColourAndIcon() throws {
        let cases: [(Double, String, String)] = [(-30, gray, "later"), (-59, gray, "later"), (-60, yellow, "later"), (-200, yellow, "later"),
                                                 (-260, brown, "list"), (-400, brown, "list"),
                                                 (30, gray, "archive"), (59, gray, "archive"), (60, green, "archive"), (200, green, "archive"),
                                                 (260, red, "delete"), (400, red, "delete")]
        for (dx, color, icon) in cases {
            let shown = try hold(at: dx)
            XCTAssertEqual(shown.messageX, dx, accuracy: 0.01, "the message follows the finger")
            XCTAssertEqual(shown.color, color, "at \(dx) pt")
            XCTAssertEqual(shown.icon, icon, "at \(dx) pt")
        }
    }

    func testTheIconFadesInOverSixtyPointsThenMovesWithTheMessage() throws {
        // modulate(|x|, 0…60 → 0…1): half at 30 pt, whole from 60 pt.
        XCTAssertEqual(try hold(at: 30).opacity, 0.5, accuracy: 0.02)
        XCTAssertEqual(try hold(at: -30).opacity, 0.5, accuracy: 0.02)
        XCTAssertEqual(try hold(at: 15).opacity, 0.25, accuracy: 0.02)
        XCTAssertEqual(try hold(at: 90).opacity, 1, accuracy: 0.001)
        // Before 60 pt the icon waits by the edge; after it, it moves point for point with the message.
        for sign in [1.0, -1.0] {
            let early = try hold(at: 20 * sign), later = try hold(at: 50 * sign)
            XCTAssertEqual(early.iconX, later.iconX, accuracy: 0.01, "waits")
            let a = try hold(at: 100 * sign), b = try hold(at: 220 * sign)
            XCTAssertEqual(b.iconX - a.iconX, 120 * sign, accuracy: 0.01, "follows")
            XCTAssertGreaterThan(abs(a.iconX - (sign > 0 ? 0 : 1024)), abs(later.iconX - (sign > 0 ? 0 : 1024)) - 0.01)
        }
    }

    func testAReleaseShortOfSixtySpringsBack() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        Mailbox.swipe(stage, row: 2, by: 55, over: 0.5, hold: 0.2)
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.offset(stage, "m03") ?? 99, 0, accuracy: 0.01)
        XCTAssertEqual(stage.stateName, "inbox")
        XCTAssertEqual(Mailbox.layer(stage, "row.m03")?.visible, true)
    }

    func testArchiveAndDeleteRemoveTheRowAndTheRowsBelowMoveUpByItsHeight() throws {
        for (dx, list) in [(120.0, Placement.List.archive), (300.0, .deleted)] {
            let runner = try Mailbox.runner()
            let stage = runner.stage
            stage.run(until: 0.3)
            let before = stage.dump()
            Mailbox.swipe(stage, row: 2, by: dx, over: 0.6)
            stage.run(for: 1.5)
            let after = stage.dump()
            XCTAssertNil(after.layer("row.m03"), "the row is gone")
            for id in ["m04", "m05", "m10"] {
                XCTAssertEqual(after.layer("row.\(id)")!.frame.y, before.layer("row.\(id)")!.frame.y - Mailbox.rowHeight, accuracy: 0.5, id)
            }
            XCTAssertEqual(after.layer("row.m02")!.frame.y, before.layer("row.m02")!.frame.y, accuracy: 0.01, "rows above stay")
            XCTAssertEqual(Mailbox.screen(of: runner).state.placement(of: "m03").list, list)
        }
    }

    func testLeftSwipesOpenTheOptionsAndAChoiceOrADismissalFilesTheMessage() throws {
        for (dx, state, title, choice) in [(-150.0, "options.reschedule", "Reschedule", "option.tomorrow"), (-320.0, "options.list", "Add to a list", "option.to-watch")] {
            for dismiss in [false, true] {
                let runner = try Mailbox.runner()
                let stage = runner.stage
                stage.run(until: 0.3)
                Mailbox.swipe(stage, row: 0, by: dx, over: 0.6)
                stage.run(for: 1)
                XCTAssertEqual(stage.stateName, state)
                XCTAssertEqual(Mailbox.layer(stage, "options.title")?.text, title)
                XCTAssertLessThan(Mailbox.offset(stage, "m01")!, -1000 + 1, "the message went off screen to the left")
                let point = dismiss ? Point(x: 60, y: 700) : Mailbox.layer(stage, choice)!.frame.center
                stage.tap(point)
                stage.run(for: 1.5)
                XCTAssertEqual(stage.stateName, "inbox")
                XCTAssertNil(Mailbox.layer(stage, "row.m01"), "the hide finished")
                let placement = Mailbox.screen(of: runner).state.placement(of: "m01")
                switch (state, dismiss) {
                case ("options.reschedule", false):
                    // Scenarios start on Monday 5 January 2026 at 09:00 UTC: Tomorrow is Tuesday at 08:00.
                    XCTAssertEqual(placement, Placement(.later, "tomorrow", until: StageSettings.scenarioStartDate.addingTimeInterval(23 * 3600)))
                case ("options.reschedule", true): XCTAssertEqual(placement, Placement(.later, "someday"))
                case (_, false): XCTAssertEqual(placement, Placement(.list, "to-watch"))
                default: XCTAssertEqual(placement, Placement(.list, "to-read"))
                }
            }
        }
    }

    func testAQuickFlickDecidesByWhereItWouldComeToRest() throws {
        // 40 pt in 3 steps (1/40 s): about 1,600 pt/s, which coasts ~800 pt: archive. The same 40 pt slowly, the
        // finger coming to rest before it lifts: back.
        for (seconds, projected, expected) in [(0.025, true, Placement.List.archive), (1.0, true, .inbox), (0.025, false, .inbox)] {
            let runner = try Mailbox.runner()
            let stage = runner.stage
            Mailbox.screen(of: runner).send(.setDecideOnProjection(projected))
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 1, by: 40, over: seconds, hold: seconds > 0.5 ? 0.2 : 0)
            stage.run(for: 1.5)
            XCTAssertEqual(Mailbox.screen(of: runner).state.placement(of: "m02").list, expected, "\(seconds) s, projection \(projected)")
        }
        // A fast flick never reaches the second action: archive, not delete.
        let runner = try Mailbox.runner()
        runner.stage.run(until: 0.3)
        Mailbox.swipe(runner.stage, row: 1, by: 150, over: 0.05)
        runner.stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.screen(of: runner).state.placement(of: "m02").list, .archive)
    }

    func testAVerticalDragScrollsAndNeverSwipesAHorizontalOneNeverScrolls() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        let top = Mailbox.layer(stage, "row.m05")!.frame.y
        // Mostly vertical, with some sideways wobble.
        stage.send(stage.touch(1, .began, at: Point(x: 500, y: 600)))
        for step in 1...30 { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: 500 + Double(step), y: 600 - Double(step) * 10))) }
        stage.send(stage.touch(1, .ended, at: Point(x: 530, y: 300)))
        stage.run(for: 8)
        XCTAssertLessThan(Mailbox.layer(stage, "row.m05")!.frame.y, top - 250, "scrolled")
        XCTAssertTrue(Mailbox.ids.allSatisfy { (Mailbox.offset(stage, $0) ?? 0) == 0 }, "no message moved sideways")
        // Mostly horizontal, with some vertical wobble: the row swipes, the list stays.
        let resting = Mailbox.layer(stage, "row.m10")!.frame.y
        let y = resting + Mailbox.rowHeight / 2
        stage.send(stage.touch(1, .began, at: Point(x: 300, y: y)))
        for step in 1...20 { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: 300 + Double(step) * 5, y: y + Double(step)))) }
        XCTAssertEqual(Mailbox.layer(stage, "row.m10")!.frame.y, resting, accuracy: 0.01, "no scroll")
        XCTAssertEqual(Mailbox.offset(stage, "m10") ?? 0, 100, accuracy: 0.01, "the row follows the finger sideways")
        stage.send(stage.touch(1, .ended, at: Point(x: 400, y: y + 20)))
    }

    func testAMessageSpringingBackCanBeCaughtWhereItIs() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        Mailbox.swipe(stage, row: 3, by: 50, over: 0.5, hold: 0.2)
        stage.run(for: 0.08)
        let caught = Mailbox.offset(stage, "m04")!
        XCTAssertGreaterThan(caught, 3, "still on its way back")
        XCTAssertLessThan(caught, 49)
        // A new touch catches it: after the slop, the message is where it was plus the finger's travel.
        stage.send(stage.touch(2, .began, at: Point(x: 600, y: Mailbox.rowY(3))))
        var last = caught
        for step in 1...40 {
            stage.step()
            stage.send(stage.touch(2, .moved, at: Point(x: 600 + Double(step) * 5, y: Mailbox.rowY(3))))
            let now = Mailbox.offset(stage, "m04")!
            XCTAssertLessThan(abs(now - last), 12, "no jump when caught (step \(step))")
            last = now
        }
        XCTAssertEqual(last, caught + 200, accuracy: 6)
        stage.send(stage.touch(2, .ended, at: Point(x: 800, y: Mailbox.rowY(3))))
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.screen(of: runner).state.placement(of: "m04").list, .archive)
    }

    func testASwipeDuringACollapseIsSafe() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        Mailbox.swipe(stage, row: 1, by: 150, over: 0.2)
        // While m02's row closes, m04 (moving up into row 2) is swiped too; then touches land on the closing row.
        stage.run(for: 0.05)
        Mailbox.swipe(stage, row: 3, by: 300, over: 0.2)
        Mailbox.swipe(stage, row: 1, by: 300, over: 0.1)
        stage.run(for: 2)
        let state = Mailbox.screen(of: runner).state
        XCTAssertEqual(state.placement(of: "m02").list, .archive)
        XCTAssertGreaterThanOrEqual(state.placements.count, 2, "the swipes during the collapse acted: \(state.placements)")
        XCTAssertEqual(state.visibleMessages.count, 30 - state.placements.count, "every message is somewhere, once")
        // Rows are kept near what shows (a screen's height on either side): each there is at its message's place,
        // and none is left over from a message that left.
        let screen = Mailbox.screen(of: runner)
        let rows = stage.dump().layers.filter { $0.id.hasPrefix("row.") }
        XCTAssertEqual(rows.count, screen.rows.count, "no leftovers")
        for (index, message) in state.visibleMessages.enumerated() where Double(index) * Mailbox.rowHeight < 704 {
            let row = try XCTUnwrap(stage.dump().layer("row.\(message.id)"), "\(message.id) shows")
            XCTAssertEqual(row.frame.y, Mailbox.navHeight + Double(index) * Mailbox.rowHeight, accuracy: 0.5)
        }
        for row in rows {
            let id = String(row.id.dropFirst("row.".count))
            let index = try XCTUnwrap(state.visibleMessages.firstIndex { $0.id == id }, "a row of \(id), which is not shown")
            XCTAssertEqual(row.frame.y, Mailbox.navHeight + Double(index) * Mailbox.rowHeight, accuracy: 0.5, id)
        }
    }
}

/// The list as a scroll view: past either end it gives less than the finger moves, and springs back on release.
final class MailboxScrollTests: XCTestCase {
    func testTheListRubberBandsAtBothEnds() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        func drag(by dy: Double, from y: Double) -> Double {
            // Where the list's content sits (the rows far from view are not kept, so no one row can be followed).
            func listY() -> Double { -Mailbox.screen(of: runner).scroll.offset }
            let before = listY()
            stage.send(stage.touch(1, .began, at: Point(x: 500, y: y)))
            for step in 1...40 { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: 500, y: y + dy * Double(step) / 40))) }
            stage.run(for: 0.2)
            let moved = listY() - before
            stage.send(stage.touch(1, .ended, at: Point(x: 500, y: y + dy)))
            return moved
        }
        // At the top, pulled down 300 pt: UIScrollView's band gives (1 − 1/(300·0.55/704 + 1))·704 ≈ 134 pt.
        let top = drag(by: 300, from: 200)
        XCTAssertEqual(top, (1 - 1 / (300 * 0.55 / 704 + 1)) * 704, accuracy: 2)
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.layer(stage, "row.m01")!.frame.y, Mailbox.navHeight, accuracy: 0.5, "sprung back to the top")
        // Scrolled to the end (30 rows of 96 pt in 704 pt: 2,176 pt), then pushed 300 pt past it.
        let screen = Mailbox.screen(of: runner)
        screen.scroll.offset = 30 * 96 - 704
        stage.step()
        let bottom = drag(by: -300, from: 600)
        XCTAssertEqual(bottom, -(1 - 1 / (300 * 0.55 / 704 + 1)) * 704, accuracy: 2)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.scroll.offset, 30 * 96 - 704, accuracy: 0.5, "sprung back to the end")
    }
}
