extension MailboxRules {
    /// The reader's actions: whether a message may open is the Mailbox's to say (no sheet over the list; a draft opens
    /// where it is written, in compose); the reader's rules say what it shows; what it tells comes back here (the message
    /// read, a reply, a filing).
    static func reduceReader(_ state: inout MailboxState, _ action: ReaderAction) -> [MailboxOutcome] {
        if case .open(let id) = action {
            guard state.options == nil, state.compose == nil, state.message(withID: id) != nil else { return [] }
            // A draft opens where it is written, whether a tap, Enter or a screen reader's action opened it.
            if state.placement(of: id).list == .draft { return reduceWriting(&state, .openDraft(id)) }
            state.menuOpen = false
        }
        var reading = state.reading
        let told = ReaderRules.reduce(&reading, action)
        state.reading = reading
        return told.flatMap { outcome -> [MailboxOutcome] in
            switch outcome {
            case .opened(let id):
                // The row read has the focus once the reader closes (the reader is a dialog: the row waits under it).
                let focus = MailboxOutcome.move(.focus(.message(id)))
                guard !state.read.contains(id) else { return [focus] }
                state.read.insert(id)
                return [focus, .saveRead]
            case .reply(let id):
                return outcomes(&state, .reply(id))
            case .replyAll(let id):
                return outcomes(&state, .replyAll(id))
            case .forward(let id):
                return outcomes(&state, .forward(id))
            case .useAttachment(let id, let index, let use):
                return useAttachment(state, id: id, index: index, use)
            case .file(let id, let zone):
                return outcomes(&state, .command(id: id, zone: zone))
            }
        }
    }
}
