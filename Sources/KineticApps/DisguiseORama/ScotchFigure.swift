import KineticRuntime
import KineticCore
import KineticScene

/// Scotch: one layer on stage from the splash to the wheel, so every hand-over is seamless; it only moves and
/// scales. Its size is the intro's, scaled for the splash and the wheel. A tap on him takes a costume off.
final class ScotchFigure {
    /// His layer (a button while he wears a costume: a press takes it off).
    let layer = Layer(identifier: "scotch")
    private let send: (DisguiseAction) -> Void

    /// - Parameter send: where a tap on Scotch goes (`.tapScotch`).
    /// The run's texts (set by the screen).
    var texts = Localization.english

    init(send: @escaping (DisguiseAction) -> Void) {
        self.send = send
        layer.contents = DisguiseArt.image("scotch.svg")
        layer.hitShape = .outline(Self.silhouette)
        layer.zPosition = 3
        layer.gestureRecognizers = [TapRecognizer { _ in send(.tapScotch) }]
    }

    /// Scotch's outline, traced round `scotch.svg` (200 × 300: his head a circle of 68 round (100, 95) with the ears
    /// at 21 and 179, the body from 54 to 146 between y 142 and 272, the arms out to 33 and 167, the feet down to 288),
    /// in the unit square of his layer: a click or the pointer lands on him, not the empty corners of his box.
    static let silhouette: [Point] = [
        (100, 27), (134, 36), (159, 61), (166, 84), (179, 92), (179, 110), (163, 118), (150, 138), (146, 160),
        (160, 178), (168, 205), (167, 242), (150, 246), (146, 272), (136, 290), (64, 290), (54, 272), (50, 246),
        (33, 242), (32, 205), (40, 178), (54, 160), (50, 138), (37, 118), (21, 110), (21, 92), (34, 84), (41, 61), (66, 36),
    ].map { Point(x: $0.0 / 200, y: $0.1 / 300) }

    /// Scotch at his splash place, on `root`.
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        layer.bounds = Rect(origin: .zero, size: layout.scotchInIntro.size)
        layer.position = layout.scotchInSplash.center
        layer.scale = layout.scotchInSplash.height / layout.scotchInIntro.height
        layer.cursor = .arrow  // a hand only while a costume is worn (see `showCursor`)
        root.addSublayer(layer)
    }

    /// Scotch moves to `target` (one of his places in `DisguiseLayout`) with `motion`; `completion` is the scale's.
    func move(to target: Rect, with motion: Motion, _ moves: DisguiseMotion, completion: ((Bool) -> Void)? = nil) {
        moves.animator.animate(layer, \.position, to: target.center, with: motion)
        moves.animator.animate(layer, \.scale, to: target.height / moves.layout.scotchInIntro.height, with: motion, completion: completion)
    }

    /// Scotch stands at `target` at once (coming back to the app).
    func place(at target: Rect, _ layout: DisguiseLayout) {
        layer.position = target.center
        layer.scale = target.height / layout.scotchInIntro.height
    }

    /// Scotch takes a click only to take a costume off: no hand and no hover shade over him otherwise.
    func showCursor(for phase: DisguiseState.Phase) {
        if case .selected = phase { layer.cursor = nil } else { layer.cursor = .arrow }
    }

    /// Scotch to a screen reader: an image named with what he wears; while he wears something, a button that takes it
    /// off (a picture that does something when pressed is a button, to a screen reader and to the keyboard's Tab).
    func describe(_ state: DisguiseState) {
        let worn: String? = { if case .selected(let id) = state.phase { return id } else { return nil } }()
        let send = self.send
        layer.accessibility = Accessibility(role: worn == nil ? .image : .button, name: worn.flatMap { state.costume($0)?.title }.map { texts(DisguiseText.scotchWearing, ["costume": $0]) } ?? texts(DisguiseText.scotch),
                                            actions: worn == nil ? [] : [.init("Take off") { send(.tapScotch) }])
    }
}
