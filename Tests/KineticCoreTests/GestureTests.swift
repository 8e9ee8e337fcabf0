import XCTest
@testable import KineticCore

/// Recognizers fed synthetic touch streams through an arena, as the stage does.
final class GestureTests: XCTestCase {
    private func stream(from: Point, to: Point, duration: Double, samples: Int, id: Int = 1) -> [TouchEvent] {
        var events = [TouchEvent(id: id, phase: .began, location: from, timestamp: 0)]
        for i in 1...samples {
            let f = Double(i) / Double(samples)
            events.append(TouchEvent(id: id, phase: .moved, location: interpolate(from: from, to: to, fraction: f), timestamp: duration * f))
        }
        events.append(TouchEvent(id: id, phase: .ended, location: to, timestamp: duration))
        return events
    }

    private func play(_ events: [TouchEvent], _ recognizers: [GestureRecognizer]) {
        let arena = GestureArena()
        arena.begin(events[0], recognizers: recognizers)
        for event in events.dropFirst() { arena.dispatch(event) }
    }

    func testStillTouchIsATapNotAPan() {
        var tapped = false, panned = false
        let tap = TapRecognizer { _ in tapped = true }
        let pan = PanRecognizer { _ in panned = true }
        play(stream(from: Point(x: 100, y: 100), to: Point(x: 104, y: 103), duration: 0.1, samples: 5), [tap, pan])
        XCTAssertTrue(tapped)
        XCTAssertFalse(panned)
    }

    /// Clicks 0.1 s long, starting at 0, 0.25, 0.5 and 1.0 s: with `countsDoubleClickAsOne` the second (0.25 s after the
    /// first lifted at 0.1, under GTK's 0.4 s) is the same press, the third starts a new one, and the fourth (0.4 s
    /// after the third lifted) is a press of its own: three presses. Without it, four.
    func testADoubleClickIsOnePressWhereTheControlSaysSo() {
        func presses(countingDoubleClicksAsOne: Bool) -> Int {
            var count = 0
            let tap = TapRecognizer { _ in count += 1 }
            tap.countsDoubleClickAsOne = countingDoubleClicksAsOne
            for start in [0, 0.25, 0.5, 1.0] {
                let at = Point(x: 100, y: 100)
                play([TouchEvent(id: 1, phase: .began, location: at, timestamp: start),
                      TouchEvent(id: 1, phase: .ended, location: at, timestamp: start + 0.1)], [tap])
            }
            return count
        }
        XCTAssertEqual(presses(countingDoubleClicksAsOne: true), 3)
        XCTAssertEqual(presses(countingDoubleClicksAsOne: false), 4)
    }

    func testMovingTouchIsAPanNotATap() {
        var tapped = false
        var states: [GestureState] = []
        let tap = TapRecognizer { _ in tapped = true }
        let pan = PanRecognizer { states.append($0.state) }
        play(stream(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.2, samples: 20), [tap, pan])
        XCTAssertFalse(tapped)
        XCTAssertEqual(states.first, .began)
        XCTAssertEqual(states.last, .ended)
        XCTAssertEqual(pan.state, .possible, "reset when the touch ended")
    }

    func testReleaseVelocityIsWithinFivePercentOfTheFinger() {
        // A finger at 1500 pt/s to the right and 400 pt/s up, sampled at 120 Hz with a little jitter.
        var events = [TouchEvent(id: 1, phase: .began, location: Point(x: 0, y: 500), timestamp: 0)]
        for i in 1...30 {
            let t = Double(i) / 120
            let jitter = i % 2 == 0 ? 0.8 : -0.8
            events.append(TouchEvent(id: 1, phase: .moved, location: Point(x: 1500 * t + jitter, y: 500 - 400 * t), timestamp: t))
        }
        events.append(TouchEvent(id: 1, phase: .ended, location: Point(x: 1500 * 0.25, y: 500 - 100), timestamp: 0.25))
        var releaseVelocity = Vector.zero
        let pan = PanRecognizer { if $0.state == .ended { releaseVelocity = $0.velocity } }
        play(events, [pan])
        XCTAssertEqual(releaseVelocity.dx, 1500, accuracy: 75)
        XCTAssertEqual(releaseVelocity.dy, -400, accuracy: 20)
    }

    func testDeceleratingFlickReportsTheLatestSpeedNotTheAverage() {
        var events = [TouchEvent(id: 1, phase: .began, location: .zero, timestamp: 0)]
        var x = 0.0
        for i in 1...60 {
            let speed = i <= 40 ? 2000.0 : 300.0
            x += speed / 120
            events.append(TouchEvent(id: 1, phase: .moved, location: Point(x: x, y: 0), timestamp: Double(i) / 120))
        }
        events.append(TouchEvent(id: 1, phase: .ended, location: Point(x: x, y: 0), timestamp: 0.5))
        var release = Vector.zero
        play(events, [PanRecognizer { if $0.state == .ended { release = $0.velocity } }])
        XCTAssertEqual(release.dx, 300, accuracy: 15)
    }

    func testEdgePanOnlyStartsAtTheEdge() {
        var began = 0
        let edge = EdgePanRecognizer(edge: .left, screenSize: Size(width: 1024, height: 768)) { if $0.state == .began { began += 1 } }
        play(stream(from: Point(x: 300, y: 300), to: Point(x: 500, y: 300), duration: 0.2, samples: 10), [edge])
        XCTAssertEqual(began, 0)
        play(stream(from: Point(x: 5, y: 300), to: Point(x: 200, y: 300), duration: 0.2, samples: 10), [edge])
        XCTAssertEqual(began, 1)
    }

    func testLongPressFiresAfterItsDurationOnTicks() {
        var began = false
        let press = LongPressRecognizer(minimumDuration: 0.5) { if $0.state == .began { began = true } }
        let tap = TapRecognizer()
        let arena = GestureArena()
        arena.begin(TouchEvent(id: 3, phase: .began, location: Point(x: 10, y: 10), timestamp: 0), recognizers: [tap, press])
        arena.tick(time: 0.4)
        XCTAssertFalse(began)
        arena.tick(time: 0.51)
        XCTAssertTrue(began)
        XCTAssertTrue(arena.winner(of: 3) === press)
        XCTAssertEqual(tap.state, .failed)
    }

    func testTwoTouchesAreFollowedSeparately() {
        var taps = 0
        let a = TapRecognizer { _ in taps += 1 }, b = TapRecognizer { _ in taps += 1 }
        let arena = GestureArena()
        arena.begin(TouchEvent(id: 1, phase: .began, location: Point(x: 0, y: 0), timestamp: 0), recognizers: [a])
        arena.begin(TouchEvent(id: 2, phase: .began, location: Point(x: 50, y: 0), timestamp: 0), recognizers: [b])
        arena.dispatch(TouchEvent(id: 2, phase: .ended, location: Point(x: 50, y: 0), timestamp: 0.1))
        arena.dispatch(TouchEvent(id: 1, phase: .ended, location: Point(x: 0, y: 0), timestamp: 0.1))
        XCTAssertEqual(taps, 2)
    }
}

/// A button's press: shown at once, ended by lifting, leaving or losing the touch; a tap only when lifted inside.
final class PressRecognizerTests: XCTestCase {
    private func event(_ phase: TouchEvent.Phase, _ x: Double, _ t: Double = 0) -> TouchEvent {
        TouchEvent(id: 1, phase: phase, location: Point(x: x, y: 0), timestamp: t)
    }

    func testPressShowsAtOnceAndATapIsALiftInside() {
        var presses: [Bool] = [], taps = 0
        let press = PressRecognizer(contains: { $0.x < 50 }, onPressChange: { presses.append($0) }, handler: { _ in taps += 1 })
        let arena = GestureArena()
        arena.begin(event(.began, 10), recognizers: [press])
        XCTAssertEqual(presses, [true], "pressed as the finger lands")
        arena.dispatch(event(.moved, 14, 0.05))
        arena.dispatch(event(.ended, 14, 0.1))
        XCTAssertEqual(presses, [true, false])
        XCTAssertEqual(taps, 1)
    }

    func testLeavingTheButtonCancelsThePress() {
        var presses: [Bool] = [], taps = 0
        let press = PressRecognizer(slop: 100, contains: { $0.x < 50 }, onPressChange: { presses.append($0) }, handler: { _ in taps += 1 })
        let arena = GestureArena()
        arena.begin(event(.began, 40), recognizers: [press])
        arena.dispatch(event(.moved, 60, 0.05))
        XCTAssertEqual(presses, [true, false], "unpressed as soon as the finger leaves")
        arena.dispatch(event(.moved, 40, 0.1))
        arena.dispatch(event(.ended, 40, 0.15))
        XCTAssertEqual(taps, 0, "a press that left never taps, even back inside")
    }

    func testAPanThatWinsTheTouchEndsThePress() {
        var presses: [Bool] = []
        let press = PressRecognizer(slop: 1000, contains: { _ in true }, onPressChange: { presses.append($0) })
        let pan = PanRecognizer(minimumDistance: 10)
        let arena = GestureArena()
        arena.begin(event(.began, 0), recognizers: [press, pan])
        arena.dispatch(event(.moved, 30, 0.05))
        XCTAssertTrue(arena.winner(of: 1) === pan)
        XCTAssertEqual(presses, [true, false])
    }
}
