import KineticCore
import KineticScene

/// The launch screen's wordmark around Scotch (seed 001): "Disguise" above the O, "Rama" under it. It leaves as the
/// intro comes (seed 000 (A)): "Disguise" off the top, "Rama" off the bottom, the O growing until it is off screen.
final class DisguiseSplash {
    private let disguise = Layer(identifier: "splash.disguise")
    private let o = Layer(identifier: "splash.o")
    private let rama = Layer(identifier: "splash.rama")
    private var wordmarks: [Layer] { [disguise, o, rama] }

    init() {
        for (layer, name) in [(disguise, "splash-disguise.svg"), (o, "splash-o.svg"), (rama, "splash-rama.svg")] {
            layer.contents = DisguiseArt.image(name)
            layer.zPosition = 1
        }
    }

    /// Puts the wordmark on `root`, whole and where `layout` has it: a launch, or "Replay intro".
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        for (layer, frame) in [(disguise, layout.splashDisguise), (o, layout.splashO), (rama, layout.splashRama)] {
            layer.frame = frame
            layer.scale = 1
            layer.opacity = 1
            layer.isHidden = false
            root.addSublayer(layer)
        }
    }

    /// The wordmark leaves with `slide` (it fades when motion is reduced) while Scotch moves on.
    func leave(with slide: Motion, _ moves: DisguiseMotion) {
        let animator = moves.animator, size = moves.layout.size
        if moves.reduceMotion {
            for layer in wordmarks { animator.animate(layer, \.opacity, to: 0, with: slide) }
            return
        }
        animator.animate(disguise, \.position, to: Point(x: disguise.position.x, y: -disguise.bounds.height), with: slide)
        animator.animate(rama, \.position, to: Point(x: rama.position.x, y: size.height + rama.bounds.height), with: slide)
        // Off screen: the ring's inner radius (150 of 400 units) must pass the screen's far corners.
        let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
        animator.animate(o, \.scale, to: diagonal / (o.bounds.width * 0.75) * 1.05, with: slide)
    }

    /// Gone: once it has left, or when the app is come back to (the wordmark is not shown again).
    func hide() {
        for layer in wordmarks { layer.isHidden = true }
    }
}
