import KineticData

/// The search composed into the Mailbox's rules: its actions run through `SearchRules` on `state.search`, over the
/// Mailbox's messages; what it tells the Mailbox becomes the list's moves, the focus, and the server's search.
extension MailboxRules {
    static func reduceSearch(_ state: inout MailboxState, _ action: SearchAction) -> [MailboxOutcome] {
        switch action {
        case .open:
            // Over the list only: not over the options, compose or a question, whose own keys would be lost.
            guard state.options == nil, state.compose == nil, !state.confirmingEmptyTrash else { return [] }
            state.menuOpen = false
            state.reading = nil
        case .leaveField:
            // With nothing found, the keyboard stays in the field, to mend the query.
            guard state.visibleIDs.first != nil else { return [] }
        default:
            break
        }
        var search = state.search
        let messages = state.messages, positions = state.positions
        let told = SearchRules.reduce(&search, action, messages: messages, isHere: { positions[$0] != nil })
        state.search = search
        var outcomes: [MailboxOutcome] = []
        for outcome in told {
            switch outcome {
            case .listFiltered: outcomes.append(.move(.listFiltered))
            case .listWidened: outcomes.append(.move(.listWidened))
            case .askServer(let words, let query): outcomes.append(.effect(.searchServer(words, query: query)))
            case .focusTheTop: outcomes.append(.move(.focus(.firstMessage(.ifOnAMessage))))
            case .focusTheFirstFound: outcomes.append(.move(.focus(.firstMessage(.always))))
            case .focusTheFirstIfNowhere: outcomes.append(.move(.focus(.firstMessage(.ifNowhere))))
            }
        }
        return outcomes
    }
}
