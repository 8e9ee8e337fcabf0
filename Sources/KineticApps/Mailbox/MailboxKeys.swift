import KineticData
import KineticCore
import KineticRuntime

/// The Mailbox's keys, in the order what shows takes them: compose's sheet and its question first, then the options
/// (and the date picker), the Trash's question, the menu, the reader, and the list (the focus ring, the swipe's
/// actions by letter, the segments, the page keys). Made for one key press, over the state then.
struct MailboxKeys {
    let state: MailboxState
    let send: (MailboxAction) -> Void
    let options: MailboxOptions
    let list: MessageList
    let reader: MailboxReader
    /// Whether the stage's keyboard focus is on a control that is not a message (a nav bar button, a segment, the
    /// reader's Back): Enter, Space and the arrows are then that control's, and the swipe's letters act on nothing.
    let focusIsOffTheList: Bool

    /// Whether the Mailbox used `event`; a key it has no use for goes on to the shell.
    func handle(_ event: KeyEvent) -> Bool {
        // Compose's fields take their own keys while one has the keyboard (the stage gives them first refusal); what
        // reaches here with the sheet open is for the sheet, and nothing goes through to the list behind it.
        // A question's buttons are the stage's keyboard focus's (Tab, arrows, Enter, Space); Esc answers it the safe
        // way, and no other key reaches what is behind it.
        if state.compose?.confirmingCancel == true {
            if event.key == .escape { send(.compose(.keepEditing)) }
            return !Self.movesTheFocus(event)
        }
        // The account sheet is worked as compose is (Enter in its password connects, as its fields' own Enter says).
        if state.account != nil { return handleSheetKey(event, closing: .account(.close), submitting: .account(.connect)) }
        if state.compose != nil {
            // Ctrl-Shift-C and Ctrl-Shift-B show Cc and Bcc, as in Thunderbird (their buttons come after the text in Tab
            // order, so To, Subject and the text stay a Tab apart).
            if event.modifiers.isSuperset(of: [.control, .shift]), case .character(let letter) = event.key, ["c", "b"].contains(letter.lowercased()) {
                send(.compose(.show(letter.lowercased() == "c" ? .cc : .bcc)))
                return true
            }
            return handleSheetKey(event, closing: .compose(.close), submitting: .compose(.send))
        }
        if event.modifiers.contains(.control), event.key == .character("z") || event.key == .character("Z") {
            send(.undo)
            return true
        }
        // Ctrl-F, as in every program, wherever `/` is on the keyboard's layout (AZERTY has it under Shift).
        if event.modifiers.contains(.control), event.key == .character("f") || event.key == .character("F"),
           state.options == nil, !state.confirmingEmptyTrash {
            send(.search(.open))
            return true
        }
        // In the reader Ctrl-A selects the message's text and Ctrl-C copies what is selected (all of it when nothing
        // is), as in every program.
        if state.reading != nil, state.options == nil, event.modifiers.contains(.control), event.key == .character("a") || event.key == .character("A") {
            reader.selectAllText()
            return true
        }
        if state.reading != nil, state.options == nil, event.modifiers.contains(.control), event.key == .character("c") || event.key == .character("C") {
            reader.copyText()
            return true
        }
        if state.options != nil {
            options.handleKey(event)
            return true
        }
        // A letter with Ctrl or Alt is a shortcut (the desktop's, a field's), never one of the Mailbox's letters:
        // Ctrl-D is not Delete, Ctrl-C is not Compose.
        if case .character = event.key, !event.modifiers.isDisjoint(with: [.control, .alt]) { return false }
        if state.confirmingEmptyTrash {
            if event.key == .escape { send(.cancelEmptyTrash) }
            return !Self.movesTheFocus(event)
        }
        // F10 opens and closes the Mailbox's own menu (its lists, the setting, the way back to the gallery), as F10 opens
        // a desktop app's menu; while it is open the stage's keyboard focus moves through it (↑/↓, Home, End, a letter,
        // Enter). M stays the shell's menu, as in every app.
        if event.key == .appMenu {
            send(.setMenu(open: !state.menuOpen))
            return true
        }
        if state.menuOpen {
            if event.key == .escape { send(.setMenu(open: false)); return true }
            if case .character = event.key, !event.modifiers.contains(.control) { return false }  // a letter jumps; M is the shell's
            return !Self.movesTheFocus(event) || event.key == .left || event.key == .right
        }
        if let reading = state.reading {
            switch event.key {
            case .escape: send(.reader(.close)); return true
            case .character("r"), .character("R"): send(.reader(.reply)); return true
            // A for Reply All and F for Forward, as web mail's keys are (E archives there too).
            case .character("a"), .character("A"): send(.reader(.replyAll)); return true
            case .character("f"), .character("F"): send(.reader(.forward)); return true
            // The page keys scroll the message; the list behind stays put.
            case .up: reader.page(.lineUp); return true
            case .down: reader.page(.lineDown); return true
            case .pageUp: reader.page(.up); return true
            case .space where focusIsOffTheList: return false  // presses the ringed button
            case .pageDown, .space: reader.page(.down); return true
            case .home: reader.page(.top); return true
            case .end: reader.page(.bottom); return true
            case .enter: return !focusIsOffTheList  // a ringed button of the reader's takes it
            default: break
            }
        }
        return handleListKey(event)
    }

    /// A sheet's keys (compose's, the account sheet's), whose fields took their own keys first: Tab and Shift-Tab go
    /// through the sheet by the stage's keyboard focus, and with a button focused Enter and Space press it; Ctrl-Enter
    /// sends `submitting` (Send, Connect), Esc `closing` (with a field focused, Esc left it first). No other key
    /// reaches the list behind the sheet.
    private func handleSheetKey(_ event: KeyEvent, closing: MailboxAction, submitting: MailboxAction) -> Bool {
        switch event.key {
        case .escape: send(closing)
        case .enter where event.modifiers.contains(.control): send(submitting)
        case .tab: return false
        case .enter, .space: return !focusIsOffTheList
        default: break
        }
        return true
    }

    /// The keys the stage's keyboard focus takes in a question: Tab, the arrows, Home, End, Enter and Space.
    static func movesTheFocus(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .tab, .up, .down, .left, .right, .home, .end, .enter, .space: return true
        default: return false
        }
    }

    /// The keys that work the focused message (or move from it): with the focus on another control they are that
    /// control's or nothing's.
    static func actsOnTheFocusedMessage(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .enter, .space, .up, .down, .left, .right, .contextMenu, .delete: return true
        case .character(let letter): return ["e", "d", "l", "t"].contains(letter.lowercased())
        default: return false
        }
    }

    /// The list's keys: the focused (or first) message takes the swipe's actions by letter.
    private func handleListKey(_ event: KeyEvent) -> Bool {
        if focusIsOffTheList, Self.actsOnTheFocusedMessage(event) { return false }
        let target = list.focusedMessage ?? state.visibleIDs.first
        switch event.key {
        case .enter: if let target { send(.reader(.open(target))) }
        case .up: list.moveFocus(down: false)
        case .down: list.moveFocus(down: true)
        case .character("e"), .character("E"): if let target { send(.command(id: target, zone: .archive)) }
        case .character("d"), .character("D"), .delete: if let target { send(.command(id: target, zone: .delete)) }
        case .character("l"), .character("L"): if let target { send(.command(id: target, zone: .later)) }
        case .character("t"), .character("T"): if let target { send(.command(id: target, zone: .list)) }
        case .character("1"): send(.selectSegment(.later)); list.scrollToFocus()
        case .character("2"): send(.selectSegment(.inbox)); list.scrollToFocus()
        case .character("3"): send(.selectSegment(.archive)); list.scrollToFocus()
        case .character("c"), .character("C"):
            send(.compose(.open))  // the stage keeps this keystroke's text out of the field it opened
        case .character("/"):
            send(.search(.open))  // the same: the slash is not typed into the search
        case .contextMenu: list.showContextMenuForFocus()
        case .pageUp: list.scroll.page(.up)
        case .pageDown, .space: list.scroll.page(.down)
        case .home: list.scroll.page(.top)
        case .end: list.scroll.page(.bottom)
        case .escape:
            // The search closes first, the focus staying on the message found, now in its whole list.
            if state.search != nil { send(.search(.close)); return true }
            guard list.focusedMessage != nil else { return false }
            list.stageFocus.focus(nil)
            return true
        default: return false
        }
        return true
    }
}
