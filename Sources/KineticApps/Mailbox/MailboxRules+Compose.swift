import Foundation
import KineticData

/// Compose's part of the rules: opening it (new, a reply, a draft), its fields, Send, and Cancel's question.
extension MailboxRules {
    static func reduceCompose(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxOutcome] {
        switch action {
        case .saveDraft, .deleteDraft, .send:
            // These change Drafts and Sent, which may be the list under the sheet: its rows follow, as a filing's do,
            // so no row stays for a message its list no longer holds and a new one's row takes a slot of its own.
            let shownBefore = state.visibleIDs
            let outcomes = reduceWritten(&state, action)
            // A search open over Drafts or Sent holds for them as they are now: a draft saved with the words shows.
            searchAgain(&state)
            return rowMoves(from: shownBefore, to: state.visibleIDs) + outcomes
        default:
            return reduceWritten(&state, action)
        }
    }

    /// The rows' moves when the person's own messages change under the list shown: a draft sent or deleted leaves it
    /// (nothing to undo), a draft saved or a message sent arrives in its slot.
    private static func rowMoves(from before: [String], to after: [String]) -> [MailboxOutcome] {
        let staying = Set(before).intersection(after)
        let gone = before.filter { !staying.contains($0) }, arrived = after.filter { !staying.contains($0) }
        return gone.map { .move(.remove($0)) } + arrived.map { .reinsert($0, fromLeft: false) }
    }

    /// Compose's actions on the model alone.
    private static func reduceWritten(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxOutcome] {
        switch action {
        case .openCompose:
            guard state.options == nil else { return [] }
            state.menuOpen = false
            state.compose = state.compose ?? MailboxState.Compose()
        case .closeCompose:
            guard let compose = state.compose else { return [] }
            if compose.hasContent && !compose.confirmingCancel {
                state.compose?.confirmingCancel = true
                return []
            }
            state.compose = nil
        case .keepEditing:
            state.compose?.confirmingCancel = false
        case .deleteDraft:
            guard let compose = state.compose else { return [] }
            state.compose = nil
            guard let draft = compose.draftID else { return [] }
            state.messages.removeAll { $0.id == draft }
            state.placements[draft] = nil
            return [.save, .saveSent(.draftDeleted)]
        case .saveDraft:
            guard let compose = state.compose else { return [] }
            state.compose = nil
            let id = compose.draftID ?? newID(in: state, prefix: "draft")
            state.messages.removeAll { $0.id == id }
            state.messages.append(written(compose, id: id, sender: compose.to, state: state))
            state.placements[id] = Placement(.draft)
            return [.save, .saveSent(.draftSaved)]
        case .openDraft(let id):
            guard state.placement(of: id).list == .draft, let draft = state.message(withID: id), state.options == nil else { return [] }
            var compose = MailboxState.Compose()
            compose.to = draft.sender
            compose.subject = draft.subject
            compose.body = draft.body ?? ""
            compose.draftID = id
            state.compose = compose
            state.menuOpen = false
        case .editDraft(let field, let text):
            guard var compose = state.compose else { return [] }
            switch field {
            case .to: compose.to = String(text.prefix(MailboxState.ComposeField.to.maximumLength))
            case .subject: compose.subject = String(text.prefix(MailboxState.ComposeField.subject.maximumLength))
            case .body: compose.body = String(text.prefix(MailboxState.ComposeField.body.maximumLength))
            }
            state.compose = compose
        case .focusField(let field):
            state.compose?.field = field
        case .send:
            guard let compose = state.compose, compose.canSend else { return [] }
            if let draft = compose.draftID {
                state.messages.removeAll { $0.id == draft }
                state.placements[draft] = nil
            }
            let id = newID(in: state, prefix: "sent")
            var message = written(compose, id: id, sender: state.words.toLine.replacingOccurrences(of: "{recipient}", with: compose.to), state: state)
            if message.subject.isEmpty { message.subject = state.words.noSubject }
            state.messages.append(message)
            state.placements[id] = Placement(.sent)
            state.compose = nil
            let outgoing = MailboxState.OutgoingMessage(to: compose.to.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
                                                        subject: message.subject, body: compose.body, inReplyTo: compose.inReplyTo)
            state.lastSent = outgoing
            // With an SMTP server it joins the outbox: sent, waiting, or back in Drafts as the server answers.
            let handedOver = state.sync.canSend ? reduceSync(&state, .send(sentID: id, outgoing)) : []
            return [.save, .saveSent(.sent)] + handedOver
        case .reply(let id):
            guard let message = state.message(withID: id), state.options == nil else { return [] }
            let quoted = message.text.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }.joined(separator: "\n")
            var compose = MailboxState.Compose()
            compose.to = message.senderAddress ?? message.sender  // the address, which Send needs, when it is known
            compose.inReplyTo = message.messageID
            compose.subject = message.subject.hasPrefix("Re: ") ? message.subject : "Re: \(message.subject)"
            compose.body = "\n\n" + state.words.wroteLine.replacingOccurrences(of: "{sender}", with: message.sender) + "\n\(quoted)"
            compose.field = .body
            state.compose = compose
        default:
            break
        }
        return []
    }

    /// An id no message has: `prefix-1`, `prefix-2`, …
    static func newID(in state: MailboxState, prefix: String) -> String {
        var number = 1
        while state.message(withID: "\(prefix)-\(number)") != nil { number += 1 }
        return "\(prefix)-\(number)"
    }

    /// Compose's text as a message of the person's own, stamped with the clock's time.
    static func written(_ compose: MailboxState.Compose, id: String, sender: String, state: MailboxState) -> MailMessage {
        let time = state.calendar.dateComponents([.hour, .minute], from: state.now)
        // The body is kept exactly as written (a reply's blank lines above the quote included), so a draft reopens as
        // it was left; the row's snippet is its words on one line, as a list row shows them.
        let words = compose.body.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return MailMessage(id: id, sender: sender, subject: compose.subject, snippet: String(words.prefix(200)),
                           time: String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0), unread: false, body: compose.body)
    }
}
