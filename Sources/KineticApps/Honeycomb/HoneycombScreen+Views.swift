import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// Making and filling the layers: the hexagons of both honeycombs, the panel, the back hexagon, the focus ring.
extension HoneycombScreen {
    var geometry: HoneycombGeometry { HoneycombGeometry(size: state.size) }

    func buildChrome(size: Size) {
        panel.anchorPoint = Point(x: 0, y: 0)
        panel.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 18), fill: .white, stroke: Palette.ink.withAlpha(0.08), lineWidth: 1))
        panel.zPosition = 0.5
        panel.opacity = 0
        panel.gestureRecognizers = [TapRecognizer { _ in }]  // a tap on the panel itself keeps it open
        panel.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        arrow.zPosition = 0.5
        arrow.opacity = 0
        arrow.isUserInteractionEnabled = false
        panelImage.isUserInteractionEnabled = false
        panelBackdrop.isUserInteractionEnabled = false
        panelBackdrop.frame = Rect(x: 24, y: 20, width: 170, height: 170)
        // The cell's picture, large: 136 pt, half again the largest a cell shows (85 pt, the category honeycomb's size).
        panelImage.frame = Rect(center: panelBackdrop.frame.center, size: Size(width: 136, height: 136))
        panelTitle.frame = Rect(x: 220, y: 24, width: 420, height: 36)
        panelText.frame = Rect(x: 220, y: 68, width: 440, height: 90)
        learnMore.frame = Rect(x: 220, y: HoneycombGeometry.panelHeight - 58, width: 150, height: 40)
        learnMore.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.learnMore) }]
        for layer in [panelBackdrop, panelImage, panelTitle, panelText, learnMore] { panel.addSublayer(layer) }
        gridContent.addSublayer(panel)
        gridContent.addSublayer(arrow)

        back.frame = Rect(center: geometry.backCentre, size: Size(width: 2 * HoneycombGeometry.backRadius, height: 2 * HoneycombGeometry.backRadius))
        back.hitShape = .hexagon(pointyTop: true)
        back.zPosition = 3
        back.opacity = 0
        back.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.back) }]
        let chevron = Typography.label(nil, "‹", frame: Rect(x: 0, y: 4, width: 52, height: 44), size: 30, bold: true, color: .white, alignment: .center)
        back.addSublayer(chevron)
        gridTitle.frame = Rect(x: 134, y: 24, width: 500, height: 36)
        gridTitle.isUserInteractionEnabled = false
        gridTitle.opacity = 0
        field.addSublayer(back)
        field.addSublayer(gridTitle)

        focusRing.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), stroke: Palette.accent, lineWidth: 4))
        focusRing.isUserInteractionEnabled = false
        focusRing.isHidden = true
        focusRing.zPosition = 4
        field.addSublayer(focusRing)

        banner.add(to: root, size: size, zPosition: 6)
    }

    /// One hexagon per category and the logo, made anew (the data changed, or the screen appeared). With
    /// `assemble`, they start scattered off stage and fly in, staggered, into the honeycomb.
    func rebuildCategoryViews(assemble: Bool) {
        for view in categoryViews.values { remove(view) }
        logoView.map(remove)
        categoryViews = [:]
        let radius = geometry.flower.circumradius
        let logo = HexCellView(id: "logo", identifier: "category.logo", radius: radius, withImage: false)
        logo.body.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: .white, stroke: Palette.ink.withAlpha(0.1), lineWidth: 1))
        let art = Layer(frame: Rect(center: Point(x: radius, y: radius), size: Size(width: radius * 1.1, height: radius * 1.1)))
        art.contents = .image(.file(Self.logoFile))
        art.isUserInteractionEnabled = false
        logo.body.insertSublayer(art, at: 0)
        logo.container.isUserInteractionEnabled = false
        place(logo, at: geometry.logoCentre)
        field.addSublayer(logo.container)
        logoView = logo
        makeCategoryViews(assemble: assemble)
        if assemble {
            logo.container.scale = settings.reduceMotion ? 1 : 0.2
            logo.container.opacity = 0
            for (index, category) in state.categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
                guard let view = categoryViews[category.id] else { continue }
                let home = geometry.categoryCentre(index)
                // Each flies in on its own delay and its own spring (a little livelier each), from its own side, and
                // locks into the honeycomb: the seed's "transformer" assembly.
                var spring = motionTuning.cellSpring
                spring.response *= 1 - 0.04 * Double(index)
                spring.dampingRatio = max(spring.dampingRatio - 0.03 * Double(index), 0.55)
                schedule(view, after: motionTuning.assembleDelay + motionTuning.assembleStagger * Double(index), to: CellTarget(centre: home, scale: 1, opacity: 1),
                         spring: spring)
            }
        }
    }

    /// The categories changed under the screen (a refresh added, dropped or renamed some): the old hexagons fade
    /// away, and new ones, each carrying its own category's tap, fade in where the state puts them. A tap then always
    /// acts on the hexagon that was tapped.
    func replaceCategoryViews() {
        for view in categoryViews.values {
            let layer = view.container
            layer.identifier = nil  // gone from dumps and the accessibility tree at once; its picture fades
            layer.isUserInteractionEnabled = false
            viewState.pending.removeAll { $0.id == "category.\(view.id)" }
            animator.animate(layer, \.opacity, to: 0, with: .tween(duration: motionTuning.replaceFade)) { [weak layer] _ in layer?.removeFromSuperlayer() }
        }
        categoryViews = [:]
        makeCategoryViews(assemble: false)
        for view in categoryViews.values { view.container.opacity = 0 }
        showEmptyNoteIfNeeded()
    }

    /// Says so in the middle of the stage while the data has no category at all, and takes the note away once it has.
    func showEmptyNoteIfNeeded() {
        guard state.categories.isEmpty else {
            emptyNote?.removeFromSuperlayer()
            emptyNote = nil
            return
        }
        guard emptyNote == nil else { return }
        let note = Layer(identifier: "honeycomb.empty", frame: Rect(x: 40, y: field.bounds.height / 2 - 20, width: field.bounds.width - 80, height: 40))
        note.contents = .text(TextContent("No categories to show: the honeycomb’s data has none.", fontSize: 20, color: Palette.ink, alignment: .center))
        note.isUserInteractionEnabled = false
        field.addSublayer(note)
        emptyNote = note
    }

    /// One hexagon per category (at most six), at its place round the logo; with `assemble`, away and faded, to
    /// fly in.
    private func makeCategoryViews(assemble: Bool) {
        let radius = geometry.flower.circumradius
        for (index, category) in state.categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            let view = HexCellView(id: category.id, identifier: "category.\(category.id)", radius: radius, withImage: false)
            view.configure(category, imageFile: nil, titleSize: 22)
            attachPress(to: view) { [weak self] in self?.send(.tapCategory(category.id)) }
            let home = geometry.categoryCentre(index)
            place(view, at: home)
            if assemble && !settings.reduceMotion {
                let away = (home - geometry.logoCentre).normalized * 700
                view.container.position = home + away
                view.container.scale = 0.6
                view.container.opacity = 0
            } else if assemble {
                view.container.opacity = 0
            }
            field.addSublayer(view.container)
            categoryViews[category.id] = view
        }
    }

    /// Makes sure the cells on stage are the shown category's: a new category's cells start as seeds at the
    /// origin (inside the category they grow out of).
    func ensureCellViews(origin: Point) {
        guard let category = state.shownCategory else { return }
        if cellsCategory != category.id {
            removeCellViews()
            cellsCategory = category.id
        }
        let radius = geometry.grid(count: category.children.count).circumradius
        let wanted = Set(category.children.map(\.id))
        for (id, view) in cellViews where !wanted.contains(id) {
            remove(view)
            cellViews[id] = nil
        }
        for cell in category.children where cellViews[cell.id] == nil {
            let view = HexCellView(id: cell.id, identifier: "cell.\(cell.id)", radius: radius, withImage: true)
            view.configure(cell, imageFile: cell.image.flatMap { imageFiles[$0] }, titleSize: 13)
            attachPress(to: view) { [weak self] in self?.send(.tapCell(cell.id)) }
            place(view, at: origin)
            view.container.scale = HoneycombTargets.seedScale
            view.container.opacity = 0
            gridContent.addSublayer(view.container)
            cellViews[cell.id] = view
        }
        gridTitle.contents = .text(TextContent(category.title, bold: true, fontSize: 26, color: Palette.ink))
        back.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: HexCellView.fill(category)))
    }

    /// Fills every view from the state again (after new data or an API change), with a small pop on the ones
    /// whose node changed.
    func refreshAllViews(changed: Set<String> = []) {
        for category in state.categories {
            categoryViews[category.id]?.configure(category, imageFile: nil, titleSize: 22)
            for cell in category.children where cellViews[cell.id] != nil && cellsCategory == category.id {
                cellViews[cell.id]?.configure(cell, imageFile: cell.image.flatMap { imageFiles[$0] }, titleSize: 13)
            }
        }
        for id in changed {
            guard let view = categoryViews[id] ?? cellViews[id] else { continue }
            view.body.scale = 1.12
            animator.animate(view.body, \.scale, to: 1, with: .spring(motionTuning.updatePop))
        }
        if let open = state.openCell { fillPanel(for: open) }
    }

    /// Shows the pressed look while the finger is down on the hexagon (darker, pushed in), springing back after.
    func attachPress(to view: HexCellView, onTap: @escaping () -> Void) {
        let press = PressRecognizer(contains: { [weak view] in view?.contains(screenPoint: $0) ?? false },
                                    onPressChange: { [weak self, weak view] pressed in
                                        guard let self, let view else { return }
                                        let spring = pressed ? self.motionTuning.pressDown : self.motionTuning.pressUp
                                        self.animator.animate(view.body, \.scale, to: pressed ? 0.92 : 1, with: .spring(spring))
                                        self.animator.animate(view.shade, \.opacity, to: pressed ? 1 : 0, with: .spring(self.motionTuning.pressShade))
                                    },
                                    handler: { _ in onTap() })
        view.container.gestureRecognizers = [press]
    }

    /// Puts a view's centre at `centre` at once.
    func place(_ view: HexCellView, at centre: Point) {
        view.container.position = centre
    }

    func remove(_ view: HexCellView) {
        for layer in [view.container, view.body, view.shade] { animator.stopAll(of: layer) }
        viewState.pending.removeAll { $0.id == view.container.identifier }
        view.container.removeFromSuperlayer()
    }

    /// Fills the panel with `cellID`'s detail.
    func fillPanel(for cellID: String) {
        guard let node = state.node(cellID) else { return }
        let tint = HexCellView.fill(node)
        panelBackdrop.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: tint))
        if let image = node.detail.image, let file = imageFiles[image] {
            panelImage.contents = .image(.file(file))
        } else {
            panelImage.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color.white.withAlpha(0.18),
                                                      stroke: Color.white.withAlpha(0.55), lineWidth: 2))
        }
        panelTitle.contents = .text(TextContent(node.detail.label, bold: true, fontSize: 26, color: Palette.ink, lineLimit: 1))
        panelText.contents = .text(TextContent(node.detail.text, fontSize: 17, color: Palette.muted, lineLimit: 4))
        learnMore.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 20), fill: node.detail.learnMore == nil ? Palette.muted.withAlpha(0.4) : tint))
        if learnMore.sublayers.isEmpty {
            learnMore.addSublayer(Typography.label(nil, "Learn More", frame: Rect(x: 0, y: 0, width: 150, height: 40), size: 16, bold: true, color: .white, alignment: .center))
        }
        if case .text(var text) = learnMore.sublayers[0].contents {
            text.centeredVertically = true
            learnMore.sublayers[0].contents = .text(text)
        }
    }
}
