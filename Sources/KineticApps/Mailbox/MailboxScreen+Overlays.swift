import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// What shows over the list: the reschedule and list options, the compose sheet, the undo button, the focus ring.
extension MailboxScreen {
    func buildOverlays(size: Size) {
        optionsLayer.frame = Rect(origin: .zero, size: size)
        optionsLayer.backgroundColor = Color.black.withAlpha(0.45)
        optionsLayer.zPosition = 5
        optionsLayer.isHidden = true
        optionsLayer.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.dismissOptions) }]
        optionsLayer.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        content.addSublayer(optionsLayer)

        composeSheet.bounds = Rect(x: 0, y: 0, width: 720, height: 560)
        composeSheet.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: .white))
        composeSheet.gestureRecognizers = [TapRecognizer { _ in }]
        composeSheet.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        composeOverlay = Overlay(dimIdentifier: "compose.dim", sheet: composeSheet, restingOrigin: Point(x: (size.width - 720) / 2, y: (size.height - 560) / 2 + 20),
                                 in: content, zPosition: 6)
        buildComposeContents()

        undoButton.frame = Rect(center: Point(x: size.width / 2, y: size.height - 48), size: Size(width: 140, height: 44))
        undoButton.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 22), fill: Palette.ink.withAlpha(0.9)))
        undoButton.addSublayer(Typography.label(nil, "↶  Undo", frame: Rect(x: 0, y: 0, width: 140, height: 44), size: 17, bold: true, color: .white, alignment: .center))
        if case .text(var text) = undoButton.sublayers[0].contents { text.centeredVertically = true; undoButton.sublayers[0].contents = .text(text) }
        undoButton.opacity = 0
        undoButton.isHidden = true
        undoButton.zPosition = 4
        undoButton.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.undo) }]
        content.addSublayer(undoButton)

        focusRing.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 6), stroke: Palette.accent, lineWidth: 3))
        focusRing.isUserInteractionEnabled = false
        focusRing.isHidden = true
        focusRing.zPosition = 3
        content.addSublayer(focusRing)

        banner.add(to: content, size: size, zPosition: 8, clearOf: undoButton.frame)
    }

    // MARK: Options

    /// The reschedule options on yellow (a grid of eight, as in Mailbox) or the lists on brown, over a dimmed list.
    func showOptions() {
        optionsLayer.removeAllSublayers()
        datePicker = nil
        if state.options?.kind == .date {
            showDatePicker()
            return
        }
        guard let options = state.options else {
            if !optionsLayer.isHidden {
                animator.animate(optionsLayer, \.opacity, to: 0, with: .tween(duration: motionTuning.optionsDimOut)) { [weak self] finished in
                    if finished { self?.optionsLayer.isHidden = true }
                }
            }
            return
        }
        let reschedule = options.kind == .reschedule
        let (titles, columns) = optionsGrid(options.kind)
        viewState.optionFocus = nil
        let cell = Size(width: reschedule ? 130 : 360, height: 96)
        let rowsCount = (titles.count + columns - 1) / columns
        let panelSize = Size(width: Double(columns) * cell.width + 40, height: Double(rowsCount) * cell.height + 90)
        let panel = Typography.panel("options.panel", frame: Rect(center: Point(x: width / 2, y: optionsLayer.bounds.height / 2), size: panelSize),
                                     color: reschedule ? SwipeZone.yellow : SwipeZone.brown, cornerRadius: 18)
        panel.gestureRecognizers = [TapRecognizer { _ in }]
        panel.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        panel.addSublayer(Typography.label("options.title", reschedule ? "Reschedule" : "Add to a list", frame: Rect(x: 20, y: 18, width: panelSize.width - 40, height: 32),
                                           size: 22, bold: true, color: Palette.ink, alignment: .center))
        for (index, title) in titles.enumerated() {
            let column = index % columns, row = index / columns
            let slug = MailboxState.slug(title)
            let item = Layer(identifier: "option.\(slug)", frame: Rect(x: 20 + Double(column) * cell.width, y: 70 + Double(row) * cell.height,
                                                                      width: cell.width - 10, height: cell.height - 10))
            item.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 12), fill: Color.white.withAlpha(0.25)))
            let label = Typography.label(nil, title, frame: Rect(x: 6, y: 0, width: cell.width - 22, height: cell.height - 10), size: 17, bold: true, color: Palette.ink, alignment: .center)
            // Ink, not white: white on the seed's yellow is 1.3:1 and on its tan 1.8:1; ink is over 9:1 on both.
            if case .text(var text) = label.contents { text.centeredVertically = true; label.contents = .text(text) }
            item.addSublayer(label)
            item.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.chooseOption(title)) }]
            panel.addSublayer(item)
        }
        let ring = Layer(identifier: "options.focus")
        ring.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 14), stroke: Palette.ink, lineWidth: 3))
        ring.isUserInteractionEnabled = false
        ring.isHidden = true
        panel.addSublayer(ring)
        optionsLayer.addSublayer(panel)
        optionsLayer.isHidden = false
        optionsLayer.opacity = 0
        animator.animate(optionsLayer, \.opacity, to: 1, with: .tween(duration: motionTuning.optionsDimIn))
        if !settings.reduceMotion {
            panel.scale = motionTuning.optionsPopScale
            animator.animate(panel, \.scale, to: 1, with: .spring(motionTuning.optionsPopSpring))
        }
        describeForScreenReaders()
    }

    /// The options' titles and how many columns they are laid out in: the reschedule grid of eight in four columns,
    /// the lists in one.
    func optionsGrid(_ kind: MailboxState.Options.Kind) -> (titles: [String], columns: Int) {
        kind == .list ? (MailboxState.listOptions, 1) : (MailboxState.rescheduleOptions, 4)
    }

    /// The options' keys: the arrows move a ring over the options (from the first, at the first press), Enter or Space
    /// chooses the one ringed, Esc dismisses as a tap outside does.
    func handleOptionsKey(_ event: KeyEvent) {
        guard let options = state.options else { return }
        let (titles, columns) = optionsGrid(options.kind)
        let current = viewState.optionFocus
        var next = current ?? 0
        switch event.key {
        case .escape: return send(.dismissOptions)
        case .enter, .space:
            if let current, titles.indices.contains(current) { send(.chooseOption(titles[current])) }
            return
        case .left: next -= current == nil ? 0 : 1
        case .right: next += current == nil ? 0 : 1
        case .up: next -= current == nil ? 0 : columns
        case .down: next += current == nil ? 0 : columns
        case .tab: next += current == nil ? 0 : (event.modifiers.contains(.shift) ? -1 : 1)
        default: return
        }
        viewState.optionFocus = (next % titles.count + titles.count) % titles.count
        placeOptionRing(titles: titles)
    }

    private func placeOptionRing(titles: [String]) {
        guard let ring = optionsLayer.layer(withIdentifier: "options.focus"), let index = viewState.optionFocus, titles.indices.contains(index),
              let item = optionsLayer.layer(withIdentifier: "option.\(MailboxState.slug(titles[index]))") else { return }
        ring.frame = item.frame.insetBy(dx: -3, dy: -3)
        ring.isHidden = false
        describeOverlays()  // the ringed option: only the options changed
    }

    // MARK: Compose

    func buildComposeContents() {
        composeSheet.addSublayer(Typography.label("compose.title", "New Message", frame: Rect(x: 0, y: 18, width: 720, height: 30), size: 20, bold: true,
                                                  color: Palette.ink, alignment: .center))
        let cancel = Typography.label("compose.cancel", "Cancel", frame: Rect(x: 20, y: 18, width: 90, height: 30), size: 17, color: Self.deepTint)
        cancel.isUserInteractionEnabled = true
        cancel.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.closeCompose) }]
        composeSheet.addSublayer(cancel)
        let sendButton = Typography.panel("compose.send", frame: Rect(x: 610, y: 16, width: 90, height: 34), color: Self.tint, cornerRadius: 8)
        sendButton.addSublayer(Typography.label(nil, "Send", frame: Rect(x: 0, y: 7, width: 90, height: 22), size: 17, bold: true, color: .white, alignment: .center))
        sendButton.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.send) }]
        composeSheet.addSublayer(sendButton)
        buildCancelConfirmation()
        let fields: [(MailboxState.ComposeField, String, Double, Double)] = [(.to, "To:", 70, 40), (.subject, "Subject:", 116, 40), (.body, "", 170, 370)]
        let input = requiredStage.textInput
        for (kind, caption, y, height) in fields {
            let box = Layer(identifier: "compose.\(kind.rawValue).box", frame: Rect(x: 20, y: y, width: 680, height: height))
            // A click on the caption or the rule focuses the field with the caret where it was.
            box.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.focusField(kind)) }]
            box.cursor = .ibeam
            if !caption.isEmpty {
                box.addSublayer(Typography.label(nil, caption, frame: Rect(x: 0, y: 10, width: 80, height: 22), size: 16, color: Palette.muted))
            }
            let textArea = caption.isEmpty ? Rect(x: 0, y: 4, width: 680, height: height - 8) : Rect(x: 84, y: 4, width: 596, height: height - 8)
            let field = TextField(identifier: "compose.\(kind.rawValue)", frame: textArea, multiline: kind == .body,
                                  maximumLength: kind.maximumLength, style: TextContent("", fontSize: 16, color: Palette.ink), input: input)
            field.tint = Self.tint
            field.onChange = { [weak self] text in self?.send(.editDraft(kind, text)) }
            field.onTab = { [weak self] backward in self?.send(.focusField(backward ? kind.previous : kind.next)) }
            field.onEnter = { [weak self] in self?.send(.focusField(kind.next)); return true }
            field.onFocusChange = { [weak self] focused in
                guard let self, !focused, self.state.compose?.field == kind else { return }
                self.send(.focusField(nil))  // Esc, or a field that went away: the sheet's keys are the sheet's again
            }
            box.addSublayer(field.layer)
            composeFields[kind] = field
            let rule = Layer(frame: Rect(x: 0, y: height - 1, width: 680, height: 1))
            rule.backgroundColor = caption.isEmpty ? nil : Color(red8: 0xE3, green8: 0xE3, blue8: 0xE3)
            box.addSublayer(rule)
            composeSheet.addSublayer(box)
        }
    }

    /// Slides the sheet up over the dimmed inbox, or down; fills the fields and gives the keyboard to the one the
    /// state names.
    func showCompose(wasOpen: Bool) {
        guard let compose = state.compose else {
            for field in composeFields.values { field.blur() }
            composeOverlay.dismiss(animator: animator, reduceMotion: settings.reduceMotion)
            return
        }
        // Send is enabled (tinted, taking clicks) only when To holds valid addresses; greyed otherwise.
        if let sendButton = composeSheet.layer(withIdentifier: "compose.send") {
            let enabled = compose.canSend
            sendButton.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: enabled ? Self.tint : Color(red8: 0xE8, green8: 0xE8, blue8: 0xE8)))
            if case .text(var text)? = sendButton.sublayers.first?.contents {
                text.color = enabled ? .white : Palette.muted
                sendButton.sublayers.first?.contents = .text(text)
            }
            sendButton.isUserInteractionEnabled = enabled
            sendButton.cursor = enabled ? nil : .arrow
        }
        composeConfirm.isHidden = !compose.confirmingCancel
        if compose.confirmingCancel { for field in composeFields.values { field.blur() } }
        composeFields[.to]?.setText(compose.to)
        composeFields[.subject]?.setText(compose.subject)
        composeFields[.body]?.setText(compose.body)
        if compose.confirmingCancel {
            requiredStage.textInput.focus(nil)
        } else if let kind = compose.field {
            composeFields[kind]?.focus()
        } else {
            requiredStage.textInput.focus(nil)
        }
        guard !wasOpen else { return }
        composeOverlay.present(animator: animator, reduceMotion: settings.reduceMotion)
    }

    /// Cancel with something written: Save Draft, Delete Draft or Keep Editing, over the sheet.
    func buildCancelConfirmation() {
        composeConfirm.frame = Rect(x: 0, y: 0, width: 720, height: 560)
        composeConfirm.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: Color.white.withAlpha(0.92)))
        composeConfirm.zPosition = 10
        composeConfirm.isHidden = true
        composeConfirm.cursor = .arrow
        composeConfirm.gestureRecognizers = [TapRecognizer { _ in }]
        composeConfirm.addSublayer(Typography.label("compose.confirm.title", "Keep this message?", frame: Rect(x: 0, y: 190, width: 720, height: 30), size: 22, bold: true,
                                                    color: Palette.ink, alignment: .center))
        for (index, item) in [("save", "Save Draft", MailboxAction.saveDraft), ("delete", "Delete Draft", .deleteDraft), ("keep", "Keep Editing", .keepEditing)].enumerated() {
            let button = Typography.panel("compose.confirm.\(item.0)", frame: Rect(x: 120 + Double(index) * 165, y: 250, width: 150, height: 44),
                                          color: item.0 == "delete" ? SwipeZone.red : item.0 == "save" ? Self.tint : Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE), cornerRadius: 10)
            button.addSublayer(Typography.label(nil, item.1, frame: Rect(x: 0, y: 11, width: 150, height: 22), size: 17, bold: true,
                                                color: item.0 == "keep" ? Palette.ink : .white, alignment: .center))
            let action = item.2
            button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(action) }]
            composeConfirm.addSublayer(button)
        }
        composeSheet.addSublayer(composeConfirm)
    }
}
