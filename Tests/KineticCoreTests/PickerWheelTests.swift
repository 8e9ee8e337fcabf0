import Foundation
import XCTest
@testable import KineticCore

/// A picker wheel coasts like a scroll view and always comes to rest with a row in the middle.
final class PickerWheelTests: XCTestCase {
    let rowHeight = 40.0
    let step = 1.0 / 120

    /// Steps until the wheel rests (at most 10 s), returning every offset it passed through.
    private func settle(_ wheel: inout PickerWheel, dt: Double = 1.0 / 120) -> [Double] {
        var offsets: [Double] = []
        var time = 0.0
        while wheel.isMoving, time < 10 {
            wheel.step(by: dt)
            offsets.append(wheel.offset)
            time += dt
        }
        return offsets
    }

    /// Where a UIScrollView-style decay at 0.998 per millisecond carries a release at `velocity` points per second:
    /// the integral of v·0.998^(1000t) over all t, v / (−1000·ln 0.998) ≈ v / 2.002.
    private func coastDistance(_ velocity: Double) -> Double { velocity / (-1000 * log(0.998)) }

    func testAFlickComesToRestOnTheRowNearestWhereTheCoastWouldStop() {
        for velocity in [300.0, 1000, 1700, 2500] {
            var wheel = PickerWheel(rowCount: 200, rowHeight: rowHeight)
            wheel.beginDrag()
            wheel.drag(translation: -10, visibleHeight: 200)  // 10 pt up: the wheel is at 10
            wheel.release(velocity: -velocity)                // the finger moving up turns to later rows
            let expected = Int(((10 + coastDistance(velocity)) / rowHeight).rounded())
            XCTAssertEqual(wheel.row, expected, "the row is chosen at release, at \(velocity) pt/s")
            let offsets = settle(&wheel)
            XCTAssertFalse(wheel.isMoving, "it comes to rest")
            XCTAssertEqual(wheel.offset, Double(expected) * rowHeight, accuracy: 0.01, "exactly on the row, at \(velocity) pt/s")
            XCTAssertEqual(wheel.centredRow, expected)
            // It coasted, slowing: the first 0.2 s (24 steps) carry it further than the next 0.2 s.
            XCTAssertGreaterThan(offsets[23] - 10, offsets[47] - offsets[23], "it decays rather than gliding evenly")
            XCTAssertLessThanOrEqual(offsets.map { $0 - Double(expected) * rowHeight }.max() ?? 0, 1.5, "it barely passes its row")
        }
    }

    func testAReleaseWithoutSpeedGoesToTheNearestRow() {
        for (dragged, expected) in [(-15.0, 0), (-21.0, 1), (-75.0, 2), (25.0, 0)] {
            var wheel = PickerWheel(rowCount: 10, rowHeight: rowHeight)
            wheel.beginDrag()
            wheel.drag(translation: dragged, visibleHeight: 200)
            wheel.release(velocity: 0)
            _ = settle(&wheel)
            XCTAssertEqual(wheel.row, expected, "dragged \(-dragged) pt")
            XCTAssertEqual(wheel.offset, Double(expected) * rowHeight, accuracy: 0.01)
        }
    }

    func testAHardFlickStopsOnTheLastRowAndAFlickBackOnTheFirst() {
        var wheel = PickerWheel(rowCount: 12, rowHeight: rowHeight, row: 6)
        wheel.beginDrag()
        wheel.release(velocity: -5000)
        XCTAssertEqual(wheel.row, 11)
        let offsets = settle(&wheel)
        XCTAssertEqual(wheel.offset, 11 * rowHeight, accuracy: 0.01)
        // A decay loses speed in proportion to distance (dv/dx = 1000·ln r), so it reaches the end, 5 rows on, at
        // 5000 − 2.002 × 200 pt/s; a critically damped spring started at its rest point with speed v goes at most
        // v / (ω₀·e) past it, ω₀ = 2π / 0.12 s.
        let speedAtTheEnd = 5000 + 1000 * log(0.998) * 5 * rowHeight
        let overshoot = speedAtTheEnd / (2 * Double.pi / 0.12 * exp(1))
        XCTAssertLessThan((offsets.max() ?? 0) - 11 * rowHeight, overshoot + 0.5, "the end's spring catches it")
        XCTAssertGreaterThan((offsets.max() ?? 0) - 11 * rowHeight, overshoot * 0.8, "with the speed it had")

        wheel.beginDrag()
        wheel.release(velocity: 5000)
        _ = settle(&wheel)
        XCTAssertEqual(wheel.row, 0)
        XCTAssertEqual(wheel.offset, 0, accuracy: 0.01)
    }

    func testDraggingPastAnEndFollowsLessThanTheFinger() {
        var wheel = PickerWheel(rowCount: 5, rowHeight: rowHeight)
        wheel.beginDrag()
        wheel.drag(translation: 100, visibleHeight: 200)
        XCTAssertLessThan(wheel.offset, 0)
        XCTAssertGreaterThan(wheel.offset, -100, "rubber-banded: less than the finger's 100 pt")
        wheel.release(velocity: 0)
        _ = settle(&wheel)
        XCTAssertEqual(wheel.offset, 0, accuracy: 0.01)
    }

    func testClicksAndKeysAddUpFromWhereTheWheelIsHeading() {
        var wheel = PickerWheel(rowCount: 24, rowHeight: rowHeight, row: 10)
        wheel.move(rows: 1)
        wheel.step(by: step)
        wheel.move(rows: 1)  // before the first has arrived
        wheel.move(rows: 1)
        XCTAssertEqual(wheel.row, 13)
        _ = settle(&wheel)
        XCTAssertEqual(wheel.offset, 13 * rowHeight, accuracy: 0.01)
        wheel.move(rows: -100)
        XCTAssertEqual(wheel.row, 0, "held to the first row")
        wheel.move(rows: Int.max)
        XCTAssertEqual(wheel.row, 23, "held to the last, without overflowing")
    }

    func testTheRestingRowDoesNotDependOnTheFrameRate() {
        var rows: [Int] = []
        for dt in [1.0 / 60, 1.0 / 120, 1.0 / 240] {
            var wheel = PickerWheel(rowCount: 100, rowHeight: rowHeight)
            wheel.beginDrag()
            wheel.release(velocity: -1234)
            _ = settle(&wheel, dt: dt)
            rows.append(wheel.centredRow)
        }
        XCTAssertEqual(Set(rows).count, 1, "\(rows)")
    }

    func testAFingerCatchesACoastingWheelWhereItIs() {
        var wheel = PickerWheel(rowCount: 100, rowHeight: rowHeight)
        wheel.beginDrag()
        wheel.release(velocity: -2000)
        for _ in 0..<12 { wheel.step(by: step) }
        let caught = wheel.offset
        wheel.beginDrag()
        XCTAssertFalse(wheel.isMoving)
        wheel.step(by: step)
        XCTAssertEqual(wheel.offset, caught, "a finger that lands stops it")
    }
}
