import KineticData

/// The sync's rules for what the person does to the server's messages: filings and drafts as errands, one at a time
/// in order, and the opened messages told once.
extension ServerSyncRules {
    static func reduceFiling(_ state: inout ServerSyncState, _ action: ServerSyncAction) -> [ServerSyncEffect] {
        switch action {
        case .filed(let filings):
            guard state.filing.filesOnServer, !filings.isEmpty else { return [] }
            for filing in filings {
                let serial = addErrand(&state, .file(filing))
                state.filing.serverPlacements[filing.id] = filing.placement
                state.filing.pending[filing.id] = PendingFiling(placement: filing.placement, serial: serial)
            }
            return startNextErrand(&state) + [.saveOutbox]
        case .draftsChanged:
            guard state.filing.keepsDrafts, state.filing.keepsServerState else { return [] }
            // One errand of drafts waiting is enough: it sends the drafts as they are when it runs.
            if state.filing.errands.dropFirst(state.filing.errandUnderWay ? 1 : 0).contains(where: { $0.job == .keepDrafts }) { return [] }
            addErrand(&state, .keepDrafts)
            return startNextErrand(&state)
        case .errandEnded(let serial, let refusal):
            guard state.filing.errandUnderWay, let errand = state.filing.errands.first, errand.serial == serial else { return [] }
            state.filing.errands.removeFirst()
            state.filing.errandUnderWay = false
            var effects = startNextErrand(&state)
            if case .file(let filing) = errand.job, state.filing.pending[filing.id]?.serial == serial {
                if refusal == nil {
                    state.filing.pending[filing.id]?.finishedBeforeCheck = state.checksStarted
                } else {
                    // Back where it was: the server still has it there.
                    state.filing.pending[filing.id] = nil
                    state.filing.serverPlacements[filing.id] = filing.previous.list == .inbox ? .inbox : filing.previous
                }
                effects.append(.saveOutbox)
            }
            return effects
        case .opened(let ids):
            guard state.filing.tellsRead else { return [] }
            let news = ids.subtracting(state.filing.readTold)
            guard !news.isEmpty else { return [] }
            state.filing.readTold.formUnion(news)
            return [.markRead(news)]
        default:
            return []
        }
    }

    /// A check's messages read with the filings under way: a filing not yet done, or done after the check began, wins
    /// over where the check found its message; otherwise the check is the truth, and the filing is no longer pending.
    /// `check` is the check's number. Returns `saveOutbox` when a filing stopped pending.
    public static func read(_ state: inout ServerSyncState, check: Int, _ messages: inout [MailMessage]) -> [ServerSyncEffect] {
        let pendingBefore = state.filing.pending.count
        for index in messages.indices {
            let id = messages[index].id
            guard let server = messages[index].serverPlacement else { continue }
            // Only a check begun after the server did the filing is the truth: one begun before may show the message
            // where the filing puts it by chance (an archive and its Undo, the check taken before the archive was done).
            if let pending = state.filing.pending[id] {
                if let finished = pending.finishedBeforeCheck, finished < check {
                    state.filing.pending[id] = nil
                } else if !pending.placement.isFiledOnServer(like: server) {
                    messages[index].serverPlacement = pending.placement
                }
            }
            state.filing.serverPlacements[id] = messages[index].serverPlacement
        }
        state.filing.checksRead += 1
        return state.filing.pending.count == pendingBefore ? [] : [.saveOutbox]
    }

    @discardableResult
    private static func addErrand(_ state: inout ServerSyncState, _ job: ServerErrand.Job) -> Int {
        let serial = state.filing.nextSerial
        state.filing.nextSerial += 1
        state.filing.errands.append(ServerErrand(serial: serial, job: job))
        return serial
    }

    /// The first errand goes, when none is under way.
    private static func startNextErrand(_ state: inout ServerSyncState) -> [ServerSyncEffect] {
        guard !state.filing.errandUnderWay, let first = state.filing.errands.first else { return [] }
        state.filing.errandUnderWay = true
        return [.runErrand(first)]
    }
}
