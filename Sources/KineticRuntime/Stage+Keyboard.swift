import KineticCore
import KineticScene

/// The keyboard's way through the stage: an open context menu first, then the focused text field, then the screen,
/// then the stage's keyboard focus (when the screen hands it its keys), then the motion tools (S, P, ., O, T).
extension Stage {
    /// Routes a key to the screen; returns whether anything used it.
    @discardableResult
    public func send(_ event: KeyEvent) -> Bool {
        inputSinceLastStep = true
        keyboardFocus.noteKey()
        // An open context menu has the keyboard: Esc closes it, the arrows, Home, End and a letter move through it, Enter
        // or Space chooses; nothing reaches the app behind it.
        if contextMenu != nil {
            if event.key == .escape { closeContextMenu() } else { _ = keyboardFocus.handle(event, root: root) }
            return true
        }
        // With Alt, the tools' keys are the tools' even where the app uses the letter (the Mailbox's T).
        if event.modifiers.contains(.alt) { return motion.handle(event.key) }
        textInput.textOfFocusingKey = nil
        if let field = focusedField, field.handleKey(event) { return true }
        // Past a text field (whose text is drawn the right way round, its caret moving as it reads), Left and Right
        // move through the mirrored tree: towards the leading side is Right in a right-to-left stage.
        let event = root.layoutDirection == .rightToLeft ? event.mirroredHorizontally : event
        let focusedBefore = textInput.focused
        let used = screen?.handleKey(event) == true
        if let field = textInput.focused, field !== focusedBefore, case .character(let typed) = event.key { textInput.textOfFocusingKey = typed }
        if !used, let screen, screen.usesKeyboardFocus {
            let before = keyboardFocus.focused
            if keyboardFocus.handle(event, root: root) {
                if keyboardFocus.focused !== before { keyboardFocusMoved(to: keyboardFocus.focused) }
                return true
            }
        }
        return used || (!event.modifiers.contains(.control) && motion.handle(event.key))
    }

    /// After a step: the keyboard focus follows what changed (see `KeyboardFocus.settle`) while a context menu or the
    /// screen uses it; otherwise it lets go of whatever it held.
    func settleKeyboardFocus() {
        if contextMenu != nil || screen?.usesKeyboardFocus == true {
            keyboardFocus.settle(root: root)
            // After the scopes had their say (a menu that closed gives the focus back), a text field that took the
            // keyboard has the last word; then the ring goes round it.
            if contextMenu == nil, followTextField() { keyboardFocus.settle(root: root) }
            if startsFocusAtFirstStop { startAtFirstStop() }
        } else if keyboardFocus.focused != nil || keyboardFocus.ring.superlayer != nil {
            keyboardFocus.release()
        }
    }

    /// A screen opened by a key with nothing of its own focused: its first Tab stop, once there is one, unless the
    /// screen asked for a control of its own or a key got there first.
    private func startAtFirstStop() {
        guard keyboardFocus.focused == nil, !keyboardFocus.hasRequest else {
            startsFocusAtFirstStop = false
            return
        }
        let controls = keyboardFocus.innermostScope(under: root).controls
        guard let first = keyboardFocus.stops(among: controls, focused: nil).first else { return }
        startsFocusAtFirstStop = false
        keyboardFocus.focus(first)
        screen?.keyboardFocusDidMove(to: first)
        keyboardFocus.settle(root: root)
    }

    /// A press on a control gives it the keyboard focus, as a click does in GTK (the ring stays hidden until a key): the
    /// keys that follow go on from what was last touched.
    func focusOnClick(_ hit: Layer) {
        guard contextMenu == nil, let screen, screen.usesKeyboardFocus,
              let control = hit.ancestry.first(where: KeyboardFocus.isControl), control !== keyboardFocus.focused,
              keyboardFocus.innermostScope(under: root).controls.contains(where: { $0 === control }) else { return }
        keyboardFocus.focus(control)
        keyboardFocusMoved(to: control)
    }

    /// The keyboard focus moved to `control` by a key or a click: a text field that had the keyboard lets go of it unless
    /// it is the control (one focus: the typing goes where the ring is), and the screen hears of the move.
    private func keyboardFocusMoved(to control: Layer?) {
        if let field = textInput.focused, field.layer !== control, control != nil { textInput.focus(nil) }
        screen?.keyboardFocusDidMove(to: control)
    }

    /// A text field took the keyboard (by a tap, by its sheet's rules): the keyboard focus goes there too, so the one
    /// focus is where the typing goes. When the field let go and the keyboard focus was still on it, the keyboard focus
    /// lets go, so a ring never stays on a field that no longer takes the keys. Returns whether the keyboard focus moved.
    private func followTextField() -> Bool {
        let held = textInput.focused?.layer
        guard held !== textFieldFollowed.layer else { return false }
        let before = keyboardFocus.focused
        if let held {
            // Not reachable yet (a menu on its way out still holds the keyboard): followed once it is, at a later settle.
            guard keyboardFocus.innermostScope(under: root).controls.contains(where: { $0 === held }) else { return false }
            keyboardFocus.focus(held)
        } else if let previous = textFieldFollowed.layer, keyboardFocus.focused === previous {
            keyboardFocus.focus(nil)
        }
        textFieldFollowed = WeakLayer(held)
        return keyboardFocus.focused !== before
    }

    /// Routes typed text to the focused field, else to the screen; returns whether anything used it. The text of the
    /// key press that just opened a field is dropped (see `TextInput.textOfFocusingKey`).
    @discardableResult
    public func send(text: String) -> Bool {
        inputSinceLastStep = true
        if let key = textInput.textOfFocusingKey {
            textInput.textOfFocusingKey = nil
            if text.lowercased() == key.lowercased() { return true }
        }
        if let field = focusedField {
            field.handleText(text)
            return true
        }
        return screen?.handleText(text) ?? false
    }

    /// An input method's composition in progress (SDL's text-editing event), for the focused field; empty when it ends.
    @discardableResult
    public func send(composition: String) -> Bool {
        inputSinceLastStep = true
        guard let field = focusedField else { return false }
        field.handleComposition(composition)
        return true
    }

    /// The field with the keyboard, while it is on this stage and shows; a field that went away loses the focus.
    var focusedField: TextField? {
        guard let field = textInput.focused else { return nil }
        guard isOnStage(field.layer), field.layer.isVisibleInTree else {
            textInput.focus(nil)
            return nil
        }
        return field
    }
}
