import KineticData

/// What can happen to the search, a child feature of the Mailbox's (`MailboxAction.search`).
public enum SearchAction: Equatable, Sendable {
    /// The search opens (`/`, the bar's search button), or its field takes the keyboard back.
    case open
    /// The search field's text after an edit: the list shows the messages that hold every word.
    case type(String)
    /// Enter or ↓ in the search field: the keyboard goes to the first message found.
    case leaveField
    /// The search field lost the keyboard (Esc, a click elsewhere): the list's keys are the list's again.
    case fieldLeft
    /// The mail server found these messages for `query` (its SEARCH, which reaches texts not read here yet): they join
    /// the matches while the query is still the one typed.
    case serverFound(query: String, ids: Set<String>)
    /// The search closes (Esc, its ×): the whole list again.
    case close
}

/// What the search tells the Mailbox it is part of: how the list changes, what to ask the server, and where the
/// keyboard's focus goes (the list and the focus are the Mailbox's).
public enum SearchOutcome: Equatable, Sendable {
    /// The matches changed: the list shows only them (or all again).
    case listFiltered
    /// The server's finds joined the matches: the list widens where they are.
    case listWidened
    /// Ask the mail server too for the messages holding every one of `words`.
    case askServer([String], query: String)
    /// The matches changed: a focus there was starts again at the top of what shows.
    case focusTheTop
    /// The keyboard left the field for the results: the first of them takes the focus.
    case focusTheFirstFound
    /// The search closed with the keyboard in the results, or Esc left its field: where the keyboard is nowhere else,
    /// the first message that shows takes it.
    case focusTheFirstIfNowhere
}

/// The search's rules: its state (`nil` while closed) + action → new state + what the Mailbox is to do, pure. The
/// messages searched and whether one is still there come from the Mailbox, as does whether the search may open (no
/// sheet over the list) and whether there is a first result to go to.
public enum SearchRules {
    /// Applies one action to the search over `messages`; `isHere` says whether a message is still in the Mailbox.
    public static func reduce(_ search: inout MailboxState.Search?, _ action: SearchAction, messages: [MailMessage],
                              isHere: (String) -> Bool) -> [SearchOutcome] {
        switch action {
        case .open:
            if search == nil { search = MailboxState.Search() } else { search?.isEditing = true }
        case .type(let typed):
            let query = String(typed.prefix(MailSearch.maximumQueryLength))
            guard let current = search, query != current.query else { return [] }
            // A query that only adds to the last one (a letter typed) can only narrow it: its matches are looked for
            // among the last ones, not among every message.
            let among = MailSearch.narrows(query, current.query) ? current.matches : nil
            let matches = MailSearch.matches(query, in: messages, among: among)
            search?.query = query
            search?.serverFound = []
            let words = MailSearch.words(of: query)
            let server: [SearchOutcome] = words.isEmpty ? [] : [.askServer(words, query: query)]
            guard matches != current.matches else { return server }  // the same results: the list and the focus stay
            search?.matches = matches
            return [.focusTheTop, .listFiltered] + server
        case .serverFound(let query, let ids):
            guard search?.query == query, let matches = search?.matches else { return [] }
            let joining = ids.filter { isHere($0) && !matches.contains($0) }
            search?.serverFound = ids
            guard !joining.isEmpty else { return [] }
            search?.matches = matches.union(joining)
            return [.listWidened]
        case .leaveField:
            guard search != nil else { return [] }
            search?.isEditing = false
            return [.focusTheFirstFound]
        case .fieldLeft:
            guard search?.isEditing == true else { return [] }
            search?.isEditing = false
            return [.focusTheFirstIfNowhere]
        case .close:
            guard let closed = search else { return [] }
            search = nil
            return (closed.isEditing ? [] : [.focusTheFirstIfNowhere]) + (closed.matches == nil ? [] : [.listFiltered])
        }
        return []
    }
}
