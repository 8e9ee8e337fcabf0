import XCTest
@testable import KineticCore

/// Arbitration beyond "first to claim wins": a recognizer that waits for another to fail, recognizers that share a
/// touch, and pans locked to an axis.
final class ArbitrationTests: XCTestCase {
    private func event(_ phase: TouchEvent.Phase, _ x: Double, _ y: Double = 0, _ t: Double = 0, id: Int = 1) -> TouchEvent {
        TouchEvent(id: id, phase: phase, location: Point(x: x, y: y), timestamp: t)
    }

    func testATapThatRequiresALongPressToFailWaitsForIt() {
        var log: [String] = []
        let tap = TapRecognizer(maximumDuration: 2) { _ in log.append("tap") }
        let hold = LongPressRecognizer(minimumDuration: 0.5) { log.append("hold \($0.state)") }
        tap.requireToFail(hold)
        // Innermost first: the tap is offered the touch before the long press.
        let arena = GestureArena()
        arena.begin(event(.began, 0), recognizers: [tap, hold])
        arena.tick(time: 0.2)
        arena.dispatch(event(.ended, 0, 0, 0.3))
        XCTAssertEqual(log, ["tap"], "a quick tap: the long press never claimed, so the tap goes ahead when the touch ends")

        log = []
        arena.begin(event(.began, 0, 0, 1), recognizers: [tap, hold])
        arena.tick(time: 1.6)
        arena.dispatch(event(.ended, 0, 0, 1.7))
        XCTAssertEqual(log, ["hold began", "hold ended"], "held: the long press claims and the tap, which would have fired, fails")
        XCTAssertEqual(tap.state, .possible, "reset for the next touch")
    }

    func testWithoutTheRequirementTheFirstClaimWins() {
        var log: [String] = []
        let tap = TapRecognizer(maximumDuration: 2) { _ in log.append("tap") }
        let hold = LongPressRecognizer(minimumDuration: 0.5) { log.append("hold \($0.state)") }
        let arena = GestureArena()
        arena.begin(event(.began, 0), recognizers: [hold, tap])
        arena.tick(time: 0.6)
        arena.dispatch(event(.ended, 0, 0, 0.7))
        XCTAssertEqual(log, ["hold began", "hold ended"])
    }

    /// Two pans that both pass their slop on one event: the inner one (offered first, as the path goes) takes it,
    /// unless the outer one is offered first, as a window-wide gesture is (the shell's edge pan over a screen-wide pan).
    func testARecognizerOfferedFirstClaimsBeforeTheTouchedLayersOwn() {
        var log: [String] = []
        let inner = PanRecognizer(minimumDistance: 10) { log.append("inner \($0.state)") }
        let edge = EdgePanRecognizer(edge: .left, screenSize: Size(width: 400, height: 300)) { log.append("edge \($0.state)") }
        let arena = GestureArena()
        arena.begin(event(.began, 4, 100), recognizers: [inner, edge])
        arena.dispatch(event(.moved, 90, 100, 0.02))
        arena.dispatch(event(.ended, 90, 100, 0.04))
        XCTAssertEqual(log.first, "inner began", "innermost first: the inner pan wins the fast drag")

        log = []
        edge.isOfferedFirst = true
        arena.begin(event(.began, 4, 100, 1), recognizers: [inner, edge])
        arena.dispatch(event(.moved, 90, 100, 1.02))
        arena.dispatch(event(.ended, 90, 100, 1.04))
        XCTAssertEqual(log, ["edge began", "edge ended"], "offered first, the edge pan wins and the inner one never begins")

        log = []
        arena.begin(event(.began, 200, 100, 2), recognizers: [inner, edge])
        arena.dispatch(event(.moved, 290, 100, 2.02))
        arena.dispatch(event(.ended, 290, 100, 2.04))
        XCTAssertEqual(log.first, "inner began", "away from the edge the edge pan fails and the inner pan goes on")
    }

    func testSimultaneousPartnersBothFollowTheTouch() {
        var pans = 0, holds: [GestureState] = []
        let pan = PanRecognizer(minimumDistance: 5) { _ in pans += 1 }
        let hold = LongPressRecognizer(minimumDuration: 0.3, slop: 1000) { holds.append($0.state) }
        let tap = TapRecognizer()
        pan.recognizeSimultaneously(with: hold)
        let arena = GestureArena()
        arena.begin(event(.began, 0), recognizers: [pan, hold, tap])
        arena.dispatch(event(.moved, 20, 0, 0.1))
        XCTAssertTrue(arena.winner(of: 1) === pan)
        XCTAssertEqual(tap.state, .failed, "a recognizer that is not a partner fails")
        arena.dispatch(event(.moved, 40, 0, 0.4))
        arena.dispatch(event(.ended, 50, 0, 0.5))
        XCTAssertEqual(pans, 3, "began, changed, ended")
        XCTAssertEqual(holds.first, .began, "the long press, a partner, went on receiving the touch and claimed it too")
        XCTAssertEqual(holds.last, .ended)
    }

    func testAxisLockedPansShareTouchesByDirection() {
        var swiped = 0, scrolled = 0
        let swipe = PanRecognizer(minimumDistance: 10, axis: .horizontal) { _ in swiped += 1 }
        let scroll = PanRecognizer(minimumDistance: 10, axis: .vertical) { _ in scrolled += 1 }
        let arena = GestureArena()
        // Innermost (the row's swipe) first; a mostly vertical drag fails it and goes to the scroll.
        arena.begin(event(.began, 0, 0), recognizers: [swipe, scroll])
        arena.dispatch(event(.moved, 4, 12, 0.05))
        XCTAssertTrue(arena.winner(of: 1) === scroll)
        arena.dispatch(event(.ended, 4, 40, 0.1))
        XCTAssertEqual(swiped, 0)
        // A mostly horizontal one goes to the swipe, even with the scroll first in line.
        arena.begin(event(.began, 0, 0, 1), recognizers: [scroll, swipe])
        arena.dispatch(event(.moved, 12, 5, 1.05))
        XCTAssertTrue(arena.winner(of: 1) === swipe)
        arena.dispatch(event(.ended, 50, 8, 1.1))
        XCTAssertEqual(scrolled, 2, "only the first drag scrolled")
    }
}
