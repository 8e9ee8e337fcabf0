import Foundation
import KineticCore

/// A finger turning the wheel about its centre (seed 001): the wheel follows it, and on release keeps the finger's
/// angular velocity. The recognizers tell a tap from a swipe: a touch that moves less than the tap's slop (10 pt) is
/// a tap on whatever it landed on; one that moves further turns the wheel.
struct WheelDrag {
    /// Where the drag began: the finger's angle about the centre and the wheel's angle then (radians).
    private(set) var start: (fingerAngle: Double, wheelAngle: Double)?
    /// The finger's turn so far (radians), unwrapped across the ±π seam.
    private var lastTurn = 0.0
    /// Where the finger is and how fast it moves (pt, pt/s), for the debug overlay.
    private(set) var lastDrag: (location: Point, velocity: Vector)?

    /// Follows `pan` on `wheel`. A drag starts only on a wheel that takes drags (`interactive`), but a drag that
    /// started always ends, whatever happened meanwhile (a key may have chosen a costume): otherwise the wheel would
    /// stay held at the finger's last angle.
    /// - Throws: what letting go of the wheel threw (the drag has ended all the same).
    mutating func follow(_ pan: PanRecognizer, on wheel: CostumeWheel, interactive: Bool) throws {
        let center = wheel.center
        switch pan.state {
        case .began:
            guard interactive else { return }
            wheel.grab()
            start = (fingerAngle: (pan.location - center as Vector).angle, wheelAngle: wheel.angle)
        case .changed:
            guard let start else { return }
            let turned = remainder((pan.location - center as Vector).angle - start.fingerAngle, 2 * .pi)
            // Keep the turn continuous across the ±π seam by tracking whole turns.
            var unwrapped = turned
            while unwrapped - lastTurn > .pi { unwrapped -= 2 * .pi }
            while unwrapped - lastTurn < -.pi { unwrapped += 2 * .pi }
            lastTurn = unwrapped
            wheel.drag(toAngle: start.wheelAngle + unwrapped)
            lastDrag = (pan.location, pan.velocity)
        case .ended, .cancelled:
            guard start != nil else { return }
            // ω = (r × v) / |r|²: the finger's angular velocity about the centre.
            let r: Vector = pan.location - center
            let omega = r.length > 20 ? r.cross(pan.velocity) / (r.length * r.length) : 0
            defer {
                start = nil
                lastTurn = 0
                lastDrag = nil
            }
            try wheel.release(angularVelocity: pan.state == .ended ? omega : 0)
        default:
            break
        }
    }
}
