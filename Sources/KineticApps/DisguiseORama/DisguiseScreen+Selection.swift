import KineticData
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
        animator.animate(view.ring, \.opacity, to: 0, with: .tween(duration: motionTuning.selectRingGrow, curve: .easeIn)) { [weak self, weak bubble = view.bubble] finished in
            guard finished, self?.state.phase == .selected(id) else { return }
            bubble?.isHidden = true
        }
        animator.animate(view.icon, \.opacity, to: 0, with: .tween(duration: motionTuning.selectFade))
        animator.animate(view.disc, \.opacity, to: 0, with: .tween(duration: motionTuning.selectFade))
        // While worn, its bubble is out of reach: not drawn and never hit, so a tap where it was acts as a tap on empty
        // stage does anywhere else. (Its body stays on its spoke, in no collision, so it comes back where its spoke is.)
        view.bubble.isUserInteractionEnabled = false

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
        view.bubble.isUserInteractionEnabled = true
        view.bubble.isHidden = false
        // The ring comes home critically damped: a spring that swung past 1 would shrink it through its icon.
        var ringSpring = motionTuning.deselectSpring
        ringSpring.dampingRatio = max(ringSpring.dampingRatio, 1)
        animator.animate(view.ring, \.scale, to: 1, with: motion(ringSpring))
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
        layOutTitles(title: costume.title, subtitle: costume.description)
        for layer in [titleLayer, subtitleLayer] {
            // A slide out still under way (a quick choose after a deselect) must not carry the title in from the left.
            animator.stop(layer, \.position)
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

extension DisguiseScreen {
    /// The worn costume's title and description, each laid out from its measured text: wrapped to at most two lines
    /// (then an ellipsis), the description starting 6 pt under the title's last line, so however long the server's
    /// text is they never run into each other or reach down to Scotch.
    func layOutTitles(title: String, subtitle: String) {
        let measure = requiredStage.textInput.measure
        var top = layout.title.minY
        for (layer, text) in [(titleLayer, title), (subtitleLayer, subtitle)] {
            guard case .text(var content) = layer.contents else { continue }
            content.string = text
            content.lineLimit = 2
            let lineHeight = measure.caretRect(at: 0, in: content, width: layout.title.width).height
            let height = min(measure.size(of: content, width: layout.title.width).height, 2 * lineHeight) + 2
            layer.contents = .text(content)
            layer.bounds = Rect(x: 0, y: 0, width: layout.title.width, height: height)
            layer.position.y = top + height / 2
            top += height + 6
        }
    }
}
