import KineticData

/// The Mailbox's conversation with its mail server over time, a child feature of the Mailbox (`MailboxState.sync`):
/// when the next check is due, whether the server answers, and the messages on their way out.
public struct ServerSyncState: Equatable, Sendable {
    /// Seconds from the end of one check to the start of the next; `nil` reads once (the bundled or served messages).
    public var checkInterval: Double?
    /// Whether messages sent go to an SMTP server (the outbox); without one they stay in Sent here.
    public var canSend = false
    /// Whether a check is under way.
    public var checking = false
    /// How many checks have started (the one under way is this number).
    public var checksStarted = 0
    /// Whether the server said it has new mail while a check was under way: another starts when it ends.
    public var newMailDuringCheck = false
    /// Whether the server answered the last check.
    public var reach = ServerReach.unknown
    /// The messages sent and not yet taken by the SMTP server, oldest first: the first is the one on its way.
    public var outbox: [OutboxEntry] = []
    /// The number the next message sent gets.
    public var nextSendSerial = 1
    /// The outbox the last run left (`mailbox-outbox.json`), taken up when the sync starts (`resumeOutbox`).
    public var outboxAtLaunch: [OutboxEntry] = []
    /// The person's filings and drafts on their way to the server, and what it was told was read.
    public var filing = ServerFilingState()

    /// A sync with no server yet.
    public init(checkInterval: Double? = nil) {
        self.checkInterval = checkInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }
}

/// Whether the mail server answers, as the last check found.
public enum ServerReach: Equatable, Sendable {
    /// No check has ended yet.
    case unknown
    /// The last check worked.
    case answering
    /// The last check could not reach the server, or was refused, for `reason` (the server's words): said for as long
    /// as it lasts, in the bar.
    case away(reason: String)
}

/// A message on its way to the SMTP server.
public struct OutboxEntry: Equatable, Sendable {
    /// Its place in the outbox's order.
    public var serial: Int
    /// The id of its row in Sent (`sent-3`).
    public var sentID: String
    /// The message as sent.
    public var message: OutgoingMessage
    /// Where it is now.
    public var phase: SendPhase
    /// How many times it was handed to the server.
    public var attempts = 0

    /// Message `serial` (its row `sentID` in Sent), at `phase` after `attempts` tries.
    public init(serial: Int, sentID: String, message: OutgoingMessage, phase: SendPhase = .queued, attempts: Int = 0) {
        (self.serial, self.sentID, self.message, self.phase, self.attempts) = (serial, sentID, message, phase, attempts)
    }
}

/// Where a message on its way out is. Taken (`250` after the final dot) it leaves the outbox; refused for good or
/// never answered it leaves it too, for Drafts, and is never sent again without the person.
public enum SendPhase: Equatable, Sendable {
    /// Waits for the messages before it.
    case queued
    /// Handed to the SMTP server; the end of the message not sent yet.
    case sending
    /// The end of the message was sent and its answer is awaited: a quit now leaves it as "may not have been sent".
    case committed
    /// The server said to try again later (a 4xx), or could not be reached: tried again after `seconds`.
    case waiting(seconds: Double, reason: String)
}
