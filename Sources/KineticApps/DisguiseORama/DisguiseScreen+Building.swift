import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The layers, built once per launch of the sequence (and again by "Replay intro"), and each costume's bubble.
extension DisguiseScreen {
    /// Lays the launch screen out again, for the splash.
    func buildLayers() {
        for layer in root.sublayers { animator.stopAll(of: layer) }
        animator.stopAll(of: self)
        root.removeAllSublayers()
        views = [:]
        wheel = nil
        root.backgroundColor = DisguiseLayout.background
        buildSplash()
        buildWheelLayers()
        buildIntroPanels()
        buildTitles()
        banner.add(to: root, size: layout.size, zPosition: 7)
        banner.place(in: layout.size, width: 640)  // wide enough for the refresh message on one line
        placeBanner()
    }

    func image(_ name: String) -> LayerContents { .image(.file(Self.art.appendingPathComponent(name).path)) }

    private func buildSplash() {
        for (layer, frame, name) in [(splashDisguise, layout.splashDisguise, "splash-disguise.svg"), (splashO, layout.splashO, "splash-o.svg"),
                                     (splashRama, layout.splashRama, "splash-rama.svg")] {
            layer.frame = frame
            layer.contents = image(name)
            layer.scale = 1
            layer.opacity = 1
            layer.isHidden = false
            layer.zPosition = 1
            root.addSublayer(layer)
        }
        scotch.bounds = Rect(origin: .zero, size: layout.scotchInIntro.size)
        scotch.contents = image("scotch.svg")
        scotch.position = layout.scotchInSplash.center
        scotch.scale = layout.scotchInSplash.height / layout.scotchInIntro.height
        scotch.zPosition = 3
        scotch.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.tapScotch) }]
        scotch.cursor = .arrow  // a hand only while a costume is worn (see `follow`)
        root.addSublayer(scotch)
    }

    private func buildWheelLayers() {
        wheelLayer.frame = Rect(center: layout.wheelCenter, size: Size(width: layout.wheelRadius * 2, height: layout.wheelRadius * 2))
        wheelLayer.isUserInteractionEnabled = false
        wheelLayer.rotation = 0
        root.addSublayer(wheelLayer)
        bubbleLayer.frame = Rect(origin: .zero, size: layout.size)
        bubbleLayer.isUserInteractionEnabled = true
        bubbleLayer.zPosition = 2
        root.addSublayer(bubbleLayer)
        focusRing.bounds = Rect(origin: .zero, size: Size(width: layout.bubbleDiameter + 16, height: layout.bubbleDiameter + 16))
        focusRing.contents = .shape(ShapeContent(path: .circle, stroke: Color(red8: 0x3E, green8: 0x7C, blue8: 0xB1), lineWidth: 4))
        focusRing.isHidden = true
        focusRing.isUserInteractionEnabled = false
        focusRing.zPosition = 6
        root.addSublayer(focusRing)
    }

    private func buildTitles() {
        for (layer, frame, size, color) in [(titleLayer, layout.title, 34.0, DisguiseLayout.orange), (subtitleLayer, layout.subtitle, 16.0, Color.black)] {
            layer.frame = frame
            layer.contents = .text(TextContent("", bold: true, fontSize: size, color: color, alignment: .center, lineLimit: 2))
            layer.isHidden = true
            layer.isUserInteractionEnabled = false
            layer.zPosition = 4
            root.addSublayer(layer)
        }
    }

    /// Makes the layers and the body of every bubble the state has on the wheel but the stage has not yet; each
    /// starts at the centre, behind Scotch, and a soft spring carries it out to its spoke.
    func addBubbles() {
        guard let wheel else { return }
        for id in state.wheel where views[id] == nil {
            guard let costume = state.costume(id) else { continue }
            addBubble(for: costume, to: wheel)
        }
    }

    private func addBubble(for costume: Costume, to wheel: CostumeWheel) {
        let diameter = layout.bubbleDiameter, id = costume.id
        let bubble = Layer(identifier: "bubble.\(id)", frame: Rect(center: layout.wheelCenter, size: Size(width: diameter, height: diameter)))
        bubble.hitShape = .circle
        // A fallen bubble can be picked up and thrown (a drag); on the wheel the drag is the wheel's, so this one is
        // enabled only while a costume is worn (see `follow`).
        let pickUp = PanRecognizer { [weak self] in self?.handleFallenDrag($0, id: id) }
        pickUp.isEnabled = false
        bubble.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.tapBubble(id)) }, pickUp]
        let disc = Layer(frame: Rect(x: 0, y: 0, width: diameter, height: diameter).insetBy(dx: diameter * 0.05, dy: diameter * 0.05))
        disc.contents = .shape(ShapeContent(path: .circle, fill: Color.white.withAlpha(0.92)))
        disc.isUserInteractionEnabled = false
        let ring = Layer(identifier: "ring.\(id)", frame: Rect(x: 0, y: 0, width: diameter, height: diameter))
        ring.contents = image("ring.svg")
        ring.isUserInteractionEnabled = false
        let iconSide = diameter * 0.74
        let iconCentre = Point(x: diameter / 2 + costume.alignmentX * diameter, y: diameter / 2 + costume.alignmentY * diameter)
        let icon = Layer(identifier: "icon.\(id)", frame: Rect(center: iconCentre, size: Size(width: iconSide, height: iconSide)))
        icon.contents = .image(.file(costume.icon))
        icon.isUserInteractionEnabled = false
        bubble.addSublayer(disc)
        bubble.addSublayer(icon)
        bubble.addSublayer(ring)
        bubbleLayer.addSublayer(bubble)
        let worn = Layer(identifier: "costume.\(id)", frame: costume.displayFrame(onScotch: layout.scotchOnWheel))
        worn.contents = .image(.file(costume.worn))
        worn.opacity = 0
        worn.isHidden = true
        worn.zPosition = 3.5
        worn.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.tapCostume(id)) }]
        root.addSublayer(worn)
        views[id] = CostumeViews(costume: costume, bubble: bubble, disc: disc, ring: ring, icon: icon, worn: worn)
        do {
            try wheel.addBubble(id: id)
            if settings.reduceMotion, let body = wheel.bubble(id) {
                try body.item.setCenter(wheel.spokeEnd(body.spoke))
                bubble.opacity = 0
                animator.animate(bubble, \.opacity, to: 1, with: .tween(duration: fade))
            }
        } catch {
            bubble.removeFromSuperlayer()
            worn.removeFromSuperlayer()
            views[id] = nil
            send(.bubbleFailed(id, reason: "\(error)"))
        }
    }
}

extension DisguiseScreen {
    /// Costumes the server stopped offering leave the wheel: each bubble shrinks back behind Scotch, where new ones
    /// come from, and is gone; the others re-space round the wheel.
    func removeBubbles(_ ids: [String]) {
        for id in ids {
            guard let view = views.removeValue(forKey: id) else { continue }
            do { try wheel?.removeBubble(id: id) } catch { report(error, while: "taking a bubble off the wheel") }
            view.bubble.isUserInteractionEnabled = false
            let leave = Motion.tween(duration: settings.reduceMotion ? fade : 0.45, curve: .easeIn)
            if !settings.reduceMotion {
                animator.animate(view.bubble, \.position, to: layout.wheelCenter, with: leave)
                animator.animate(view.bubble, \.scale, to: 0.3, with: leave)
            }
            animator.animate(view.worn, \.opacity, to: 0, with: leave)
            animator.animate(view.bubble, \.opacity, to: 0, with: leave) { [weak bubble = view.bubble, weak worn = view.worn] _ in
                bubble?.removeFromSuperlayer()
                worn?.removeFromSuperlayer()
            }
        }
    }
}
