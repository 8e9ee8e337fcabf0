import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// One costume on the wheel: its bubble (a white disc, the icon and the ring) and the image Scotch wears. A tap on
/// the bubble chooses it, a tap on the worn image takes it off, and while a costume is worn a drag picks the fallen
/// bubble up (the wheel's physics moves it: `pickUp`).
final class CostumeBubble {
    let costume: Costume
    /// The bubble, on the wheel's bubble layer; its position is its body's.
    let bubble: Layer
    private let disc: Layer
    private let ring: Layer
    private let icon: Layer
    /// The image Scotch wears, on the stage's root, over Scotch.
    let worn: Layer
    private let send: (DisguiseAction) -> Void

    /// The layers of `costume`'s bubble, at the wheel's centre, and of its worn image, hidden, on Scotch.
    /// - Parameters:
    ///   - send: where taps go (`.tapBubble`, `.tapCostume`).
    ///   - pickUp: follows a drag of the bubble while it has fallen.
    init(costume: Costume, layout: DisguiseLayout, send: @escaping (DisguiseAction) -> Void, pickUp: @escaping (PanRecognizer) -> Void) {
        self.costume = costume
        self.send = send
        let diameter = layout.bubbleDiameter, id = costume.id
        let bubble = Layer(identifier: "bubble.\(id)", frame: Rect(center: layout.wheelCenter, size: Size(width: diameter, height: diameter)))
        bubble.focusRingPath = .circle
        // The bubble's own rim is the accent's orange: an ink ring stands apart from it (issue #58, item 5).
        bubble.focusRingColor = Palette.ink
        bubble.hitShape = .circle
        // A fallen bubble can be picked up and thrown (a drag); on the wheel the drag is the wheel's, so this one is
        // enabled only while a costume is worn (see `takeDrags`).
        let drag = PanRecognizer(handler: pickUp)
        drag.isEnabled = false
        bubble.gestureRecognizers = [TapRecognizer { _ in send(.tapBubble(id)) }, drag]
        let disc = Layer(frame: Rect(x: 0, y: 0, width: diameter, height: diameter).insetBy(dx: diameter * 0.05, dy: diameter * 0.05))
        disc.contents = .shape(ShapeContent(path: .circle, fill: Color.white.withAlpha(0.92)))
        disc.isUserInteractionEnabled = false
        let ring = Layer(identifier: "ring.\(id)", frame: Rect(x: 0, y: 0, width: diameter, height: diameter))
        ring.contents = DisguiseArt.image("ring.svg")
        ring.isUserInteractionEnabled = false
        let iconSide = diameter * 0.74
        let iconCentre = Point(x: diameter / 2 + costume.alignmentX * diameter, y: diameter / 2 + costume.alignmentY * diameter)
        let icon = Layer(identifier: "icon.\(id)", frame: Rect(center: iconCentre, size: Size(width: iconSide, height: iconSide)))
        icon.contents = .image(.file(costume.icon))
        icon.isUserInteractionEnabled = false
        bubble.addSublayer(disc)
        bubble.addSublayer(icon)
        bubble.addSublayer(ring)
        let worn = Layer(identifier: "costume.\(id)", frame: costume.displayFrame(onScotch: layout.scotchOnWheel))
        worn.contents = .image(.file(costume.worn))
        worn.opacity = 0
        worn.isHidden = true
        worn.zPosition = 3.5
        worn.gestureRecognizers = [TapRecognizer { _ in send(.tapCostume(id)) }]
        (self.bubble, self.disc, self.ring, self.icon, self.worn) = (bubble, disc, ring, icon, worn)
    }

    /// Whether a drag picks the bubble up (while a costume is worn and the others have fallen).
    func takeDrags(_ fallen: Bool) {
        for case let pan as PanRecognizer in bubble.gestureRecognizers { pan.isEnabled = fallen }
    }

    /// Chosen: the ring grows off screen (and the bubble hides once it has, if `stillWorn`), and the worn image
    /// springs from the icon onto Scotch.
    func select(_ moves: DisguiseMotion, stillWorn: @escaping () -> Bool) {
        let layout = moves.layout, tuning = moves.tuning, animator = moves.animator
        let diagonal = (layout.size.width * layout.size.width + layout.size.height * layout.size.height).squareRoot()
        animator.animate(ring, \.scale, to: diagonal / layout.bubbleDiameter * 2.2, with: .tween(duration: tuning.selectRingGrow, curve: .easeIn))
        animator.animate(ring, \.opacity, to: 0, with: .tween(duration: tuning.selectRingGrow, curve: .easeIn)) { [weak bubble] finished in
            guard finished, stillWorn() else { return }
            bubble?.isHidden = true
        }
        animator.animate(icon, \.opacity, to: 0, with: .tween(duration: tuning.selectFade))
        animator.animate(disc, \.opacity, to: 0, with: .tween(duration: tuning.selectFade))
        // While worn, its bubble is out of reach: not drawn and never hit, so a tap where it was acts as a tap on empty
        // stage does anywhere else. (Its body stays on its spoke, in no collision, so it comes back where its spoke is.)
        bubble.isUserInteractionEnabled = false

        // The worn image starts where the icon is, at the icon's size, and springs to its place on Scotch.
        let target = costume.displayFrame(onScotch: layout.scotchOnWheel)
        worn.isHidden = false
        if !animator.isAnimating(worn, \.position) {
            worn.position = bubble.position
            worn.scale = icon.bounds.width / max(target.width, target.height)
        }
        animator.animate(worn, \.position, to: target.center, with: moves.motion(tuning.selectCostumeSpring))
        animator.animate(worn, \.scale, to: 1, with: moves.motion(tuning.selectCostumeSpring))
        animator.animate(worn, \.opacity, to: 1, with: .tween(duration: tuning.selectFade))
    }

    /// Worn already (the screen was laid out again at a new size): the bubble hidden and out of reach, the costume on
    /// Scotch, with nothing moving.
    func showWorn(_ layout: DisguiseLayout) {
        bubble.isHidden = true
        bubble.isUserInteractionEnabled = false
        ring.opacity = 0
        icon.opacity = 0
        disc.opacity = 0
        worn.isHidden = false
        worn.frame = costume.displayFrame(onScotch: layout.scotchOnWheel)
        worn.scale = 1
        worn.opacity = 1
    }

    /// Taken off: the costume shrinks back into the bubble, and the ring, icon and disc return.
    func deselect(_ moves: DisguiseMotion) {
        let tuning = moves.tuning, animator = moves.animator
        bubble.isUserInteractionEnabled = true
        bubble.isHidden = false
        // The ring comes home critically damped: a spring that swung past 1 would shrink it through its icon.
        var ringSpring = tuning.deselectSpring
        ringSpring.dampingRatio = max(ringSpring.dampingRatio, 1)
        animator.animate(ring, \.scale, to: 1, with: moves.motion(ringSpring))
        animator.animate(ring, \.opacity, to: 1, with: .tween(duration: tuning.deselectRingFade))
        animator.animate(icon, \.opacity, to: 1, with: .tween(duration: tuning.deselectIconFade, curve: .easeIn))
        animator.animate(disc, \.opacity, to: 1, with: .tween(duration: tuning.deselectIconFade, curve: .easeIn))
        let iconScale = icon.bounds.width / max(worn.bounds.width, worn.bounds.height)
        animator.animate(worn, \.position, to: bubble.position, with: moves.motion(tuning.deselectSpring))
        animator.animate(worn, \.scale, to: iconScale, with: moves.motion(tuning.deselectSpring))
        animator.animate(worn, \.opacity, to: 0, with: .tween(duration: tuning.deselectCostumeFade, curve: .easeIn)) { [weak worn] finished in
            if finished { worn?.isHidden = true }
        }
    }

    /// Fades the bubble to `opacity`: what falling and coming home are when motion is reduced.
    func fade(to opacity: Double, _ moves: DisguiseMotion) {
        moves.animator.animate(bubble, \.opacity, to: opacity, with: .tween(duration: moves.fade))
    }

    /// No longer offered: the bubble shrinks back behind Scotch (fades when motion is reduced), the worn image fades,
    /// and both leave the stage.
    func leave(_ moves: DisguiseMotion) {
        bubble.isUserInteractionEnabled = false
        let leave = Motion.tween(duration: moves.reduceMotion ? moves.fade : 0.45, curve: .easeIn)
        if !moves.reduceMotion {
            moves.animator.animate(bubble, \.position, to: moves.layout.wheelCenter, with: leave)
            moves.animator.animate(bubble, \.scale, to: 0.3, with: leave)
        }
        moves.animator.animate(worn, \.opacity, to: 0, with: leave)
        moves.animator.animate(bubble, \.opacity, to: 0, with: leave) { [weak bubble, weak worn] _ in
            bubble?.removeFromSuperlayer()
            worn?.removeFromSuperlayer()
        }
    }

    /// The bubble to a screen reader: an item of the costume list named by title, with Choose and (when worn) Take
    /// off, the same actions a tap sends.
    func describe(worn isWorn: Bool, _ texts: Localization) {
        let send = self.send, id = costume.id
        // `focused` is the stage's keyboard focus's to set: it follows the wheel's focused bubble.
        var states: Accessibility.States = [.focusable, .selectable]
        if isWorn { states.insert(.selected) }
        var actions = [Accessibility.Action("Choose") { send(.tapBubble(id)) }]
        if isWorn { actions.append(.init("Take off") { send(.tapCostume(id)) }) }
        bubble.accessibility = Accessibility(role: .listItem, name: costume.title, description: costume.description,
                                             states: states, actions: actions)
        bubble.accessibility?.isOfferedWhenHidden = isWorn  // hidden because Scotch wears it: still in the list
        // The costume on Scotch is a button while worn: a tap on it takes it off, and so do Enter and Space.
        worn.accessibility = isWorn ? Accessibility(role: .button, name: texts(DisguiseText.takeOff, ["costume": costume.title]), actions: [.init("press") { send(.tapCostume(id)) }]) : nil
    }
}
