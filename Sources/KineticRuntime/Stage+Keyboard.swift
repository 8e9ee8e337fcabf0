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
        let focusedBefore = textInput.focused
        let used = screen?.handleKey(event) == true
        if let field = textInput.focused, field !== focusedBefore, case .character(let typed) = event.key { textInput.textOfFocusingKey = typed }
        if !used, screen?.usesKeyboardFocus == true, keyboardFocus.handle(event, root: root) { return true }
        return used || (!event.modifiers.contains(.control) && motion.handle(event.key))
    }

    /// After a step: the keyboard focus follows what changed (see `KeyboardFocus.settle`) while a context menu or the
    /// screen uses it; otherwise it lets go of whatever it held.
    func settleKeyboardFocus() {
        if contextMenu != nil || screen?.usesKeyboardFocus == true {
            keyboardFocus.settle(root: root)
        } else if keyboardFocus.focused != nil || keyboardFocus.ring.superlayer != nil {
            keyboardFocus.release()
        }
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
