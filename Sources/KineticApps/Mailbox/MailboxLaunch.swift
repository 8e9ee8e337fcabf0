import KineticData

/// What a Mailbox starts with: the messages at hand (bundled, saved, or what the last checks kept), what the last run
/// saved (where each message was filed, which were read, what was written here), and for a mail server, what was on
/// its way to it when the app quit (the outbox file). Read once, as the screen is made; what could not be read is
/// kept in `problems`, logged as the Mailbox appears.
struct MailboxLaunch {
    /// The first state.
    var state: MailboxState
    /// What went wrong reading it, one line each.
    var problems: [String]

    /// A mailbox over `messages` with no network, with the placements `environment` keeps.
    init(messages: [MailMessage], environment: MailboxEnvironment, words: MailWords) {
        let (placements, problem) = environment.loadPlacements()
        let (read, readProblem) = environment.loadRead()
        let (sent, sentProblem) = environment.loadSent()
        state = MailboxState(messages: messages + Self.sentOnly(sent, placements), placements: placements, read: read)
        state.words = words
        problems = [problem, readProblem, sentProblem].compactMap { $0 }
    }

    /// A mailbox on the data layer: the bundled or saved messages at once, then the feed's checks. A fresh start reads
    /// nothing saved, and leaves the saved server state alone: it neither reads the outbox nor writes over it.
    init(feed: MailboxFeed, environment: MailboxEnvironment, freshStart: Bool, words: MailWords) {
        let initial = feed.initial()
        let (placements, problem) = freshStart ? ([:], nil) : environment.loadPlacements()
        let (read, readProblem) = freshStart ? ([], nil) : environment.loadRead()
        let (sent, sentProblem) = freshStart ? ([], nil) : environment.loadSent()
        // What the last checks kept, shown as a check's would be; a message of the server's Sent, Drafts or a folder
        // that no placement saved yet (kept by the run before this one's first save) is where the server has it.
        let writtenHere = Self.sentOnly(sent, placements)
        let sentHere = writtenHere.filter { placements[$0.id]?.list == .sent }
        let kept = MailboxRules.shown(initial.messages, sentHere: sentHere, device: environment.device, words: words)
        state = MailboxState(messages: kept + writtenHere, placements: placements, read: read)
        (state.words, state.device, state.serverFolders) = (words, environment.device, initial.folders)
        for message in kept where placements[message.id] == nil {
            if let server = message.serverPlacement, server.list.isWrittenHere || server.list == .folder { state.placements[message.id] = server }
        }
        state.sync = ServerSyncState(checkInterval: feed.refreshInterval)
        state.sync.canSend = environment.submitOnServer != nil
        state.sync.filing.filesOnServer = environment.moveOnServer != nil
        state.sync.filing.keepsDrafts = environment.keepDraftsOnServer != nil
        state.sync.filing.tellsRead = environment.markReadOnServer != nil
        state.sync.filing.keepsServerState = !freshStart
        var outboxProblem: String?
        if !freshStart, environment.moveOnServer != nil {
            let (waiting, sends, problem) = environment.loadOutbox()
            outboxProblem = problem
            // What was filed while the server was away, before the last quit: carried out first, in its order, once the
            // first check has said where the server has each message (the server finds a message by what a check saw).
            state.sync.filing.atLaunch = waiting
            // A send needs no check: the SMTP server takes it as it is. One whose end the server had when the app quit,
            // unanswered, may have arrived: the sync rules put it in Drafts rather than send it twice.
            state.sync.outboxAtLaunch = sends.map { message in
                OutboxEntry(serial: 0, sentID: message.sentID ?? "", message: message, phase: message.committed == true ? .committed : .queued)
            }
        }
        problems = initial.problems + [problem, readProblem, sentProblem, outboxProblem].compactMap { $0 }
    }

    /// The saved written messages that the placements file still files in Sent or Drafts (both are written together).
    static func sentOnly(_ sent: [MailMessage], _ placements: [String: Placement]) -> [MailMessage] {
        sent.filter { placements[$0.id]?.list.isWrittenHere == true }
    }
}
