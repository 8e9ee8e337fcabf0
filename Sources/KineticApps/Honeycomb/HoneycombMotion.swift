import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// How every hexagon and panel layer of the Honeycomb moves: springs retargeted (never restarted), staggered moves
/// waiting their turn, fades, the pressed look, and the cross-fades that stand in for motion when motion is reduced.
///
/// One per screen, shared by its components, so a category's entrance, a cell's growth and the panel's slide all
/// read the same tuning and the same clock. The animator, the settings and the tuning are the screen's, looked up
/// when used: the components are made with the screen, before it is on a stage, and tuning changes live.
final class HoneycombMotion {
    private static func unconnected<T>() -> T { preconditionFailure("HoneycombMotion is used before its screen connected it") }
    private var animatorOf: () -> Animator = HoneycombMotion.unconnected
    private var reduceMotionOf: () -> Bool = HoneycombMotion.unconnected
    private var tuningOf: () -> HoneycombTuning = HoneycombMotion.unconnected
    /// The retargets waiting their turn in a stagger, on the screen's own clock.
    private var waiting = StaggeredMoves()

    /// Motion that can move nothing until the screen `connect`s it (the screen makes its components, this among
    /// them, before it can hand out itself).
    init() {}

    /// Looks the animator, the reduce-motion setting and the tuning up through these from now on.
    func connect(animator: @escaping () -> Animator, reduceMotion: @escaping () -> Bool, tuning: @escaping () -> HoneycombTuning) {
        animatorOf = animator
        reduceMotionOf = reduceMotion
        tuningOf = tuning
    }

    var animator: Animator { animatorOf() }
    var reduceMotion: Bool { reduceMotionOf() }
    var tuning: HoneycombTuning { tuningOf() }
    /// The hexagons' spring as they move and grow, a quick settle with a little overshoot (tuned: `morph.cellSpring`).
    var cellSpring: Motion { .spring(tuning.cellSpring) }
    /// Opacity never overshoots, so its spring is critically damped (tuned: `morph.fadeSpring`).
    private var fadeSpring: Motion { .spring(tuning.fadeSpring) }

    /// Whether a staggered move still waits its turn (a morph has not arrived, and the screen is not at rest).
    var hasWaitingMoves: Bool { !waiting.isEmpty }

    /// Moves the clock the staggered moves are timed by.
    func advance(by dt: Double) { waiting.time += dt }

    /// Carries out the staggered moves whose turn has come.
    func runDueMoves() {
        for move in waiting.takeDue() { move() }
    }

    /// Forgets the move waiting for the layer named `id`.
    func cancelWaitingMove(of id: String?) { waiting.cancel(id) }

    /// Retargets `view` after `delay` seconds (replacing any retarget still waiting for it).
    func schedule(_ view: HexCellView, after delay: Double, to target: CellTarget, spring: Spring? = nil) {
        let id = view.container.identifier
        waiting.cancel(id)
        guard delay > 0 else { return move(view, to: target, spring: spring) }
        waiting.add(after: delay, for: id ?? "") { [weak self, weak view] in
            guard let self, let view else { return }
            self.move(view, to: target, spring: spring)
        }
    }

    /// Whether the layer named `id` waits for its turn in a stagger.
    func isWaiting(_ id: String?) -> Bool { waiting.contains(id) }

    /// Springs a hexagon to `target` (with `spring`, or the tuned cell spring); with reduced motion it is put there at
    /// once and only fades.
    func move(_ view: HexCellView, to target: CellTarget, spring: Spring? = nil) {
        let layer = view.container
        waiting.cancel(layer.identifier)
        if reduceMotion {
            if target.opacity > 0 || layer.opacity <= 0.001 {
                let moved = layer.position.distance(to: target.centre) > 0.5
                animator.stop(layer, \.position)
                animator.stop(layer, \.scale)
                layer.position = target.centre
                layer.scale = target.scale
                if moved && target.opacity > 0 { layer.opacity = 0 }
            }
            fade(layer, to: target.opacity, duration: tuning.reducedMotionFade)
            return
        }
        let motion = spring.map { Motion.spring($0) } ?? cellSpring
        animateIfNeeded(layer, \.position, to: target.centre, with: motion)
        animateIfNeeded(layer, \.scale, to: target.scale, with: motion)
        animateIfNeeded(layer, \.opacity, to: target.opacity, with: fadeSpring)
    }

    /// Puts a hexagon at `target`'s place and size at once, with no spring (the stage was resized: the layout follows
    /// the window as it is dragged, and nothing flies across it); its opacity goes on fading there.
    func place(_ view: HexCellView, at target: CellTarget) {
        let layer = view.container
        waiting.cancel(layer.identifier)
        animator.stop(layer, \.position)
        animator.stop(layer, \.scale)
        layer.position = target.centre
        layer.scale = target.scale
        fade(layer, to: target.opacity)
    }

    /// Starts an animation only when the property is not already on its way to `target`, so a repeated sync
    /// never restarts a spring.
    func animateIfNeeded<Value: Animatable>(_ layer: Layer, _ keyPath: ReferenceWritableKeyPath<Layer, Value>, to target: Value, with motion: Motion) {
        if let current = animator.target(of: layer, keyPath) {
            if current == target { return }
        } else if layer[keyPath: keyPath] == target {
            return
        }
        animator.animate(layer, keyPath, to: target, with: motion)
    }

    /// Fades `layer` with the fade spring, or with reduced motion a short tween (`duration`, or the chrome's).
    func fade(_ layer: Layer, to opacity: Double, duration: Double? = nil) {
        if reduceMotion {
            let seconds = duration ?? tuning.reducedMotionChromeFade
            animateIfNeeded(layer, \.opacity, to: opacity, with: .tween(duration: seconds, curve: .easeInEaseOut))
        } else {
            animateIfNeeded(layer, \.opacity, to: opacity, with: fadeSpring)
        }
    }

    /// A hexagon being replaced fades where it is (no longer waiting for any move), then leaves the tree.
    func fadeAway(_ view: HexCellView) {
        let layer = view.container
        waiting.cancel(layer.identifier)
        animator.animate(layer, \.opacity, to: 0, with: .tween(duration: tuning.replaceFade)) { [weak layer] _ in layer?.removeFromSuperlayer() }
    }

    /// Takes a hexagon off the stage at once, with every animation and waiting move of its own.
    func remove(_ view: HexCellView) {
        for layer in [view.container, view.body, view.shade] { animator.stopAll(of: layer) }
        waiting.cancel(view.container.identifier)
        view.container.removeFromSuperlayer()
    }

    /// The small pop of a hexagon whose node just changed.
    func pop(_ view: HexCellView) {
        view.body.scale = 1.12
        animator.animate(view.body, \.scale, to: 1, with: .spring(tuning.updatePop))
    }

    /// Shows the pressed look while the finger is down on the hexagon (darker, pushed in), springing back after, and
    /// calls `onTap` for a tap.
    func attachPress(to view: HexCellView, onTap: @escaping () -> Void) {
        let press = PressRecognizer(contains: { [weak view] in view?.contains(screenPoint: $0) ?? false },
                                    onPressChange: { [weak self, weak view] pressed in
                                        guard let self, let view else { return }
                                        let spring = pressed ? self.tuning.pressDown : self.tuning.pressUp
                                        self.animator.animate(view.body, \.scale, to: pressed ? 0.92 : 1, with: .spring(spring))
                                        self.animator.animate(view.shade, \.opacity, to: pressed ? 1 : 0, with: .spring(self.tuning.pressShade))
                                    },
                                    handler: { _ in onTap() })
        view.container.gestureRecognizers = [press]
    }
}
