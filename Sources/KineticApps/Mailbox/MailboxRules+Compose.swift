import Foundation
import KineticData
import KineticRuntime

/// Compose composed into the Mailbox's rules: its actions run through `ComposeRules` on `state.compose`, and what it
/// tells the Mailbox (a draft saved or deleted, a message sent) changes the Mailbox's messages; a reply and a draft
/// reopened start compose from a message the Mailbox holds.
extension MailboxRules {
    static func reduceCompose(_ state: inout MailboxState, _ action: ComposeAction) -> [MailboxOutcome] {
        if action == .open {
            guard state.options == nil else { return [] }
            state.menuOpen = false
        }
        // What is sent, saved or deleted changes Drafts and Sent, which may be the list under the sheet: its rows
        // follow, as a filing's do, so no row stays for a message its list no longer holds and a new one's row takes a
        // slot of its own.
        let shownBefore = state.visibleIDs
        var compose = state.compose
        let told = ComposeRules.reduce(&compose, action)
        state.compose = compose
        guard !told.isEmpty else { return [] }
        var outcomes: [MailboxOutcome] = []
        for outcome in told {
            switch outcome {
            case .deleteDraft(let draft):
                guard let draft else { continue }
                if retireServersDraft(&state, draft) {
                    outcomes += [.save]
                    continue
                }
                // Only a draft written here is this device's to delete (a server's row moved meanwhile is left be).
                guard state.isWrittenHere(draft) else { continue }
                state.messages.removeAll { $0.id == draft }
                state.placements[draft] = nil
                outcomes += [.save, .saveSent(.draftDeleted)]
            case .saveDraft(let written):
                if let reopened = written.draftID { _ = retireServersDraft(&state, reopened) }
                // A draft written here keeps its id; any other (the server's, retired, or one another program moved
                // meanwhile) is saved as this device's under a new one, never under the server's row's id.
                let id = written.draftID.flatMap { state.isWrittenHere($0) ? $0 : nil } ?? newID(in: state, prefix: "draft")
                state.messages.removeAll { $0.id == id }
                state.messages.append(self.written(written, id: id, sender: written.to, state: state))
                state.placements[id] = Placement(.draft)
                outcomes += [.save, .saveSent(.draftSaved)]
            case .send(let written):
                outcomes += send(&state, written)
            }
        }
        // A search open over Drafts or Sent holds for them as they are now: a draft saved with the words shows.
        searchAgain(&state)
        return rowMoves(from: shownBefore, to: state.visibleIDs) + outcomes
    }

    /// What was written goes to Sent (its draft leaves Drafts) and, with an SMTP server, into the outbox: sent,
    /// waiting, or back in Drafts as the server answers.
    private static func send(_ state: inout MailboxState, _ compose: MailboxState.Compose) -> [MailboxOutcome] {
        if let draft = compose.draftID, !retireServersDraft(&state, draft), state.isWrittenHere(draft) {
            state.messages.removeAll { $0.id == draft }
            state.placements[draft] = nil
        }
        let id = newID(in: state, prefix: "sent")
        // Its row says whom it went to: To's entries, else (a message of copies only) Cc's, else Bcc's.
        let shownRecipients = [compose.to, compose.cc, compose.bcc].first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? compose.to
        var message = written(compose, id: id, sender: state.words.toLine.replacingOccurrences(of: "{recipient}", with: shownRecipients), state: state)
        if message.subject.isEmpty { message.subject = state.words.noSubject }
        message.sentAs = messageIDPart(for: id, state)
        state.messages.append(message)
        state.placements[id] = Placement(.sent)
        var outgoing = MailboxState.OutgoingMessage(to: compose.recipients, subject: message.subject, body: compose.body, inReplyTo: compose.inReplyTo)
        outgoing.references = compose.references.isEmpty ? nil : compose.references
        (outgoing.cc, outgoing.bcc) = (compose.copies.isEmpty ? nil : compose.copies, compose.blindCopies.isEmpty ? nil : compose.blindCopies)
        outgoing.forwarding = compose.forwarding
        outgoing.forwardedFiles = compose.forwardedFiles.map(\.files.count)
        outgoing.answers = compose.answers
        outgoing.messageIDPart = message.sentAs
        state.lastSent = outgoing
        let handedOver = state.sync.canSend ? reduceSync(&state, .send(sentID: id, outgoing)) : []
        return [.save, .saveSent(.sent)] + handedOver
    }

    /// A draft of the server's (another program's, or another device's) that was reopened here and is now sent, saved
    /// as this device's, or deleted: it leaves the server's Drafts for its Trash, as a message deleted does (the save
    /// that follows files it there), where nothing of it is lost. One that carries files (sent with it, read from it
    /// as it goes), or whose text is not read yet (compose opened on none of it), stays where it is: nothing of it is
    /// dropped unseen. Whether `id` was the server's draft.
    private static func retireServersDraft(_ state: inout MailboxState, _ id: String) -> Bool {
        guard state.placement(of: id).list == .draft, let draft = state.message(withID: id), draft.serverPlacement != nil else { return false }
        if draft.attachments.isEmpty, !draft.text.isEmpty { state.placements[id] = Placement(.deleted) }
        return true
    }

    /// The rows' moves when the person's own messages change under the list shown: a draft sent or deleted leaves it
    /// (nothing to undo), a draft saved or a message sent arrives in its slot.
    private static func rowMoves(from before: [String], to after: [String]) -> [MailboxOutcome] {
        let staying = Set(before).intersection(after)
        let gone = before.filter { !staying.contains($0) }, arrived = after.filter { !staying.contains($0) }
        return gone.map { .move(.remove($0)) } + arrived.map { .reinsert($0, fromLeft: false) }
    }

    /// Compose opened from a message the Mailbox holds: a draft reopened as it was left, or a reply to a message.
    static func reduceWriting(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxOutcome] {
        switch action {
        case .openDraft(let id):
            guard state.placement(of: id).list == .draft, let draft = state.message(withID: id), state.options == nil else { return [] }
            var compose = MailboxState.Compose()
            // A draft written here keeps its To as its row's sender line; the server's has its To header.
            compose.to = draft.serverPlacement == nil ? draft.sender : draft.to ?? ""
            (compose.cc, compose.bcc) = (draft.cc ?? "", draft.bcc ?? "")
            // A forward's draft forwards the same files, while the Mailbox still holds the message they are read from.
            compose.forwarding = draft.forwarding
            if let original = draft.forwarding.flatMap(state.message(withID:)), let count = draft.forwardedFiles, count > 0, !original.attachments.isEmpty {
                compose.forwardedFiles = MailboxState.ForwardedFiles(messageID: original.id, files: Array(original.attachments.prefix(count)))
            }
            // The server's draft's own files go with it, read from it as it is sent (as a forward's are).
            if draft.serverPlacement != nil, !draft.attachments.isEmpty {
                compose.forwarding = id
                compose.forwardedFiles = MailboxState.ForwardedFiles(messageID: id, files: draft.attachments)
            }
            compose.subject = draft.subject
            compose.body = draft.body ?? ""
            compose.draftID = id
            state.compose = compose
            state.menuOpen = false
        case .reply(let id):
            guard let message = state.message(withID: id), state.options == nil else { return [] }
            state.compose = reply(to: message, state)
        case .replyAll(let id):
            guard let message = state.message(withID: id), state.options == nil else { return [] }
            state.compose = replyAll(to: message, state)
        case .forward(let id):
            guard let message = state.message(withID: id), state.options == nil else { return [] }
            state.compose = forward(message, state)
        default:
            break
        }
        return []
    }

    /// A reply to `message`, as mail programs write one: to its Reply-To when it has one (a list's, an assistant's),
    /// else to its sender; "Re: " once; the caret on its own line above the attribution ("On Fri 4 Jan 2019 08:30,
    /// Erin Wu wrote:") and the quote; In-Reply-To and the whole References chain; the message to mark answered.
    static func reply(to message: MailMessage, _ state: MailboxState) -> MailboxState.Compose {
        let quoted = message.text.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }.joined(separator: "\n")
        var compose = MailboxState.Compose()
        if let replyTo = message.replyTo.flatMap({ MailAddressList($0).addresses }) {
            compose.to = replyTo.map(\.written).joined(separator: ", ")
        } else {
            compose.to = message.senderAddress ?? message.sender  // the address, which Send needs, when it is known
        }
        compose.inReplyTo = message.messageID
        if let messageID = message.messageID {
            let before = (message.references ?? "").split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("<") && $0 != messageID }
            compose.references = Array(before.suffix(20)) + [messageID]
        }
        compose.answers = message.id
        let subject = message.subject
        compose.subject = subject.lowercased().hasPrefix("re:") ? subject : "Re: \(subject)"
        let attribution = message.date.map { date in
            state.words.wroteOnLine.replacingOccurrences(of: "{date}", with: DateWords(language: state.words.dateLanguage).whole(date, calendar: state.calendar))
        } ?? state.words.wroteLine
        compose.body = "\n\n" + attribution.replacingOccurrences(of: "{sender}", with: message.sender) + "\n\(quoted)"
        compose.bodyCaret = 0
        compose.startsIn = .body
        return compose
    }

    /// A reply to `message` and to everyone it went to, as mail programs write one: To as `reply(to:)` has it, Cc
    /// its To and Cc, each address once, less the person's own (`receivedBy`) and those To already has.
    static func replyAll(to message: MailMessage, _ state: MailboxState) -> MailboxState.Compose {
        var compose = reply(to: message, state)
        var taken = Set((MailAddressList(compose.to).addresses ?? []).map { $0.address.lowercased() })
        if let own = message.receivedBy { taken.insert(own.lowercased()) }
        let others = [message.to, message.cc].compactMap { $0 }.flatMap { field in
            MailAddressList(field).entries.compactMap { entry -> MailAddress? in
                if case .success(let address) = entry { return address }
                return nil  // a group's name or a broken entry: nobody to write to
            }
        }
        compose.cc = others.filter { taken.insert($0.address.lowercased()).inserted }.map(\.written).joined(separator: ", ")
        return compose
    }

    /// `message` passed on, inline, as mail programs forward: "Fwd: " once; the caret on its own line above the
    /// forwarded line, its From, Date, Subject, To and Cc, and its text; To empty, for the person to fill; its files
    /// going with it (`forwardedFiles`) unless the person leaves them out.
    static func forward(_ message: MailMessage, _ state: MailboxState) -> MailboxState.Compose {
        let words = state.words
        var compose = MailboxState.Compose()
        let subject = message.subject
        compose.subject = subject.lowercased().hasPrefix("fwd:") || subject.lowercased().hasPrefix("fw:") ? subject : "Fwd: \(subject)"
        let from = message.senderAddress.map { address in message.sender == address ? address : "\(message.sender) <\(address)>" } ?? message.sender
        var lines = [words.forwardedLine, "\(words.fromCaption) \(from)"]
        if let date = message.date {
            lines.append("\(words.dateCaption) \(DateWords(language: words.dateLanguage).whole(date, calendar: state.calendar))")
        }
        lines.append("\(words.subjectCaption) \(subject)")
        if let to = message.to, !to.isEmpty { lines.append("\(words.toCaption) \(to)") }
        if let cc = message.cc, !cc.isEmpty { lines.append("\(words.ccCaption) \(cc)") }
        compose.body = "\n\n" + lines.joined(separator: "\n") + "\n\n" + message.text
        compose.bodyCaret = 0
        compose.startsIn = .to
        compose.forwarding = message.id
        // Its files go with it, read from the server as it is sent (a message of a document has none to read).
        if !message.attachments.isEmpty { compose.forwardedFiles = MailboxState.ForwardedFiles(messageID: message.id, files: message.attachments) }
        return compose
    }

    /// An id no message has: `prefix-1`, `prefix-2`, …
    static func newID(in state: MailboxState, prefix: String) -> String {
        var number = 1
        while state.message(withID: "\(prefix)-\(number)") != nil { number += 1 }
        return "\(prefix)-\(number)"
    }

    /// The left part of the Message-ID a message sent as row `id` goes with: the clock's moment in milliseconds, the
    /// row, and this device's name (a random token of its own), which no other message of this device or another
    /// shares (RFC 5322 §3.6.4 asks a Message-ID to be unique); `kinetic.1764429680000.sent-3.5f0c…`.
    static func messageIDPart(for id: String, _ state: MailboxState) -> String {
        let milliseconds = Int64((state.now.timeIntervalSince1970 * 1000).rounded())
        let candidate = "kinetic.\(milliseconds).\(id).\(state.device ?? "here")".lowercased()
        return OutgoingMessage.isMessageIDPart(candidate) ? candidate : "kinetic.\(milliseconds).\(id)"
    }

    /// Compose's text as a message of the person's own, stamped with the clock's time.
    static func written(_ compose: MailboxState.Compose, id: String, sender: String, state: MailboxState) -> MailMessage {
        let time = state.calendar.dateComponents([.hour, .minute], from: state.now)
        // The body is kept exactly as written (a reply's blank lines above the quote included), so a draft reopens as
        // it was left; the row's snippet is its words on one line, as a list row shows them.
        let words = compose.body.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        var message = MailMessage(id: id, sender: sender, subject: compose.subject, snippet: String(words.prefix(200)),
                                  time: String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0), unread: false, body: compose.body)
        // Cc and Bcc as typed, so a draft reopens with them and a message sent says whom it was copied to; a forward's
        // message and files, so its draft reopens forwarding them.
        (message.cc, message.bcc) = (compose.cc.isEmpty ? nil : compose.cc, compose.bcc.isEmpty ? nil : compose.bcc)
        (message.forwarding, message.forwardedFiles) = (compose.forwarding, compose.forwardedFiles.map(\.files.count))
        // Dated, so Sent and Drafts order it among the server's, and its row and the reader say the day.
        message.date = state.now
        return message
    }
}
