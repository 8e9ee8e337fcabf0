import XCTest
import KineticCore
@testable import KineticApps

/// A mouse wheel's clicks and a trackpad's travel, as spokes of the costume wheel: a click is a spoke whatever size the
/// driver reports it, a trackpad turns one per whole unit of travel, a burst never more than six.
final class WheelScrollTurnTests: XCTestCase {
    private func event(_ dx: Double, _ dy: Double, precise: Bool) -> WheelEvent {
        WheelEvent(location: Point(x: 0, y: 0), delta: Vector(dx: dx, dy: dy), isPrecise: precise, timestamp: 0)
    }

    func testClicksAreSpokesTowardsThePersonForward() {
        var turn = WheelScrollTurn()
        XCTAssertEqual(turn.spokes(for: event(0, -1, precise: false)), 1)
        XCTAssertEqual(turn.spokes(for: event(0, 2, precise: false)), -2)
        XCTAssertEqual(turn.spokes(for: event(0, -0.25, precise: false)), 1, "a fine-grained wheel's quarter click is still a spoke")
        XCTAssertEqual(turn.spokes(for: event(1, 0, precise: false)), 1, "sideways (Shift): right is forward")
        XCTAssertEqual(turn.spokes(for: event(0, -500, precise: false)), 6, "a burst turns six at most")
        XCTAssertEqual(turn.spokes(for: event(0, .nan, precise: false)), 0)
    }

    func testATrackpadTurnsASpokePerUnitOfTravelKeepingTheRest() {
        var turn = WheelScrollTurn()
        XCTAssertEqual([0.4, 0.4, 0.4, 0.4, 0.4].map { turn.spokes(for: event(0, -$0, precise: true)) }, [0, 0, 1, 0, 1],
                       "0.4, 0.8, 1.2 (a spoke, 0.2 left), 0.6, 1.0 (a spoke)")
        XCTAssertEqual(turn.spokes(for: event(0, 0.5, precise: true)), 0)
        XCTAssertEqual(turn.spokes(for: event(0, 0.6, precise: true)), -1, "back: −1.1 from where it stood")
    }
}
