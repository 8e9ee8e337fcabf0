import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// Touches and keys. Seed 001's rule for telling a tap from a swipe is the recognizers': a touch that moves less
/// than the tap's slop (10 pt) is a tap; one that moves further turns the wheel.
extension DisguiseScreen {
    /// What a tap at `point` (screen points) landed on.
    enum Target: Equatable {
        case bubble(String), scotch, costume(String), button, nothing
    }

    func target(at point: Point) -> Target {
        guard let hit = stage?.root.hitTest(point) ?? root.hitTest(point) else { return .nothing }
        for layer in hit.ancestry {
            guard let id = layer.identifier else { continue }
            if id.hasPrefix("bubble.") { return .bubble(String(id.dropFirst("bubble.".count))) }
            if id.hasPrefix("costume.") { return .costume(String(id.dropFirst("costume.".count))) }
            if id == "scotch" { return .scotch }
            if id == "intro.button" { return .button }
        }
        return .nothing
    }

    func handleTap(at point: Point) {
        let target = target(at: point)
        switch (phase, target) {
        case (.intro, .button):
            nextIntroPage()
        case (.wheel, .bubble(let id)), (.returning, .bubble(let id)):
            select(id)
        case (.selected, .bubble), (.selected, .scotch), (.selected, .costume):
            deselect()
        default:
            break
        }
    }

    /// The wheel turns with the finger about its centre; on release it keeps the finger's angular velocity.
    /// A drag starts only on the wheel, but a drag that started always ends, whatever happened meanwhile (a key
    /// may have chosen a costume): otherwise the wheel would stay held at the finger's last angle.
    func handlePan(_ pan: PanRecognizer) {
        guard let wheel else { return }
        let center = wheel.center
        switch pan.state {
        case .began:
            guard phase == .wheel || phase == .returning else { return }
            wheel.grab()
            panStart = (fingerAngle: (pan.location - center as Vector).angle, wheelAngle: wheel.angle)
        case .changed:
            guard let start = panStart else { return }
            let turned = remainder((pan.location - center as Vector).angle - start.fingerAngle, 2 * .pi)
            // Keep the turn continuous across the ±π seam by tracking whole turns.
            var unwrapped = turned
            while unwrapped - panLastTurn > .pi { unwrapped -= 2 * .pi }
            while unwrapped - panLastTurn < -.pi { unwrapped += 2 * .pi }
            panLastTurn = unwrapped
            wheel.drag(toAngle: start.wheelAngle + unwrapped)
        case .ended, .cancelled:
            guard panStart != nil else { return }
            // ω = (r × v) / |r|²: the finger's angular velocity about the centre.
            let r: Vector = pan.location - center
            let omega = r.length > 20 ? r.cross(pan.velocity) / (r.length * r.length) : 0
            do { try wheel.release(angularVelocity: pan.state == .ended ? omega : 0) } catch { report(error, while: "letting go of the wheel") }
            panStart = nil
            panLastTurn = 0
        default:
            break
        }
    }

    /// Keys: Enter/Space advance the intro; ←/→ spin; Tab moves the focus ring; Enter selects; Esc/Space deselect.
    func handleDisguiseKey(_ event: KeyEvent) -> Bool {
        switch (phase, event.key) {
        case (.intro, .enter), (.intro, .space):
            nextIntroPage()
        case (.selected, .escape), (.selected, .space):
            deselect()
        case (.wheel, .left), (.returning, .left):
            do { try wheel?.spin(by: -1.5) } catch { report(error, while: "spinning the wheel") }
        case (.wheel, .right), (.returning, .right):
            do { try wheel?.spin(by: 1.5) } catch { report(error, while: "spinning the wheel") }
        case (.wheel, .tab), (.returning, .tab):
            guard let count = wheel?.bubbles.count, count > 0 else { return false }
            let step = event.modifiers.contains(.shift) ? count - 1 : 1
            focusedIndex = focusedIndex.map { ($0 + step) % count } ?? 0
        case (.wheel, .enter), (.returning, .enter):
            guard let wheel, !wheel.bubbles.isEmpty else { return false }
            select(wheel.bubbles[min(focusedIndex ?? 0, wheel.bubbles.count - 1)].id)
        case (.splash, .enter), (.splash, .space):
            leaveSplash()
        default:
            return false
        }
        return true
    }
}
