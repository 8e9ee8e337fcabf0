import KineticData

/// The person's filings and drafts on their way to the mail server, and what it was told was read: part of the sync's
/// state (`ServerSyncState.filing`).
///
/// Errands (a filing, the drafts kept) reach the server one at a time, in the order the person's actions asked for
/// them: an archive and its Undo reach it as archive, then Undo, however long the first waits for a server away. A
/// filing stays *pending* until a check begun after the server carried it out has seen it: until then the person's
/// filing, not what a check found, is where the message shows.
public struct ServerFilingState: Equatable, Sendable {
    /// Whether the server files messages (an IMAP account); without one, filing stays on this device.
    public var filesOnServer = false
    /// Whether the server keeps this device's drafts in its `\Drafts`.
    public var keepsDrafts = false
    /// Whether the server is told which messages were opened (`\Seen`).
    public var tellsRead = false
    /// Whether this run may change what the server keeps of this device's (its drafts) and the outbox file: not on a
    /// fresh start, which has none of the earlier runs' drafts and must not take them off the server.
    public var keepsServerState = true
    /// The errands not yet done, oldest first; the first is under way when `errandUnderWay`.
    public var errands: [ServerErrand] = []
    /// Whether the first errand was handed to the server.
    public var errandUnderWay = false
    /// The number the next errand gets.
    public var nextSerial = 1
    /// The latest filing of each message not yet seen done by a check, by message id.
    public var pending: [String: PendingFiling] = [:]
    /// Where each of the server's messages was last known to be on the server, or was sent to, by id.
    public var serverPlacements: [String: Placement] = [:]
    /// The placements as the last filing or check left them: where a message was before the person filed it.
    public var lastFiled: [String: Placement] = [:]
    /// The filings the last run left undone, carried out once the first check says where the server has each message.
    public var atLaunch: [WaitingMove] = []
    /// The opened messages the server was told of.
    public var readTold: Set<String> = []
    /// How many checks' messages were read (a check that failed brings none): the list is drawn anew after each.
    public var checksRead = 0

    /// Filing as the server keeps nothing: nothing reaches it.
    public init() {}

    /// The filings the server has not done yet, the last run's first, then the rest in the order filed: what the
    /// outbox file keeps, so a quit loses none.
    public var undone: [WaitingMove] {
        atLaunch + pending.filter { $0.value.finishedBeforeCheck == nil }.sorted { $0.value.serial < $1.value.serial }
            .map { WaitingMove(id: $0.key, placement: $0.value.placement) }
    }
}

/// One message filed by the person: where it goes on the server, and where it was (where a refusal puts it back).
public struct Filing: Equatable, Sendable {
    /// The message's id.
    public var id: String
    /// Where it goes on the server.
    public var placement: Placement
    /// Where it was before.
    public var previous: Placement

    /// Message `id` from `previous` to `placement`.
    public init(id: String, placement: Placement, previous: Placement) {
        (self.id, self.placement, self.previous) = (id, placement, previous)
    }
}

/// A filing handed to the server and not yet seen done in a check.
public struct PendingFiling: Equatable, Sendable {
    /// Where the message was sent.
    public var placement: Placement
    /// The errand's serial: a later filing of the same message replaces this one, and its answer is not this one's.
    public var serial: Int
    /// Once the server carried it out: how many checks had started by then. A check started after is the truth.
    public var finishedBeforeCheck: Int?

    /// Filing `serial` to `placement`, not done yet.
    public init(placement: Placement, serial: Int, finishedBeforeCheck: Int? = nil) {
        (self.placement, self.serial, self.finishedBeforeCheck) = (placement, serial, finishedBeforeCheck)
    }
}

/// One errand for the mail server, in the order asked for.
public struct ServerErrand: Equatable, Sendable {
    /// Its place in the order; its answer names it.
    public var serial: Int
    /// What it does.
    public var job: Job

    /// What an errand does.
    public enum Job: Equatable, Sendable {
        /// Move a message where the person filed it (and for Later, write its moment).
        case file(Filing)
        /// Bring the server's `\Drafts` to this device's drafts as they are when it runs.
        case keepDrafts
    }

    /// Errand `serial`, doing `job`.
    public init(serial: Int, job: Job) {
        (self.serial, self.job) = (serial, job)
    }
}
