import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// Moving the layers to where the state says they belong.
extension HoneycombScreen {
    /// The hexagons' spring as they move and grow, a quick settle with a little overshoot (tuned: `morph.cellSpring`).
    var cellSpring: Motion { .spring(motionTuning.cellSpring) }
    /// Opacity never overshoots, so its spring is critically damped (tuned: `morph.fadeSpring`).
    var fadeSpring: Motion { .spring(motionTuning.fadeSpring) }
    /// How long the cells' growth is spread over, from the nearest to the farthest from the origin (`morph.stagger`).
    var stagger: Double { motionTuning.morphStagger }

    /// Where every layer belongs in the current state, worked out once per state: a morph asks every frame whether
    /// it has arrived, and working the layouts out anew each time would allocate on every frame.
    var targets: HoneycombTargets {
        if let known = targetsOfState, known.state == state { return known.targets }
        let targets = HoneycombTargets(state: state)
        targetsOfState = (state, targets)
        return targets
    }

    /// Moves every layer towards the targets of the current state.
    func sync(from previous: HoneycombState? = nil) {
        let targets = self.targets
        // Cells grow out staggered only as a morph into a grid begins.
        var entering = false
        if case .morph(_, true) = state.phase { entering = previous?.phase != state.phase }
        if state.shownCategory != nil {
            let fromOtherGrid = previous.map { $0.shownCategory != nil && $0.shownCategory?.id != state.shownCategory?.id } ?? false
            if fromOtherGrid { fadeOutCells() }
            ensureCellViews(origin: fromOtherGrid ? geometry.gridArea.center : targets.origin)
        }
        // In the state's order, so that animations start in the same order in every process.
        for category in state.categories {
            guard let view = categoryViews[category.id], let target = targets.categories[category.id] else { continue }
            // The first sync leaves the entrance's staggered flights waiting their turn (each category its own delay);
            // any later change of state retargets at once.
            if previous == nil, viewState.pending.contains(where: { $0.id == view.container.identifier }) { continue }
            move(view, to: target)
        }
        if let logoView { move(logoView, to: targets.logo) }
        let farthest = targets.cells.values.map { $0.centre.distance(to: targets.origin) }.max() ?? 1
        for (id, target) in targets.cells.sorted(by: { $0.key < $1.key }) {
            guard let view = cellViews[id] else { continue }
            if entering && !settings.reduceMotion {
                schedule(view, after: stagger * target.centre.distance(to: targets.origin) / max(farthest, 1), to: target)
            } else {
                move(view, to: target)
            }
        }
        fade(back, to: targets.backVisible ? 1 : 0)
        fade(gridTitle, to: targets.backVisible ? 1 : 0)
        syncPanel(targets.panel)
        syncGridScroll(targets.panel)
        if state.focus == nil { focusRing.isHidden = true }
        describeForScreenReaders()
    }

    /// Retargets `view` after `delay` seconds (replacing any retarget still waiting for it).
    func schedule(_ view: HexCellView, after delay: Double, to target: CellTarget, spring: Spring? = nil) {
        let id = view.container.identifier
        viewState.pending.removeAll { $0.id == id }
        guard delay > 0 else { return move(view, to: target, spring: spring) }
        viewState.pending.append((viewState.time + delay, id ?? "", { [weak self, weak view] in
            guard let self, let view else { return }
            self.move(view, to: target, spring: spring)
        }))
    }

    func runPendingMoves() {
        let now = viewState.time + 1e-9
        // Most frames have none due: checked first, so that they filter (and allocate) nothing.
        guard viewState.pending.contains(where: { $0.time <= now }) else { return }
        let due = viewState.pending.filter { $0.time <= now }
        viewState.pending.removeAll { $0.time <= now }
        for move in due { move.apply() }
    }

    /// Springs a hexagon to `target` (with `spring`, or the tuned cell spring); with reduced motion it is put there at
    /// once and only fades.
    func move(_ view: HexCellView, to target: CellTarget, spring: Spring? = nil) {
        let layer = view.container
        viewState.pending.removeAll { $0.id == layer.identifier }
        if settings.reduceMotion {
            if target.opacity > 0 || layer.opacity <= 0.001 {
                let moved = layer.position.distance(to: target.centre) > 0.5
                animator.stop(layer, \.position)
                animator.stop(layer, \.scale)
                layer.position = target.centre
                layer.scale = target.scale
                if moved && target.opacity > 0 { layer.opacity = 0 }
            }
            fade(layer, to: target.opacity, duration: motionTuning.reducedMotionFade)
            return
        }
        let motion = spring.map { Motion.spring($0) } ?? cellSpring
        animateIfNeeded(layer, \.position, to: target.centre, with: motion)
        animateIfNeeded(layer, \.scale, to: target.scale, with: motion)
        animateIfNeeded(layer, \.opacity, to: target.opacity, with: fadeSpring)
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

    func fade(_ layer: Layer, to opacity: Double, duration: Double? = nil) {
        if settings.reduceMotion {
            let seconds = duration ?? motionTuning.reducedMotionChromeFade
            animateIfNeeded(layer, \.opacity, to: opacity, with: .tween(duration: seconds, curve: .easeInEaseOut))
        } else {
            animateIfNeeded(layer, \.opacity, to: opacity, with: fadeSpring)
        }
    }

    /// Cells of a grid being replaced by another's fade where they are, then go.
    func fadeOutCells() {
        for view in cellViews.values {
            let layer = view.container
            viewState.pending.removeAll { $0.id == layer.identifier }
            animator.animate(layer, \.opacity, to: 0, with: .tween(duration: motionTuning.replaceFade)) { [weak layer] _ in layer?.removeFromSuperlayer() }
        }
        forgetCells()
    }

    /// Takes every cell view off the stage at once.
    func removeCellViews() {
        for view in cellViews.values { remove(view) }
        forgetCells()
    }

    private func forgetCells() {
        cellViews = [:]
        cellsCategory = nil
    }

    /// Whether the morph's visible hexagons have reached their places (invisible ones may still be flying).
    func morphHasArrived() -> Bool {
        guard viewState.pending.isEmpty else { return false }
        let targets = self.targets
        for (id, target) in targets.categories { if let view = categoryViews[id], !view.hasArrived(at: target) { return false } }
        if let logoView, !logoView.hasArrived(at: targets.logo) { return false }
        for (id, target) in targets.cells { if let view = cellViews[id], !view.hasArrived(at: target) { return false } }
        return true
    }

    // MARK: Panel

    /// Opens, moves or closes the panel: it slides out from behind the row it belongs to while the rows on the far
    /// side make room; its arrow slides along to the cell.
    func syncPanel(_ placement: HoneycombGeometry.PanelPlacement?) {
        guard let placement else {
            if let old = viewState.panelPlacement {
                animateIfNeeded(panel, \.position, to: tucked(old), with: cellSpring)
                fade(panel, to: 0)
                fade(arrow, to: 0)
            }
            viewState.panelPlacement = nil
            return
        }
        if let open = state.openCell { fillPanel(for: open) }
        let arrowFrame = arrowRect(placement)
        if viewState.panelPlacement == nil, panel.opacity <= 0.001 || settings.reduceMotion {
            panel.bounds = Rect(origin: .zero, size: placement.frame.size)
            panel.position = settings.reduceMotion ? placement.frame.origin : tucked(placement)
            arrow.frame = arrowFrame
            arrow.contents = .shape(ShapeContent(path: .polygon(arrowPoints(placement, in: arrowFrame)), fill: .white))
        }
        viewState.panelPlacement = placement
        panel.bounds.size = placement.frame.size
        if settings.reduceMotion {
            panel.position = placement.frame.origin
            arrow.frame = arrowFrame
        } else {
            animateIfNeeded(panel, \.position, to: placement.frame.origin, with: cellSpring)
            animateIfNeeded(arrow, \.position, to: arrowFrame.center, with: cellSpring)
        }
        arrow.contents = .shape(ShapeContent(path: .polygon(arrowPoints(placement, in: arrowFrame)), fill: .white))
        fade(panel, to: 1)
        fade(arrow, to: 1)
    }

    /// The panel's origin tucked 24 pt towards its row, where it slides out from.
    func tucked(_ placement: HoneycombGeometry.PanelPlacement) -> Point {
        Point(x: placement.frame.minX, y: placement.frame.minY + (placement.below ? -24 : 24))
    }

    func arrowRect(_ placement: HoneycombGeometry.PanelPlacement) -> Rect {
        let size = HoneycombGeometry.arrowSize
        let top = placement.below ? placement.arrowTip.y : placement.arrowTip.y - size.height
        // One point of overlap with the panel, so no seam shows between them.
        return Rect(x: placement.arrowTip.x - size.width / 2, y: top + (placement.below ? 0 : 1), width: size.width, height: size.height)
    }

    /// The triangle in the arrow layer's own coordinates: tip at the cell, base on the panel.
    func arrowPoints(_ placement: HoneycombGeometry.PanelPlacement, in rect: Rect) -> [Point] {
        let (w, h) = (rect.width, rect.height)
        return placement.below
            ? [Point(x: w / 2, y: 0), Point(x: w, y: h + 1), Point(x: 0, y: h + 1)]
            : [Point(x: 0, y: -1), Point(x: w, y: -1), Point(x: w / 2, y: h)]
    }

    // MARK: Focus

    /// Keeps the focus ring on the focused hexagon wherever it moves.
    func followFocus() {
        guard let focus = state.focus, let view = categoryViews[focus] ?? cellViews[focus], view.container.opacity > 0.5 else {
            focusRing.isHidden = true
            return
        }
        focusRing.isHidden = false
        // On a cell the ring scrolls and is clipped with the grid; on a category it sits on the field.
        let host = cellViews[focus] != nil ? gridContent : field
        if focusRing.superlayer !== host {
            focusRing.removeFromSuperlayer()
            host.addSublayer(focusRing)
        }
        let size = view.container.bounds.size
        focusRing.bounds = Rect(origin: .zero, size: Size(width: size.width * 1.1, height: size.height * 1.1))
        focusRing.position = view.container.position
        focusRing.scale = view.container.scale
    }
}

extension HexCellView {
    /// Whether the hexagon shows as its target says: its opacity there, and unless invisible, its place and size.
    func hasArrived(at target: CellTarget) -> Bool {
        if abs(container.opacity - target.opacity) > 0.02 { return false }
        if target.opacity == 0 { return true }
        return container.position.distance(to: target.centre) <= 0.5 && abs(container.scale - target.scale) <= 0.01
    }
}
