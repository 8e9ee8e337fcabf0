import KineticCatalog
import KineticCore
import KineticRuntime
import KineticScene

/// Choosing a costume and taking it off again (seed 000 (E), seed 001's selection and deselection).
extension DisguiseScreen {
    /// The ring grows off screen, the costume springs onto Scotch, every other bubble falls, and the titles
    /// slide in from the right.
    func select(_ id: String) {
        guard let view = views[id] else { return }
        let diagonal = (layout.size.width * layout.size.width + layout.size.height * layout.size.height).squareRoot()
        animator.animate(view.ring, \.scale, to: diagonal / layout.bubbleDiameter * 2.2, with: .tween(duration: motionTuning.selectRingGrow, curve: .easeIn))
        animator.animate(view.ring, \.opacity, to: 0, with: .tween(duration: motionTuning.selectRingGrow, curve: .easeIn))
        animator.animate(view.icon, \.opacity, to: 0, with: .tween(duration: motionTuning.selectFade))
        animator.animate(view.disc, \.opacity, to: 0, with: .tween(duration: motionTuning.selectFade))

        // The worn image starts where the icon is, at the icon's size, and springs to its place on Scotch.
        let worn = view.worn, target = view.costume.displayFrame(onScotch: layout.scotchOnWheel)
        worn.isHidden = false
        if !animator.isAnimating(worn, \.position) {
            worn.position = view.bubble.position
            worn.scale = view.icon.bounds.width / max(target.width, target.height)
        }
        animator.animate(worn, \.position, to: target.center, with: motion(motionTuning.selectCostumeSpring))
        animator.animate(worn, \.scale, to: 1, with: motion(motionTuning.selectCostumeSpring))
        animator.animate(worn, \.opacity, to: 1, with: .tween(duration: motionTuning.selectFade))

        if settings.reduceMotion {
            for other in state.wheel where other != id {
                if let bubble = views[other]?.bubble { animator.animate(bubble, \.opacity, to: 0, with: .tween(duration: fade)) }
            }
        } else if let wheel {
            do { try wheel.drop(except: id) } catch { report(error, while: "dropping the other bubbles") }
        }
        showTitles(for: view.costume)
    }

    /// The costume shrinks back into its bubble, the ring returns, the titles slide out to the left, and soft
    /// springs pull the fallen bubbles home.
    func deselect(_ id: String) {
        guard let view = views[id] else { return }
        animator.animate(view.ring, \.scale, to: 1, with: motion(motionTuning.deselectSpring))
        animator.animate(view.ring, \.opacity, to: 1, with: .tween(duration: motionTuning.deselectRingFade))
        animator.animate(view.icon, \.opacity, to: 1, with: .tween(duration: motionTuning.deselectIconFade, curve: .easeIn))
        animator.animate(view.disc, \.opacity, to: 1, with: .tween(duration: motionTuning.deselectIconFade, curve: .easeIn))
        let worn = view.worn
        let iconScale = view.icon.bounds.width / max(worn.bounds.width, worn.bounds.height)
        animator.animate(worn, \.position, to: view.bubble.position, with: motion(motionTuning.deselectSpring))
        animator.animate(worn, \.scale, to: iconScale, with: motion(motionTuning.deselectSpring))
        animator.animate(worn, \.opacity, to: 0, with: .tween(duration: motionTuning.deselectCostumeFade, curve: .easeIn)) { [weak worn] finished in
            if finished { worn?.isHidden = true }
        }
        if settings.reduceMotion {
            for other in state.wheel where other != id {
                if let bubble = views[other]?.bubble { animator.animate(bubble, \.opacity, to: 1, with: .tween(duration: fade)) }
            }
        }
        do { try wheel?.recall() } catch { report(error, while: "bringing the bubbles back") }
        hideTitles()
    }

    private func showTitles(for costume: Costume) {
        for (layer, text) in [(titleLayer, costume.title), (subtitleLayer, costume.description)] {
            if case .text(var content) = layer.contents {
                content.string = text
                layer.contents = .text(content)
            }
            layer.isHidden = false
            let shown = Point(x: layout.size.width / 2, y: layer.position.y)
            if settings.reduceMotion {
                layer.position = shown
                layer.opacity = 0
                animator.animate(layer, \.opacity, to: 1, with: .tween(duration: fade))
            } else {
                layer.opacity = 1
                // Seed 001: set x to the screen's width, then ease out to x = 0.
                layer.position.x = layout.size.width + layer.bounds.width / 2
                animator.animate(layer, \.position, to: shown, with: .tween(duration: motionTuning.selectTitleSlide, curve: .easeOut))
            }
        }
    }

    private func hideTitles() {
        for layer in [titleLayer, subtitleLayer] {
            let hide: (Bool) -> Void = { [weak layer] finished in if finished { layer?.isHidden = true } }
            if settings.reduceMotion {
                animator.animate(layer, \.opacity, to: 0, with: .tween(duration: fade), completion: hide)
            } else {
                // Seed 001: ease out until the right edge is at 0.
                animator.animate(layer, \.position, to: Point(x: -layer.bounds.width / 2, y: layer.position.y),
                                 with: .tween(duration: motionTuning.deselectTitleSlide, curve: .easeOut), completion: hide)
            }
        }
    }
}
