import KineticData
import KineticPlatform

/// One check's reading of a server into the account's `MailStore`, place by place (`ServerPlaces`: the Inbox, the
/// Archive, the Trash, Later and the lists). For each, UIDVALIDITY is compared with the one kept (a new one forgets the
/// mailbox's messages), the messages gone since are forgotten, the flags of those kept are read again (only those changed
/// since the last check, on a server that offers CONDSTORE), and only the new
/// messages' headers and the bodies not yet read are fetched, newest first. Each batch is kept as it arrives, so a
/// check cut short by a dropped connection keeps what it read, and the next one goes on from there.
struct MailSync {
    /// Where the mail is kept.
    let store: MailStore
    /// The most messages kept for each mailbox, newest first.
    let limit: Int
    /// The account's own address: Later's schedule is the one it wrote (`IMAPMailServer.isSchedule`).
    let owner: String

    /// The most bodies one check fetches, newest first, the Inbox's before the other places': a first check of a mailbox
    /// of thousands shows every row at once (headers are cheap), and the bodies come in the checks that follow.
    let bodiesPerCheck: Int
    /// Told the store's progress after each batch kept, on the check's thread (`IMAPMailServer.syncProgress`).
    var progressed: @Sendable (MailSyncProgress) -> Void = { _ in }

    /// UIDs per FETCH of header fields: about 150 KB of reply.
    static let headersPerFetch = 500
    /// UIDs per FETCH of flags: about 100 KB of reply.
    static let flagsPerFetch = 2000

    /// Reads every place into the store; a mailbox the Mailbox no longer reads (or the server no longer has) is
    /// forgotten. Returns whether bodies were left to read (past `bodiesPerCheck`): the next check should come at once.
    ///
    /// What is gone from a mailbox is forgotten once every place was read: a message moved from the Inbox to the Archive
    /// since the last check is then already kept in the Archive, with the body read in the Inbox (`MailStore.keep`).
    ///
    /// A place the server refuses (a mailbox it will not open, a FETCH it answered NO to) is passed by, kept as it was,
    /// and said in `refusals`, a problem each, while the others are read: one bad place never costs the others.
    func run(_ session: IMAPSession) async throws -> (leftUnread: Bool, refusals: [MailProblem]) {
        var refusals: [MailProblem] = []
        var read: Set<String> = []
        var laterRead = false
        var budget = max(bodiesPerCheck, 1)
        var leftUnread = false
        var gone: [(mailbox: String, uids: Set<UInt64>)] = []
        var modSeqs: [(mailbox: String, value: ModSeqToKeep)] = []
        for (position, place) in try await session.places().all.enumerated() {
            let synced: (leftUnread: Bool, gone: Set<UInt64>, modSeq: ModSeqToKeep?)
            do {
                synced = try await sync(place.mailbox, at: position, as: place.placement, bodies: &budget, session)
            } catch IMAPError.refused(let command, let why) {
                // Kept as it was (nothing forgotten), read again at the next check.
                // Named as the menu names it (modified UTF-7 decoded), escaped and capped: it is the server's text.
                refusals.append(.mailboxUnreadable(mailbox: MailAccount.shown(MailFolderName.shown(place.mailbox)), command: command, serverSaid: why))
                read.insert(place.mailbox)
                continue
            }
            leftUnread = synced.leftUnread || leftUnread
            gone.append((place.mailbox, synced.gone))
            if let modSeq = synced.modSeq { modSeqs.append((place.mailbox, modSeq)) }
            read.insert(place.mailbox)
            laterRead = laterRead || place.placement.list == .later
        }
        for (mailbox, uids) in gone { try store.forget(uids, in: mailbox) }
        try store.keepOnlyMailboxes(read)
        for (mailbox, modSeq) in modSeqs { try store.keepHighestModSeq(modSeq.value, of: mailbox) }
        tellProgress()
        if !laterRead { try store.keep(LaterSchedule()) }
        return (leftUnread, refusals)
    }

    /// Tells `progressed` the store's count now; a count the store can't give is logged and the last one stands (the
    /// next batch counts again).
    private func tellProgress() {
        do { progressed(try store.progress()) } catch { Log.line("mail: the kept mail could not be counted: \(error)") }
    }

    /// One place brought up to date, its bodies fetched while `bodies` (the check's budget) lasts: whether some were
    /// left, and the UIDs kept that the mailbox no longer holds (for `run` to forget).
    private func sync(_ mailbox: String, at position: Int, as placement: Placement, bodies budget: inout Int,
                      _ session: IMAPSession) async throws -> (leftUnread: Bool, gone: Set<UInt64>, modSeq: ModSeqToKeep?) {
        let status = try await session.select(mailbox, modSequences: true)
        let kept = try store.mailboxFound(mailbox, position: position, uidValidity: status.uidValidity ?? 0, placement: placement)
        // CONDSTORE (RFC 7162), where offered: the flags changed since the last check's HIGHESTMODSEQ, or none at all
        // when it has not moved; without one kept (a first check, a new UIDVALIDITY), every flag.
        // A kept value above the server's (a server restored without a new UIDVALIDITY, which RFC 7162 forbids) is not
        // trusted: every flag is read again.
        let keptModSeq = try store.highestModSeq(of: mailbox)
        var since: UInt64?
        if let highest = status.highestModSeq, let keptModSeq, keptModSeq <= highest { since = keptModSeq }
        // A kept row whose flags do not read back (another program wrote the file) is read whole again.
        if since != nil, try store.hasUnreadableFlags(in: mailbox) { since = nil }
        // UIDs are 32-bit numbers above 0 (RFC 3501 §9, nz-number): anything else names no message.
        let onServer = Set(try await session.allUIDs()).filter { $0 > 0 && $0 <= UInt64(UInt32.max) }
        let wanted = onServer.sorted().suffix(limit), wantedSet = Set(wanted)
        // New, or kept without its header fields (a reply that held only flags): their headers are asked for.
        let headerless = try store.withoutHeaders(in: mailbox)
        let known = wanted.filter { kept.contains($0) && !headerless.contains($0) }
        let new = wanted.filter { !kept.contains($0) || headerless.contains($0) }.reversed()
        if let since, since != status.highestModSeq, let lowest = known.first, let highest = known.last {
            // What changed since is few: one FETCH over the kept messages' range (never `*`, which an empty mailbox
            // has none of), kept for the messages kept.
            let knownSet = Set(known)
            try store.keepFlags(try await session.flagsChanged(since: since, from: lowest, to: highest).filter { knownSet.contains($0.key) }, in: mailbox)
        } else if since == nil {
            for batch in Array(known).inBatches(of: Self.flagsPerFetch) {
                try store.keepFlags(try await session.flags(of: batch), in: mailbox)
            }
        }
        for batch in Array(new).inBatches(of: Self.headersPerFetch) {
            try store.keep(try await session.headers(of: Array(batch)).map { $0.decodedForDisplay() }, in: mailbox)
            tellProgress()
        }
        let isLater = placement.list == .later
        let headers = isLater ? try store.headers(in: mailbox) : []
        let schedules = Set(headers.filter { IMAPMailServer.isSchedule($0, writtenBy: owner) }.map(\.uid))
        let unread = try store.withoutBody(in: mailbox).filter { wantedSet.contains($0) && !schedules.contains($0) }
        let now = Array(unread.prefix(max(budget, 0)))
        budget -= now.count
        for batch in now.inBatches(of: MessageBody.messagesPerFetch) {
            var bodies = try await session.bodies(of: batch)
            // A message the server gave no body for (NIL, or left out) is kept empty: asked for once, not at every check.
            for uid in batch where bodies[uid] == nil { bodies[uid] = MessageBody(subject: "", from: "", text: "", attachments: []) }
            try store.keep(bodies, in: mailbox)
            tellProgress()
        }
        if isLater {
            let current = headers.filter { schedules.contains($0.uid) && !$0.flags.contains("\\Deleted") }.map(\.uid)
            try store.keep(try await session.laterSchedule(in: current))
        }
        // Every flag up to the SELECT's HIGHESTMODSEQ is kept now (the new messages' came with their headers); `run`
        // keeps it once the whole check is (a message forgotten at its end must not be trusted by it before).
        // A server that gave none this time has its value forgotten: changes made meanwhile may have none.
        let modSeq = status.highestModSeq != keptModSeq ? ModSeqToKeep(value: status.highestModSeq) : nil
        return (unread.count > now.count, kept.subtracting(wantedSet), modSeq)
    }
}

/// A mailbox's HIGHESTMODSEQ to keep at the end of a check (`nil`: forget the one kept).
struct ModSeqToKeep {
    var value: UInt64?
}

extension Array {
    /// The elements in runs of `size` (the last shorter), in order.
    func inBatches(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: Swift.max(1, size)).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
