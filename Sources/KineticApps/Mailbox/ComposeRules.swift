/// What can happen to the compose sheet, a child feature of the Mailbox's (`MailboxAction.compose`). A reply and a
/// draft reopened are the Mailbox's own actions (`reply`, `openDraft`): they start compose from a message it holds.
public enum ComposeAction: Equatable, Sendable {
    /// Compose opens on a new message (or comes back to the one being written).
    case open
    /// Cancel (or Esc with no field focused): closes, or asks first when something is written.
    case close
    /// Cancel's question answered "Keep Editing".
    case keepEditing
    /// Cancel's question answered "Save Draft": the message goes to Drafts.
    case saveDraft
    /// Cancel's question answered "Delete Draft": what was written goes (and the draft it was opened from).
    case deleteDraft
    /// Send (or Ctrl-Enter), when To, Cc and Bcc hold addresses and nothing else: the sheet leaves and the message is in
    /// Sent.
    case send
    /// A field's text after an edit (the engine's text field did the editing).
    case edit(MailboxState.ComposeField, String)
    /// Cc or Bcc shows (its button, Ctrl-Shift-C, Ctrl-Shift-B), and takes the keyboard.
    case show(MailboxState.ComposeField)
    /// A forward's files are left out: the message goes without them.
    case leaveOutForwardedFiles
}

/// What compose tells the Mailbox to do with what is the Mailbox's (its messages and lists).
public enum ComposeOutcome: Equatable, Sendable {
    /// Keep what was written in Drafts (replacing the draft it was opened from).
    case saveDraft(MailboxState.Compose)
    /// Drop the draft with this id, if it was opened from one.
    case deleteDraft(String?)
    /// Send what was written (the draft it was opened from leaves Drafts).
    case send(MailboxState.Compose)
}

/// Compose's rules: its state (`nil` while closed) + action → new state + what the Mailbox is to do, pure.
public enum ComposeRules {
    /// Applies one action to compose.
    public static func reduce(_ compose: inout MailboxState.Compose?, _ action: ComposeAction) -> [ComposeOutcome] {
        switch action {
        case .open:
            compose = compose ?? MailboxState.Compose()
        case .close:
            guard let written = compose else { return [] }
            if written.hasContent && !written.confirmingCancel {
                compose?.confirmingCancel = true
                return []
            }
            compose = nil
        case .keepEditing:
            // Back to writing: the keyboard goes back to the field that had it (the question was a dialog over it), or to
            // `resumesIn` where none had it (the sheet's to carry out).
            compose?.confirmingCancel = false
        case .deleteDraft:
            guard let written = compose else { return [] }
            compose = nil
            return [.deleteDraft(written.draftID)]
        case .saveDraft:
            guard let written = compose else { return [] }
            compose = nil
            return [.saveDraft(written)]
        case .send:
            guard let written = compose, written.canSend else { return [] }
            compose = nil
            return [.send(written)]
        case .leaveOutForwardedFiles:
            compose?.forwardedFiles = nil
        case .show(let field):
            guard compose != nil else { return [] }
            if field == .cc { compose?.showsCc = true }
            if field == .bcc { compose?.showsBcc = true }
        case .edit(let field, let text):
            guard compose != nil else { return [] }
            let kept = String(text.prefix(field.maximumLength))
            switch field {
            case .to: compose?.to = kept
            // Once written in, Cc and Bcc stay shown even emptied: a field never vanishes under the caret.
            case .cc: compose?.cc = kept; compose?.showsCc = true
            case .bcc: compose?.bcc = kept; compose?.showsBcc = true
            case .subject: compose?.subject = kept
            case .body: compose?.body = kept
            }
        }
        return []
    }
}
