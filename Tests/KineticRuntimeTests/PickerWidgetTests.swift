import Foundation
import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The engine's picker wheels on their own: the keys, the mouse wheel, a trackpad, a tap and the finger turn them, and
/// they come to rest with a row in the band across their middle.
///
/// Two columns, `hour` (00–23, 90 pt) and `minute` (00, 05 … 55, 90 pt), at (100, 100), starting on 10:00. Rows are
/// 40 pt, two shown above and below the middle one, so the wheels are 5 × 40 = 200 pt tall and the band's middle is at
/// y = 100 + 2.5 × 40 = 200. Row i of a column is in the band when the wheel's offset is i × 40.
final class PickerWidgetTests: WidgetTestCase {
    private let bandMiddle = 200.0
    private let hours = (0..<24).map { String(format: "%02d", $0) }
    private let minutes = stride(from: 0, to: 60, by: 5).map { String(format: "%02d", $0) }

    final class Counter { var changes = 0 }

    private func picker() -> (stage: Stage, host: WidgetHost, picker: WheelPicker, counter: Counter) {
        let counter = Counter()
        var made: WheelPicker?
        let (stage, host) = hosted { host, _ in
            let picker = WheelPicker(prefix: "picker", origin: Point(x: 100, y: 100),
                                     columns: [WheelPicker.Column(name: "hour", titles: self.hours, values: self.hours, width: 90),
                                               WheelPicker.Column(name: "minute", titles: self.minutes, values: self.minutes, width: 90)],
                                     rows: [10, 0])
            picker.onChange = { counter.changes += 1 }
            host.root.addSublayer(picker.layer)
            host.onUpdate = { picker.update(dt: $0) }
            host.onKey = { picker.handleKey($0) }
            made = picker
        }
        return (stage, host, made!, counter)  // built in didAppear, which `present` has run
    }

    private func value(_ stage: Stage, _ column: String) -> String? { stage.dump().layer("picker.\(column)")?.value }

    /// The row's middle on screen, for the row showing `title` in `column`.
    private func rowMiddle(_ stage: Stage, _ column: String, _ title: String) throws -> Double {
        try layer(stage, "picker.row.\(column).\(title)").frame.center.y
    }

    func testItOpensOnItsRowsInTheBandWithOnlyTheRowsNearTheWindowMade() throws {
        let (stage, _, picker, _) = picker()
        XCTAssertEqual(value(stage, "hour"), "10")
        XCTAssertEqual(value(stage, "minute"), "00")
        XCTAssertEqual(picker.rows, [10, 0])
        XCTAssertEqual(try layer(stage, "picker.wheels").frame, DumpRect(Rect(x: 100, y: 100, width: 180, height: 200)))
        XCTAssertEqual(try rowMiddle(stage, "hour", "10"), bandMiddle, accuracy: 1e-9)
        XCTAssertEqual(try rowMiddle(stage, "hour", "11"), bandMiddle + 40, accuracy: 1e-9, "the next row just below")
        // Rows are made from three above the window's top (10 − 2 − 1 = 7) to seven on (14); none further.
        XCTAssertNotNil(stage.dump().layer("picker.row.hour.07"))
        XCTAssertNotNil(stage.dump().layer("picker.row.hour.14"))
        XCTAssertNil(stage.dump().layer("picker.row.hour.06"))
        XCTAssertNil(stage.dump().layer("picker.row.hour.15"))
    }

    func testEachArrowKeyTurnsOneRowAndTheWheelSettlesWithThatRowInTheBand() throws {
        let (stage, host, picker, counter) = picker()
        press(stage, "down", times: 3)
        XCTAssertEqual(value(stage, "hour"), "13", "the value is the row it is heading for, at once")
        XCTAssertEqual(counter.changes, 3, "told once a key")
        XCTAssertTrue(picker.isMoving)
        stage.run(for: 1)
        XCTAssertFalse(picker.isMoving)
        XCTAssertEqual(try rowMiddle(stage, "hour", "13"), bandMiddle, accuracy: 0.01, "at rest with 13 in the band")
        press(stage, "up")
        XCTAssertEqual(value(stage, "hour"), "12")
        press(stage, "right")  // the minute column has the keys now
        press(stage, "down", times: 2)
        XCTAssertEqual(value(stage, "minute"), "10")
        XCTAssertEqual(value(stage, "hour"), "12", "the hour was left alone")
        press(stage, "left")
        press(stage, "left")  // held to the first column
        press(stage, "pagedown")
        XCTAssertEqual(value(stage, "hour"), "17", "five rows on")
        press(stage, "pagedown")
        XCTAssertEqual(value(stage, "hour"), "22")
        press(stage, "pagedown")
        XCTAssertEqual(value(stage, "hour"), "23", "held to the last row")
        press(stage, "home")
        XCTAssertEqual(value(stage, "hour"), "00")
        let before = counter.changes
        press(stage, "up")
        XCTAssertEqual(value(stage, "hour"), "00", "held to the first row")
        XCTAssertEqual(counter.changes, before, "no change, no report")
        press(stage, "end")
        stage.run(for: 1.5)
        XCTAssertEqual(value(stage, "hour"), "23")
        XCTAssertEqual(try rowMiddle(stage, "hour", "23"), bandMiddle, accuracy: 0.01)
        XCTAssertEqual(host.keysReceived.count, 15, "every key reached the host, which handed it to the picker")
        XCTAssertFalse(picker.handleKey(KeyEvent(key: .character("x"))), "a key that is not the picker's goes on")
    }

    func testAWheelClickTurnsOneRowOfTheColumnUnderItAndATrackpadARowPerRowHeight() throws {
        let (stage, _, picker, _) = picker()
        let minute = try XCTUnwrap(stage.centre(of: "picker.minute"))
        for _ in 0..<3 { XCTAssertTrue(wheel(stage, at: minute, dy: -1)) }  // towards the person: later rows
        XCTAssertEqual(value(stage, "minute"), "15", "three clicks, three rows")
        wheel(stage, at: minute, dy: 1)
        XCTAssertEqual(value(stage, "minute"), "10")
        XCTAssertEqual(picker.focusedColumn, 1, "the wheel gave the keys to its column")
        press(stage, "down")
        XCTAssertEqual(value(stage, "minute"), "15")
        // A trackpad's −0.25 is 0.25 × 48 = 12 pt; rows turn per whole 40 pt travelled: ten deltas, 120 pt, three rows.
        let hour = try XCTUnwrap(stage.centre(of: "picker.hour"))
        for delta in 1...10 {
            wheel(stage, at: hour, dy: -0.25, precise: true)
            XCTAssertEqual(picker.rows[0], 10 + 12 * delta / 40, "after \(12 * delta) pt")
        }
        stage.run(for: 1)
        XCTAssertEqual(try rowMiddle(stage, "hour", "13"), bandMiddle, accuracy: 0.01)
    }

    func testATapOnARowAboveOrBelowBringsItToTheBand() throws {
        let (stage, _, _, _) = picker()
        stage.tap(Point(x: 145, y: 120))  // the top row, two above the middle: 08
        stage.run(for: 1)
        XCTAssertEqual(value(stage, "hour"), "08")
        XCTAssertEqual(try rowMiddle(stage, "hour", "08"), bandMiddle, accuracy: 0.01)
        stage.tap(Point(x: 145, y: 240))  // one below the middle: 09
        stage.run(for: 1)
        XCTAssertEqual(value(stage, "hour"), "09")
    }

    func testADragTurnsTheWheelWithTheFingerAndARestingReleaseSettlesOnTheNearestRow() throws {
        let (stage, _, picker, _) = picker()
        // 90 pt up: the wheel's offset from 400 (row 10) to 490, 12.25 rows: 12 is nearest the band.
        drag(stage, from: Point(x: 145, y: 200), by: Vector(dx: 0, dy: -90), steps: 18, hold: 0.2)
        XCTAssertEqual(value(stage, "hour"), "12")
        stage.run(for: 1)
        XCTAssertFalse(picker.isMoving)
        XCTAssertEqual(try rowMiddle(stage, "hour", "12"), bandMiddle, accuracy: 0.01, "pulled the last quarter row back into the band")
    }

    func testAFlickCoastsOnAndComesToRestOnTheRowItsVelocityReaches() throws {
        let (stage, _, picker, _) = picker()
        // 100 pt up in 20 steps, let go moving 5 pt / (1/120 s) = 600 pt/s: from offset 400 + 100 = 500 the coast rests
        // 600 / (−1000 · ln 0.998) = 299.70 pt on (see `Decay`), at 799.70, nearest row 20 (800).
        drag(stage, from: Point(x: 145, y: 200), by: Vector(dx: 0, dy: -100), steps: 20)
        XCTAssertEqual(value(stage, "hour"), "20", "the row is chosen as the finger lifts")
        XCTAssertTrue(picker.isMoving)
        stage.run(for: 3)
        XCTAssertFalse(picker.isMoving)
        XCTAssertEqual(try rowMiddle(stage, "hour", "20"), bandMiddle, accuracy: 0.01)
        // A hard flick past the end: 2 400 pt/s projects 1 199 pt on, far past row 23 (920): held to it.
        drag(stage, from: Point(x: 145, y: 250), by: Vector(dx: 0, dy: -200), steps: 10)
        XCTAssertEqual(value(stage, "hour"), "23")
        stage.run(for: 3)
        XCTAssertEqual(try rowMiddle(stage, "hour", "23"), bandMiddle, accuracy: 0.01)
    }

    /// Found by `make fuzz`: a finger pulling the last row far up rubber-bands the wheel past its end by more than the
    /// rows made around the window (offset 920 + most of the wheel's 200 pt, against the last row's 920): the rows near
    /// the window are then held to the wheel's own, the last ones, instead of a range that runs backwards.
    func testAWheelPulledFarPastItsEndKeepsItsLastRows() throws {
        let (stage, _, picker, _) = picker()
        picker.select(row: 23, inColumn: 0, animated: false)
        stage.step()
        drag(stage, from: Point(x: 145, y: 250), by: Vector(dx: 0, dy: -2_000), steps: 40, hold: 0.1)
        XCTAssertNotNil(stage.dump().layer("picker.row.hour.23"), "the last row stays made while the wheel is past its end")
        stage.run(for: 3)
        XCTAssertEqual(value(stage, "hour"), "23")
        XCTAssertEqual(try rowMiddle(stage, "hour", "23"), bandMiddle, accuracy: 0.01, "and it springs back to the last row")
    }

    func testSelectingARowWithoutAnimationPutsItInTheBandAtOnce() throws {
        let (stage, _, picker, counter) = picker()
        picker.select(row: 7, inColumn: 1, animated: false)
        XCTAssertEqual(value(stage, "minute"), "35")
        XCTAssertFalse(picker.isMoving)
        XCTAssertEqual(try rowMiddle(stage, "minute", "35"), bandMiddle, accuracy: 1e-9)
        XCTAssertEqual(counter.changes, 1)
        picker.select(row: 99, inColumn: 1, animated: false)
        XCTAssertEqual(value(stage, "minute"), "55", "held to the last row")
    }
}
