import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The navigation bar with its segmented control, the edge-pan menu, and the undo button.
extension MailboxScreen {
    func buildNavBar() {
        navBar.frame = Rect(x: 0, y: 0, width: width, height: Self.navHeight)
        navBar.backgroundColor = Self.tint
        navBar.zPosition = 2
        content.addSublayer(navBar)
        // Where the shell's ☰ would be: the Mailbox's menu is the one menu here (it leads back to the gallery).
        let menuButton = button("mailbox.menu.button", frame: Rect(x: 16, y: 14, width: 44, height: 36), icon: "lists") { [weak self] in
            guard let self else { return }
            self.send(.setMenu(open: !self.state.menuOpen))
        }
        let compose = button("compose.button", frame: Rect(x: width - 60, y: 14, width: 44, height: 36), icon: "compose") { [weak self] in
            self?.send(.openCompose)
        }
        navBar.addSublayer(menuButton)
        navBar.addSublayer(compose)
        navBar.addSublayer(shelfTitle)
        let segmentWidth = 112.0, total = segmentWidth * 3
        for (index, segment) in MailboxSegment.allCases.enumerated() {
            let layer = Layer(identifier: "segment.\(segment.rawValue)",
                              frame: Rect(x: (width - total) / 2 + Double(index) * segmentWidth, y: 16, width: segmentWidth, height: 32))
            layer.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.selectSegment(segment)) }]
            navBar.addSublayer(layer)
            segmentLayers[segment] = layer
        }
        paintSegments()
    }

    /// The selected segment is white with tinted text, the others outlined; Mailbox's own look.
    func paintSegments() {
        for (segment, layer) in segmentLayers {
            let selected = segment == state.segment && state.shelf == nil
            layer.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 7), fill: selected ? .white : Self.tint, stroke: .white, lineWidth: 1.5))
            let count = state.messages(in: segment).count
            let title = segment == .inbox ? segment.title : "\(segment.title) \(count)"
            let label = layer.sublayers.first ?? {
                let label = Typography.label(nil, "", frame: Rect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height), size: 15, bold: true)
                layer.addSublayer(label)
                return label
            }()
            label.contents = .text(TextContent(title, bold: true, fontSize: 15, color: selected ? Self.tint : .white, alignment: .center, centeredVertically: true))
        }
    }

    func button(_ identifier: String, frame: Rect, icon: String, action: @escaping () -> Void) -> Layer {
        let layer = Typography.panel(identifier, frame: frame, color: .white, cornerRadius: 8)
        let image = Layer(frame: Rect(center: Point(x: frame.width / 2, y: frame.height / 2), size: Size(width: 28, height: 28)))
        image.contents = .image(.file(Self.artFile(icon)))
        image.isUserInteractionEnabled = false
        layer.addSublayer(image)
        layer.gestureRecognizers = [TapRecognizer { _ in action() }]
        return layer
    }

    // MARK: The menu

    /// Mailbox's own menu, under the content: the lists, the counts of the named lists, and the one setting.
    func buildMenu(height: Double) {
        menuPanel.anchorPoint = .zero
        menuPanel.frame = Rect(x: 0, y: 0, width: Self.menuWidth, height: height)
        menuPanel.backgroundColor = Palette.ink
        menuPanel.isHidden = true
        root.addSublayer(menuPanel)
        rebuildMenuItems()
    }

    func rebuildMenuItems() {
        menuPanel.removeAllSublayers()
        menuPanel.addSublayer(Typography.label(nil, "Mailbox", frame: Rect(x: 28, y: 72, width: 240, height: 36), size: 28, bold: true, color: .white))
        var y = 130.0
        for segment in [MailboxSegment.inbox, .later, .archive] {
            let row = Layer(identifier: "mailbox.menu.\(segment.rawValue)", frame: Rect(x: 0, y: y, width: Self.menuWidth, height: 52))
            // Each row carries its count, as Trash, Sent, Drafts and the lists do, so the menu reads as one list.
            let title = "\(segment.title)   \(state.messages(in: segment).count)"
            row.addSublayer(Typography.label("menu.item.\(segment.rawValue)", title, frame: Rect(x: 28, y: 14, width: 240, height: 26), size: 20, bold: true, color: .white))
            row.gestureRecognizers = [TapRecognizer { [weak self] _ in
                self?.send(.selectSegment(segment))
                self?.send(.setMenu(open: false))
            }]
            menuPanel.addSublayer(row)
            y += 52
        }
        let trashCount = state.messages(filedIn: .deleted).count
        y = addShelfRow(.trash, title: "Trash   \(trashCount)", y: y, size: 20, bold: true, indent: 28, height: 46)
        let sentCount = state.messages(filedIn: .sent).count
        y = addShelfRow(.sent, title: "Sent   \(sentCount)", y: y, size: 20, bold: true, indent: 28, height: 46)
        let draftCount = state.messages(filedIn: .draft).count
        y = addShelfRow(.drafts, title: "Drafts   \(draftCount)", y: y, size: 20, bold: true, indent: 28, height: 46)
        menuPanel.addSublayer(Typography.label("mailbox.menu.lists", "Lists", frame: Rect(x: 28, y: y + 14, width: 240, height: 24), size: 17, bold: true, color: Palette.muted))
        y += 44
        let counts = state.listCounts
        for name in MailboxState.listOptions {
            y = addShelfRow(.list(name), title: "\(name)   \(counts[name] ?? 0)", y: y, size: 17, bold: false, indent: 40, height: 32)
        }
        let setting = Layer(identifier: "mailbox.menu.settings", frame: Rect(x: 0, y: y + 20, width: Self.menuWidth, height: 64))
        setting.addSublayer(Typography.label(nil, "Settings", frame: Rect(x: 28, y: 0, width: 240, height: 24), size: 17, bold: true, color: Palette.muted))
        setting.addSublayer(Typography.label(nil, "Flick decides the action: \(state.decideOnProjection ? "on" : "off")", frame: Rect(x: 40, y: 30, width: 250, height: 24),
                                             size: 16, color: .white))
        setting.gestureRecognizers = [TapRecognizer { [weak self] _ in
            guard let self else { return }
            self.send(.setDecideOnProjection(!self.state.decideOnProjection))
            self.rebuildMenuItems()
        }]
        menuPanel.addSublayer(setting)
        let gallery = Layer(identifier: "mailbox.menu.gallery", frame: Rect(x: 0, y: y + 100, width: Self.menuWidth, height: 52))
        gallery.addSublayer(Typography.label(nil, "← Gallery", frame: Rect(x: 28, y: 14, width: 240, height: 26), size: 20, bold: true, color: .white))
        gallery.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.leaveApp() }]
        menuPanel.addSublayer(gallery)
    }

    /// A menu row that opens the Trash or a named list (`mailbox.menu.trash`, `mailbox.menu.list.to-read`, …), its label
    /// `menu.item.trash`, `menu.item.to-read`.
    private func addShelfRow(_ shelf: MailboxShelf, title: String, y: Double, size: Double, bold: Bool, indent: Double, height: Double) -> Double {
        let row = Layer(identifier: "mailbox.menu.\(shelf.slug)", frame: Rect(x: 0, y: y, width: Self.menuWidth, height: height))
        // The row's label is `menu.item.<list>` (`menu.item.trash`, `menu.item.to-read`): its text carries the count.
        let item = "menu.item." + { if case .list(let name) = shelf { return MailboxState.slug(name) } else { return shelf.slug } }()
        row.addSublayer(Typography.label(item, title, frame: Rect(x: indent, y: (height - size * 1.3) / 2, width: 240, height: size * 1.3), size: size, bold: bold, color: .white))
        row.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.openShelf(shelf)) }]
        menuPanel.addSublayer(row)
        return y + height
    }

    /// The content follows the finger; on release the finger's direction decides: revealing keeps revealing, hiding
    /// keeps hiding (a slow release goes by where the content is).
    func handleMenuPan(_ pan: PanRecognizer) {
        guard state.compose == nil, state.options == nil else { return }
        // While a message is open, the edge belongs to the reader: the drag takes the page back off.
        if state.reading != nil || viewState.readerPan {
            viewState.readerPan = pan.state == .began || pan.state == .changed
            return handleReaderPan(pan)
        }
        switch pan.state {
        case .began:
            animator.stop(self, \MailboxScreen.viewState.menuProgress)
            viewState.menuDragStart = viewState.menuProgress
            rebuildMenuItems()
        case .changed:
            viewState.menuProgress = rubberBand(viewState.menuDragStart + pan.translation.dx / Self.menuWidth, range: 0...1, dimension: 1)
            menuPanel.isHidden = false
        case .ended, .cancelled:
            let velocity = pan.velocity.dx / Self.menuWidth
            let open = abs(velocity) > motionTuning.menuFlickSpeed ? velocity > 0 : viewState.menuProgress > 0.5
            send(.setMenu(open: open))
            animateMenu(open: open, velocity: velocity)
        default:
            break
        }
    }

    func animateMenu(open: Bool, velocity: Double) {
        if open { rebuildMenuItems() }
        let motion: Motion = settings.reduceMotion ? .tween(duration: motionTuning.reducedMotionMenuFade, curve: .easeInEaseOut)
            : .spring(motionTuning.menuSpring)
        animator.animate(self, \MailboxScreen.viewState.menuProgress, to: open ? 1 : 0, with: motion, initialVelocity: velocity)
    }

    // MARK: Undo

    func showUndo() {
        viewState.undoTime = motionTuning.undoDuration
        undoButton.isHidden = false
        animator.animate(undoButton, \.opacity, to: 1, with: .tween(duration: motionTuning.undoFadeIn))
    }
}
