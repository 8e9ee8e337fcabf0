import KineticData
import KineticRuntime

/// The Mailbox's messages: the saved or bundled ones at once, then the content server's.
public typealias MailboxFeed = DataFeed<MailboxRefresher.Snapshot>

extension DataFeed where Snapshot == MailboxRefresher.Snapshot {
    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when it has a messages URL.
    public convenience init(refresher: MailboxRefresher) {
        var refresh: (@Sendable () async -> MailboxRefresher.Snapshot)?
        if refresher.messagesURL != nil { refresh = { await refresher.refresh() } }
        self.init(current: { refresher.current() }, refresh: refresh)
    }
}

extension DataFeed where Snapshot == MailboxRefresher.Snapshot {
    /// A feed over a person's mail server: what the last checks kept on this machine at once (`keptMessages`), then
    /// its mailboxes, read again every `checkInterval` seconds, and at once when the server's watch says the Inbox
    /// changed. A failed check keeps the messages shown and says why; the Mailbox says it once, until a check works.
    public convenience init(server: MailServer) {
        let kept = server.keptMessages()
        let memory = MailCheckMemory(shown: kept)
        var opening = MailboxRefresher.Snapshot(messages: kept, problems: [], refreshFailed: false, showingSaved: !kept.isEmpty)
        opening.folders = server.folders()
        self.init(current: { opening }, refresh: {
            do {
                let messages = try await server.inbox()
                await memory.succeeded(messages)
                var checked = MailboxRefresher.Snapshot(messages: messages, problems: [], refreshFailed: false)
                checked.folders = server.folders()
                return checked
            } catch let partial as PartialMailCheck {
                // Some accounts answered: their messages are news; the others' failures are said.
                await memory.succeeded(partial.messages)
                var checked = MailboxRefresher.Snapshot(messages: partial.messages, problems: partial.problems.map { "mail server: \($0)" }, refreshFailed: true)
                checked.folders = server.folders()
                checked.problem = partial.problem
                return checked
            } catch {
                // Every failed check says why: the sync keeps the server "away" until one works (said once, and shown
                // by the strip under the bar for as long as it lasts).
                let shown = await memory.failed()
                var stale = MailboxRefresher.Snapshot(messages: shown, problems: ["mail server: \(error)"],
                                                      refreshFailed: true, showingSaved: !shown.isEmpty)
                stale.isStale = true
                stale.problem = MailProblem.of(error)
                return stale
            }
        }, refreshInterval: server.checkInterval)
    }
}

/// The messages of the last mail check that worked: what a failed check keeps showing.
private actor MailCheckMemory {
    private var shown: [MailMessage]

    /// A memory of `shown`: what the Mailbox opened on.
    init(shown: [MailMessage]) {
        self.shown = shown
    }

    func succeeded(_ messages: [MailMessage]) {
        shown = messages
    }

    /// The messages to keep showing.
    func failed() -> [MailMessage] { shown }
}
