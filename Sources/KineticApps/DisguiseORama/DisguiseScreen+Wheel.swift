import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// The wheel's physics on stage: building it, stepping it, turning it with a finger, and the keyboard's focus ring.
/// Seed 001's rule for telling a tap from a swipe is the recognizers': a touch that moves less than the tap's slop
/// (10 pt) is a tap on whatever it landed on; one that moves further turns the wheel.
extension DisguiseScreen {
    /// The wheel is built and every costume's bubble springs out from behind Scotch to its spoke.
    func enterWheel() {
        do {
            let built = try CostumeWheel(center: layout.wheelCenter, radius: layout.wheelRadius, bubbleRadius: layout.bubbleDiameter / 2,
                                         bounds: Rect(origin: .zero, size: layout.size))
            try built.apply(motionTuning.wheel)
            built.onError = { [weak self] error in self?.report(error, while: "moving the wheel") }
            wheel = built
            addBubbles()
        } catch {
            wheel = nil
            send(.wheelFailed("\(error)"))
        }
    }

    /// One step of the physics; the bubbles' layers follow their bodies.
    func stepWheel(dt: Double) {
        guard let wheel else { return }
        wheel.step(dt: dt)
        wheelLayer.rotation = wheel.angle
        for bubble in wheel.bubbles { views[bubble.id]?.bubble.position = bubble.item.center }
    }

    /// The wheel turns with the finger about its centre; on release it keeps the finger's angular velocity.
    /// A drag starts only on the wheel, but a drag that started always ends, whatever happened meanwhile (a key
    /// may have chosen a costume): otherwise the wheel would stay held at the finger's last angle.
    func handlePan(_ pan: PanRecognizer) {
        guard let wheel else { return }
        let center = wheel.center
        switch pan.state {
        case .began:
            guard state.wheelIsInteractive else { return }
            wheel.grab()
            viewState.panStart = (fingerAngle: (pan.location - center as Vector).angle, wheelAngle: wheel.angle)
        case .changed:
            guard let start = viewState.panStart else { return }
            let turned = remainder((pan.location - center as Vector).angle - start.fingerAngle, 2 * .pi)
            // Keep the turn continuous across the ±π seam by tracking whole turns.
            var unwrapped = turned
            while unwrapped - viewState.panLastTurn > .pi { unwrapped -= 2 * .pi }
            while unwrapped - viewState.panLastTurn < -.pi { unwrapped += 2 * .pi }
            viewState.panLastTurn = unwrapped
            wheel.drag(toAngle: start.wheelAngle + unwrapped)
            viewState.lastDrag = (pan.location, pan.velocity)
        case .ended, .cancelled:
            guard viewState.panStart != nil else { return }
            // ω = (r × v) / |r|²: the finger's angular velocity about the centre.
            let r: Vector = pan.location - center
            let omega = r.length > 20 ? r.cross(pan.velocity) / (r.length * r.length) : 0
            do { try wheel.release(angularVelocity: pan.state == .ended ? omega : 0) } catch { report(error, while: "letting go of the wheel") }
            viewState.panStart = nil
            viewState.panLastTurn = 0
            viewState.lastDrag = nil
        default:
            break
        }
    }

    /// A fallen bubble in the finger: it follows on a stiff spring, pushing the others, and flies on when let go.
    func handleFallenDrag(_ pan: PanRecognizer, id: String) {
        guard let wheel else { return }
        do {
            switch pan.state {
            case .began: try wheel.grabFallen(id, at: pan.location)
            case .changed: try wheel.moveFallen(to: pan.location)
            case .ended, .cancelled: try wheel.releaseFallen()
            default: break
            }
        } catch {
            report(error, while: "moving a fallen bubble")
        }
    }

    /// Fallen bubbles take drags while a costume is worn; on the wheel, drags turn the wheel.
    func enableFallenDrags() {
        let fallen: Bool
        if case .selected = state.phase { fallen = !settings.reduceMotion } else { fallen = false }
        for view in views.values {
            for case let pan as PanRecognizer in view.bubble.gestureRecognizers { pan.isEnabled = fallen }
        }
    }

    /// The focus ring sits on the focused bubble while the wheel is whole.
    func showFocus() {
        guard let index = state.focusedIndex, state.wheel.indices.contains(index), let view = views[state.wheel[index]] else {
            focusRing.isHidden = true
            return
        }
        focusRing.position = view.bubble.position
        focusRing.isHidden = !state.wheelIsInteractive
    }
}
