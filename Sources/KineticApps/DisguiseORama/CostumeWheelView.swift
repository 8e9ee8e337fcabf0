import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The wheel of costume bubbles around Scotch: its physics (`CostumeWheel`, while the wheel is on stage), a bubble
/// per costume on it (`CostumeBubble`), the finger turning it (`WheelDrag`) and the keyboard's focus ring. It takes
/// the state in (`show`), moves as the state changes (choosing, taking off, arrivals, departures, an arrow key's
/// turn), and reports taps and failures through `send`.
final class CostumeWheelView {
    /// The wheel's rotation is the physics' angle (its layer is the wheel's identity in dumps).
    private let wheelLayer = Layer(identifier: "wheel")
    private let bubbleLayer = Layer(identifier: "bubbles")
    private var bubbles: [String: CostumeBubble] = [:]
    /// The wheel's physics, while the wheel is on stage.
    private(set) var physics: CostumeWheel?
    /// The finger on the wheel.
    private(set) var drag = WheelDrag()
    /// A mouse wheel's clicks and a trackpad's travel, in spokes.
    private var scrollTurn = WheelScrollTurn()
    /// The state as last shown: its phase, focus and worn costume are what input and the keyboard focus go by.
    private var shown = DisguiseState(costumes: [])
    /// Where the worn images go: the stage's root, over Scotch.
    private weak var root: Layer?
    private let send: (DisguiseAction) -> Void

    /// - Parameter send: where taps, and failures of the physics, go.
    /// The run's texts (set by the screen before it lays the wheel out).
    var texts = Localization.english

    init(send: @escaping (DisguiseAction) -> Void) {
        self.send = send
        wheelLayer.isUserInteractionEnabled = false
        bubbleLayer.isUserInteractionEnabled = true
        bubbleLayer.zPosition = 2
    }

    /// No wheel yet: its layers on `root`, with no bubble and no physics.
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        self.root = root
        // A launch again (Replay intro): the last launch's bubbles go with their layers, so no frozen wheel is left over
        // the splash and the new one.
        for view in bubbles.values { view.bubble.removeFromSuperlayer(); view.worn.removeFromSuperlayer() }
        bubbleLayer.removeAllSublayers()
        bubbles = [:]
        physics = nil
        wheelLayer.frame = Rect(center: layout.wheelCenter, size: Size(width: layout.wheelRadius * 2, height: layout.wheelRadius * 2))
        wheelLayer.rotation = 0
        root.addSublayer(wheelLayer)
        bubbleLayer.frame = Rect(origin: .zero, size: layout.size)
        root.addSublayer(bubbleLayer)
    }

    /// The wheel is built and every costume's bubble springs out from behind Scotch to its spoke; a wheel that
    /// cannot be built is `.wheelFailed`.
    func enter(_ state: DisguiseState, _ moves: DisguiseMotion) {
        let layout = moves.layout
        do {
            let built = try CostumeWheel(center: layout.wheelCenter, radius: layout.wheelRadius, bubbleRadius: layout.bubbleDiameter / 2,
                                         bounds: Rect(origin: .zero, size: layout.size))
            try built.apply(moves.tuning.wheel)
            built.onError = { [weak self] error in self?.fail("moving the wheel", error) }
            physics = built
            addBubbles(state, moves)
        } catch {
            physics = nil
            send(.wheelFailed("\(error)"))
        }
    }

    /// The wheel made anew at `moves`' layout (the stage was resized), turned as the old one was, with every bubble
    /// already on its spoke.
    func rebuild(_ state: DisguiseState, _ moves: DisguiseMotion, angle: Double) {
        enter(state, moves)
        guard let physics else { return }
        do { try physics.settle(at: angle) } catch { fail("laying the wheel out again", error) }
        for view in bubbles.values { view.bubble.opacity = 1 }
        followBodies(of: physics)
    }

    /// The wheel made anew with `id` worn (the stage was resized): the costume on Scotch at once, and the other bubbles
    /// fallen where they lay, carried over from the old stage (`fallen`, by id) by the layout's proportions.
    /// - Returns: the costume worn, or `nil` when it has no bubble.
    func rebuildWearing(_ id: String, _ state: DisguiseState, _ moves: DisguiseMotion, angle: Double, fallen: [String: Point]) -> Costume? {
        rebuild(state, moves, angle: angle)
        guard let view = bubbles[id], let physics else { return nil }
        view.showWorn(moves.layout)
        if moves.reduceMotion {
            for other in state.wheel where other != id { bubbles[other]?.bubble.opacity = 0 }
            return view.costume
        }
        do {
            try physics.drop(except: id)
            for body in physics.bubbles where body.id != id {
                if let place = fallen[body.id] { try body.item.setCenter(place) }
            }
        } catch {
            fail("dropping the other bubbles", error)
        }
        followBodies(of: physics)
        return view.costume
    }

    /// Where each bubble's body is now, by costume id (for a rebuild to carry the fallen ones over).
    var bodyCentres: [String: Point] {
        Dictionary(physics?.bubbles.map { ($0.id, $0.item.center) } ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// Makes the layers and the body of every bubble the state has on the wheel but the stage has not yet; each
    /// starts at the centre, behind Scotch, and a soft spring carries it out to its spoke.
    func addBubbles(_ state: DisguiseState, _ moves: DisguiseMotion) {
        guard let physics, let root else { return }
        for id in state.wheel where bubbles[id] == nil {
            guard let costume = state.costume(id) else { continue }
            let view = CostumeBubble(costume: costume, layout: moves.layout, send: send) { [weak self] in self?.dragFallen($0, id: id) }
            bubbleLayer.addSublayer(view.bubble)
            root.addSublayer(view.worn)
            bubbles[id] = view
            do {
                try physics.addBubble(id: id)
                if moves.reduceMotion, let body = physics.bubble(id) {
                    try body.item.setCenter(physics.spokeEnd(body.spoke))
                    view.bubble.opacity = 0
                    view.fade(to: 1, moves)
                }
            } catch {
                view.bubble.removeFromSuperlayer()
                view.worn.removeFromSuperlayer()
                bubbles[id] = nil
                send(.bubbleFailed(id, reason: "\(error)"))
            }
        }
    }

    /// Costumes the server stopped offering leave the wheel: each bubble shrinks back behind Scotch, where new ones
    /// come from, and is gone; the others re-space round the wheel.
    func removeBubbles(_ ids: [String], _ moves: DisguiseMotion) {
        for id in ids {
            guard let view = bubbles.removeValue(forKey: id) else { continue }
            do { try physics?.removeBubble(id: id) } catch { fail("taking a bubble off the wheel", error) }
            view.leave(moves)
        }
    }

    /// One step of the physics; the bubbles' layers follow their bodies.
    func step(dt: Double) {
        guard let physics else { return }
        physics.step(dt: dt)
        followBodies(of: physics)
    }

    /// The wheel's and the bubbles' layers where their bodies are.
    private func followBodies(of physics: CostumeWheel) {
        wheelLayer.rotation = physics.angle
        for bubble in physics.bubbles { bubbles[bubble.id]?.bubble.position = bubble.item.center }
    }

    /// A drag anywhere on the stage turns the wheel (see `WheelDrag`).
    func dragWheel(_ pan: PanRecognizer) {
        guard let physics else { return }
        do { try drag.follow(pan, on: physics, interactive: shown.wheelIsInteractive) } catch { fail("letting go of the wheel", error) }
    }

    /// A mouse wheel or trackpad over the stage turns the wheel a spoke at a time, as ← and → do (the rules ignore
    /// it where the wheel does not turn); returns whether the scroll was the wheel's.
    func scrolled(_ event: WheelEvent, spin: Double) -> Bool {
        guard shown.wheelIsInteractive else { return false }
        let spokes = scrollTurn.spokes(for: event)
        for _ in 0..<abs(spokes) { send(.key(spokes > 0 ? .right : .left, spin: spin)) }
        return true
    }

    /// A fallen bubble in the finger: it follows on a stiff spring, pushing the others, and flies on when let go.
    private func dragFallen(_ pan: PanRecognizer, id: String) {
        guard let physics else { return }
        do {
            switch pan.state {
            case .began: try physics.grabFallen(id, at: pan.location)
            case .changed: try physics.moveFallen(to: pan.location)
            case .ended, .cancelled: try physics.releaseFallen()
            default: break
            }
        } catch {
            fail("moving a fallen bubble", error)
        }
    }

    /// The phase changed: a fallen bubble held when the costume came off is let go, and fallen bubbles take drags
    /// only while a costume is worn (on the wheel, drags turn the wheel).
    func changePhase(from before: DisguiseState.Phase, to phase: DisguiseState.Phase, reduceMotion: Bool) {
        if case .selected = before, let physics { do { try physics.releaseFallen() } catch { fail("letting go of a bubble", error) } }
        let fallen: Bool
        if case .selected = phase { fallen = !reduceMotion } else { fallen = false }
        for view in bubbles.values { view.takeDrags(fallen) }
    }

    /// An arrow key's turn: by whole spokes, coming to rest on one.
    func turn(_ turn: DisguiseState.WheelTurn) {
        do { try physics?.turn(bySpokes: turn.spokes, speed: turn.speed, held: turn.held) } catch { fail("turning the wheel", error) }
    }

    /// Applies the tuning's physics to the wheel on stage.
    func apply(_ tuning: DisguiseTuning) {
        do { try physics?.apply(tuning.wheel) } catch { fail("tuning the wheel", error) }
    }

    /// Chooses `id` among the bubbles on `wheel`: its bubble dresses Scotch and every other bubble falls (fades when
    /// motion is reduced).
    /// - Returns: the costume chosen, or `nil` when it has no bubble.
    func select(_ id: String, among wheel: [String], _ moves: DisguiseMotion) -> Costume? {
        guard let view = bubbles[id] else { return nil }
        view.select(moves) { [weak self] in self?.shown.phase == .selected(id) }
        if moves.reduceMotion {
            for other in wheel where other != id { bubbles[other]?.fade(to: 0, moves) }
        } else if let physics {
            do { try physics.drop(except: id) } catch { fail("dropping the other bubbles", error) }
        }
        return view.costume
    }

    /// Takes `id` off: soft springs pull the fallen bubbles home (they fade back when motion is reduced).
    /// - Returns: whether it had a bubble.
    func deselect(_ id: String, among wheel: [String], _ moves: DisguiseMotion) -> Bool {
        guard let view = bubbles[id] else { return false }
        view.deselect(moves)
        if moves.reduceMotion {
            for other in wheel where other != id { bubbles[other]?.fade(to: 1, moves) }
        }
        do { try physics?.recall() } catch { fail("bringing the bubbles back", error) }
        return true
    }

    /// The bubble of the costume `index` places on the wheel (0: the first), while the wheel is whole and it is there.
    func bubble(at index: Int) -> Layer? {
        guard shown.wheelIsInteractive, shown.wheel.indices.contains(index) else { return nil }
        return bubbles[shown.wheel[index]]?.bubble
    }

    /// Costume `id`'s bubble, and its costume on Scotch (a "Take off" button while worn), while the wheel has it.
    func layers(of id: String) -> (bubble: Layer, worn: Layer)? {
        bubbles[id].map { ($0.bubble, $0.worn) }
    }

    /// The costume whose bubble is `layer`, if it is one.
    func costume(inBubble layer: Layer?) -> String? {
        guard let layer else { return nil }
        return bubbles.first { $0.value.bubble === layer }?.key
    }

    /// Takes the state in, and the wheel to a screen reader: a list of costumes named by title, the one Scotch wears
    /// selected.
    func show(_ state: DisguiseState) {
        shown = state
        let worn: String? = { if case .selected(let id) = state.phase { return id } else { return nil } }()
        bubbleLayer.accessibility = Accessibility(role: .list, name: texts(DisguiseText.costumes))
        for id in state.wheel where state.costume(id) != nil { bubbles[id]?.describe(worn: id == worn, texts) }
    }

    /// A failure of the physics while `doing` something goes to the rules, which say what is logged and shown.
    private func fail(_ doing: String, _ error: Error) {
        send(.wheelMotionFailed(while: doing, error: "\(error)"))
    }
}
