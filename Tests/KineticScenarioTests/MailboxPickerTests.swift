import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import XCTest
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// "Pick date" asks for the moment: wheels for the day, hour and minute that the finger, the mouse wheel and the
/// keys turn, that coast and come to rest on a row, with Cancel and Schedule.
final class MailboxPickerTests: XCTestCase {
    /// Scenarios start on Monday 5 January 2026 at 09:00 UTC (`StageSettings.scenarioStartDate`).
    private let utc = Mailbox.utc

    /// The Mailbox with m01's reschedule options open and "Pick date" tapped.
    private func openPicker() throws -> (runner: ScenarioRunner, stage: Stage, screen: MailboxScreen) {
        let (runner, stage, screen) = try Mailbox.opened()
        Mailbox.openRescheduleOptions(stage)
        XCTAssertEqual(stage.dump().state, "options.reschedule")
        stage.tap(try XCTUnwrap(stage.centre(of: "option.pick-date")))
        stage.run(for: 0.6)
        XCTAssertEqual(stage.dump().state, "picker")
        return (runner, stage, screen)
    }

    private func value(_ stage: Stage, _ column: String) -> String? { stage.dump().layer("picker.\(column)")?.value }

    private func key(_ stage: Stage, _ name: String, times: Int = 1) {
        for _ in 0..<times {
            stage.send(KeyEvent(scenarioName: name, timestamp: stage.time))
            stage.step()
        }
    }

    func testTheWheelsTheKeysAndScheduleFileTheMessageForThatMoment() throws {
        let (_, stage, screen) = try openPicker()
        XCTAssertEqual(value(stage, "day"), "2026-01-05", "today")
        XCTAssertEqual(value(stage, "hour"), "10", "the next whole hour after 09:00")
        XCTAssertEqual(value(stage, "minute"), "00")
        XCTAssertNotNil(stage.dump().layer("picker.row.hour.10"))

        // Three clicks of the mouse wheel over the hour turn it three rows on.
        let hour = try XCTUnwrap(stage.centre(of: "picker.hour"))
        for _ in 0..<3 {
            stage.send(WheelEvent(location: hour, delta: Vector(dx: 0, dy: -1), isPrecise: false, timestamp: stage.time))
            stage.step()
        }
        stage.run(for: 1)
        XCTAssertEqual(value(stage, "hour"), "13")
        // The hour column now has the keys (the wheel went to it); → to the minutes, six ↓ for 30.
        key(stage, "right")
        key(stage, "down", times: 6)
        key(stage, "tab", times: 3)  // past Cancel and Schedule, round to the day
        key(stage, "down", times: 2)
        stage.run(for: 1)
        XCTAssertEqual(value(stage, "minute"), "30")
        XCTAssertEqual(value(stage, "day"), "2026-01-07")
        XCTAssertEqual(stage.dump().layer("picker.summary")?.text, "Comes back Wed 13:30")

        stage.tap(try XCTUnwrap(stage.centre(of: "picker.schedule")))
        stage.run(for: 1.5)
        XCTAssertEqual(stage.dump().state, "inbox")
        let expected = utc.date(from: DateComponents(year: 2026, month: 1, day: 7, hour: 13, minute: 30))
        XCTAssertEqual(screen.state.placement(of: "m01").list, .later)
        XCTAssertEqual(screen.state.placement(of: "m01").until, expected)
        screen.send(.selectSegment(.later))
        stage.run(for: 1)
        XCTAssertEqual(Mailbox.layer(stage, "message.m01.time")?.text, "Wed 13:30", "the Later list says when it comes back")
    }

    func testAFlickCoastsPastTheFingerAndComesToRestWithARowInTheBand() throws {
        let (_, stage, _) = try openPicker()
        let band = try XCTUnwrap(stage.dump().layer("picker.wheels")).frame.center.y  // the middle row's line
        let day = try XCTUnwrap(stage.centre(of: "picker.day"))
        // 80 pt up in 0.05 s: two rows' worth under the finger, let go fast.
        stage.send(stage.touch(1, .began, at: day))
        for index in 1...6 {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: day.x, y: day.y - 80 * Double(index) / 6)))
        }
        stage.send(stage.touch(1, .ended, at: Point(x: day.x, y: day.y - 80)))
        stage.run(for: 0.1)
        let rowCentres = stage.dump().layers.filter { $0.id.hasPrefix("picker.row.day.") }.map(\.frame.center.y)
        let nearest = try XCTUnwrap(rowCentres.min { abs($0 - band) < abs($1 - band) })
        XCTAssertGreaterThan(abs(nearest - band), 0.5, "still coasting between rows a tenth of a second on")
        stage.run(for: 3)
        let chosen = try XCTUnwrap(value(stage, "day"))
        let chosenRow = try XCTUnwrap(stage.dump().layer("picker.row.day.\(chosen)")).frame
        XCTAssertEqual(chosenRow.center.y, band, accuracy: 0.05, "the chosen row rests exactly in the band")
        let days = try XCTUnwrap(DateWheels(now: StageSettings.scenarioStartDate, calendar: utc).columns[0].values.firstIndex(of: chosen))
        XCTAssertGreaterThan(days, 2, "it coasted on past the two rows the finger moved")
    }

    func testCancelEscAndATapOutsideGoBackToTheOptionsAndUndoReturnsTheMessage() throws {
        let (_, stage, screen) = try openPicker()
        stage.tap(try XCTUnwrap(stage.centre(of: "picker.cancel")))
        stage.run(for: 0.6)
        XCTAssertEqual(stage.dump().state, "options.reschedule", "Cancel: back to the options")
        stage.tap(try XCTUnwrap(stage.centre(of: "option.pick-date")))
        stage.run(for: 0.6)
        key(stage, "escape")
        XCTAssertEqual(stage.dump().state, "options.reschedule", "Esc: back to the options")
        stage.tap(try XCTUnwrap(stage.centre(of: "option.pick-date")))
        stage.run(for: 0.6)
        stage.tap(Point(x: 30, y: 150))  // on the dimmed list, beside the sheet
        stage.run(for: 0.6)
        XCTAssertEqual(stage.dump().state, "options.reschedule", "a tap outside: back to the options")
        stage.tap(try XCTUnwrap(stage.centre(of: "option.pick-date")))
        stage.run(for: 0.6)
        screen.send(.undo)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.dump().state, "inbox")
        XCTAssertEqual(screen.state.placement(of: "m01"), .inbox)
        XCTAssertEqual(Mailbox.offset(stage, "m01") ?? -1, 0, accuracy: 0.5, "the message is back in its row")
    }

    func testScheduleIsRefusedForAMomentAlreadyPast() throws {
        let (_, stage, screen) = try openPicker()
        key(stage, "tab")
        key(stage, "up", times: 2)  // 08:00 today, before 09:00
        stage.run(for: 1)
        XCTAssertEqual(value(stage, "hour"), "08")
        XCTAssertEqual(stage.dump().layer("picker.summary")?.text, "Choose a time after now")
        key(stage, "enter")
        stage.run(for: 0.5)
        XCTAssertEqual(stage.dump().state, "picker", "nothing was filed")
        XCTAssertEqual(screen.state.placement(of: "m01"), .inbox)
    }

    func testTheKeysReachEveryOptionAndThePicker() throws {
        let (_, stage, screen) = try Mailbox.opened()
        key(stage, "l")
        stage.run(for: 1)
        // Opened by a key, the options open with the first one ringed (a keyboard's focus is never nowhere).
        let first = try XCTUnwrap(stage.dump().layer("option.later-today")).frame
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("focus")).frame.center.x, first.center.x, accuracy: 0.5)
        key(stage, "right", times: 3)  // This weekend, the end of the first row
        key(stage, "down")             // Pick date, under it
        let pick = try XCTUnwrap(stage.dump().layer("option.pick-date")).frame
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("focus")).frame.center.y, pick.center.y, accuracy: 0.5)
        key(stage, "enter")
        stage.run(for: 0.6)
        XCTAssertEqual(stage.dump().state, "picker")
        key(stage, "escape")
        stage.run(for: 0.6)
        key(stage, "left")  // back in the options, ringed at the first: round to the last, Pick date; one more is Someday
        key(stage, "left")
        key(stage, "space")
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m01"), Placement(.later, "someday"))
    }
}
