import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// What the Mailbox is to a screen reader, declared on the layers that draw it (see `Accessibility`): the list and
/// its rows, named "sender, subject, time, unread", with the swipe's actions (the same typed actions, with the same
/// animations); the segments as tabs; the options as a menu; the date picker, the reader and compose.
///
/// Called whenever the state changed, after the views followed it, and when rows come into being; never per frame.
extension MailboxScreen {
    /// The actions a row offers, in the order a screen reader lists them.
    static let rowActionNames = ["Open", "Archive", "Delete", "Later…", "Move to list…"]

    func describeForScreenReaders() {
        let listTitle = state.shelf?.title ?? state.segment.title
        // What a sheet or the reader covers is not offered: the person is in the sheet.
        let covered = state.options != nil || state.compose != nil || state.reading != nil || state.confirmingEmptyTrash
        scroll.frame.accessibilityElementsHidden = covered
        navBar.accessibilityElementsHidden = covered
        composeSheet.accessibilityElementsHidden = state.compose?.confirmingCancel == true
        scroll.frame.accessibility = Accessibility(role: .list, name: listTitle)
        for row in rows.values { describe(row) }
        describeBar()
        describeMenu()
        describeOverlays()
        undoButton.accessibility = Accessibility(role: .button, name: "Undo", actions: [.init("press") { [weak self] in self?.send(.undo) }])
        emptyNote.accessibility = emptyNote.isHidden ? nil : Accessibility(role: .label, name: textOf(emptyNote))
    }

    /// One row: a list item with the swipe's actions.
    func describe(_ row: MessageRowView) {
        guard let message = state.messages.first(where: { $0.id == row.id }) else { return }
        let placement = state.placement(of: message.id)
        let time = placement.list == .later ? RescheduleMoment.label(for: placement.until, now: state.now, calendar: state.calendar) : message.time
        let name = [message.sender, message.subject, time].filter { !$0.isEmpty }.joined(separator: ", ") + (state.isUnread(message) ? ", unread" : "")
        let id = message.id
        let perform: [() -> Void] = [
            { [weak self] in self?.send(.openMessage(id)) },
            { [weak self] in self?.send(.command(id: id, zone: .archive)) },
            { [weak self] in self?.send(.command(id: id, zone: .delete)) },
            { [weak self] in self?.send(.command(id: id, zone: .later)) },
            { [weak self] in self?.send(.command(id: id, zone: .list)) },
        ]
        var states: Accessibility.States = [.focusable, .selectable]
        if state.focus == id && state.options == nil && state.compose == nil && state.reading == nil { states.formUnion([.focused, .selected]) }
        row.slot.accessibility = Accessibility(role: .listItem, name: name, states: states,
                                               actions: zip(Self.rowActionNames, perform).map { Accessibility.Action($0, perform: $1) })
    }

    private func describeBar() {
        navBar.layer(withIdentifier: "mailbox.menu.button")?.accessibility = Accessibility(role: .button, name: "Mailboxes", actions: [
            .init("press") { [weak self] in self.map { $0.send(.setMenu(open: !$0.state.menuOpen)) } },
        ])
        navBar.layer(withIdentifier: "compose.button")?.accessibility = Accessibility(role: .button, name: "New message", actions: [
            .init("press") { [weak self] in self?.send(.openCompose) },
        ])
        navBar.accessibility = Accessibility(role: .pageTabList, name: "Lists")  // the segments are its tabs; its two buttons sit beside them
        for (segment, layer) in segmentLayers {
            let selected = segment == state.segment && state.shelf == nil
            let count = state.messages(in: segment).count
            layer.accessibility = Accessibility(role: .pageTab, name: "\(segment.title), \(count)", states: selected ? [.selectable, .selected] : [.selectable],
                                                actions: [.init("switch") { [weak self] in self?.send(.selectSegment(segment)) }])
        }
    }

    private func describeMenu() {
        menuPanel.accessibility = Accessibility(role: .menu, name: "Mailbox")
        for row in menuPanel.sublayers where row.identifier?.hasPrefix("mailbox.menu.") == true && !row.gestureRecognizers.isEmpty {
            let name = row.sublayers.map(textOf).filter { !$0.isEmpty }.joined(separator: ", ")
            row.accessibility = Accessibility(role: .menuItem, name: name.replacingOccurrences(of: "   ", with: ", "),
                                              actions: [.tapping(row, named: "click")])
        }
    }

    /// The sheet over the list (options, picker, reader, compose): what changes as a wheel turns or an option is ringed.
    func describeOverlays() {
        if let options = state.options, let panel = optionsLayer.layer(withIdentifier: options.kind == .date ? "picker" : "options.panel") {
            if options.kind == .date {
                panel.accessibility = Accessibility(role: .dialog, name: "Pick a date")
                describePicker()
            } else {
                panel.accessibility = Accessibility(role: .menu, name: options.kind == .reschedule ? "Reschedule" : "Add to a list")
                let titles = optionsGrid(options.kind).titles
                for (index, title) in titles.enumerated() {
                    let focused = viewState.optionFocus == index
                    optionsLayer.layer(withIdentifier: "option.\(MailboxState.slug(title))")?.accessibility = Accessibility(
                        role: .menuItem, name: title, states: focused ? [.focusable, .focused] : [.focusable],
                        actions: [.init("click") { [weak self] in self?.send(.chooseOption(title)) }])
                }
            }
        }
        describeReader()
        describeCompose()
    }

    private func describePicker() {
        guard let picker = datePicker else { return }
        for (index, column) in picker.columns.enumerated() {
            let row = picker.rows[index]
            optionsLayer.layer(withIdentifier: "picker.\(column.name)")?.accessibility = Accessibility(
                role: .list, name: column.name.capitalized, description: column.titles[row],
                states: picker.focusedColumn == index ? [.focusable, .focused] : [.focusable],
                actions: [.init("next") { [weak self] in self?.turnPicker(column: index, by: 1) },
                          .init("previous") { [weak self] in self?.turnPicker(column: index, by: -1) }])
        }
        for (id, name) in [("picker.schedule", "Schedule"), ("picker.cancel", "Cancel")] {
            guard let layer = optionsLayer.layer(withIdentifier: id) else { continue }
            layer.accessibility = Accessibility(role: .button, name: name, actions: [.tapping(layer)])
        }
        optionsLayer.layer(withIdentifier: "picker.summary")?.accessibility = Accessibility(role: .label, name: textOf(optionsLayer.layer(withIdentifier: "picker.summary")))
    }

    private func turnPicker(column: Int, by rows: Int) {
        guard let picker = datePicker else { return }
        picker.select(row: picker.rows[column] + rows, inColumn: column, animated: true)
        describePicker()
    }

    private func describeReader() {
        guard let id = state.reading, let message = state.messages.first(where: { $0.id == id }) else { return }
        reader.accessibility = Accessibility(role: .panel, name: message.subject, description: "From \(message.sender), \(message.time)")
        readerBody.accessibility = Accessibility(role: .text, name: message.subject, exposesText: true)
        for layerID in ["reader.sender", "reader.time", "reader.subject"] {
            if let layer = reader.layer(withIdentifier: layerID) { layer.accessibility = Accessibility(role: layerID == "reader.subject" ? .heading : .label, name: textOf(layer)) }
        }
        let buttons = [("reader.back", "Back")] + Self.readerActions.map { ("reader.action.\($0.id)", $0.title) }
        for (layerID, name) in buttons {
            guard let layer = reader.layer(withIdentifier: layerID) else { continue }
            layer.accessibility = Accessibility(role: .button, name: name, actions: [.tapping(layer)])
        }
    }

    private func describeCompose() {
        composeSheet.accessibility = Accessibility(role: .dialog, name: "New Message")
        for (kind, field) in composeFields {
            let name = ["to": "To", "subject": "Subject", "body": "Message"][kind.rawValue] ?? kind.rawValue
            var states: Accessibility.States = [.focusable, .editable]
            if kind == .body { states.insert(.multiLine) }
            if state.compose?.field == kind { states.insert(.focused) }
            field.layer.accessibility = Accessibility(role: .entry, name: name, states: states, exposesText: true,
                                                      setText: { [weak self, weak field] text in
                                                          field?.setText(text)
                                                          self?.send(.editDraft(kind, text))
                                                      },
                                                      focus: { [weak self] in self?.send(.focusField(kind)) })
        }
        for (layerID, name) in [("compose.send", "Send"), ("compose.cancel", "Cancel")] {
            guard let layer = composeSheet.layer(withIdentifier: layerID) else { continue }
            var states: Accessibility.States = []
            if layerID == "compose.send", state.compose?.canSend != true { states.insert(.disabled) }
            layer.accessibility = Accessibility(role: .button, name: name, states: states, actions: [.tapping(layer)])
        }
    }

    /// The text a text layer shows ("" for any other).
    func textOf(_ layer: Layer?) -> String {
        guard let layer, case .text(let content) = layer.contents else { return "" }
        return content.string
    }

    /// What a screen reader says once a message has been filed: where it went, and that undo is there.
    func announceFiling(of id: String) {
        let placement = state.placement(of: id)
        let said: String
        switch placement.list {
        case .archive: said = "Archived."
        case .deleted: said = "Deleted."
        case .later: said = "Later: \(RescheduleMoment.label(for: placement.until, now: state.now, calendar: state.calendar))."
        case .list: said = "Moved to \(placement.detail ?? "a list")."
        case .gone: said = "Deleted for good."
        default: said = "Moved to the Inbox."
        }
        stage?.announce(said + " Undo available.")
    }
}
