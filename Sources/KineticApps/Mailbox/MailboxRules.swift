import Foundation
import KineticData
import KineticRuntime
import KineticCore

/// What can happen to the Mailbox.
public enum MailboxAction: Equatable, Sendable {
    /// A swipe let go at `offset` points (negative: left) with `velocity` points per second.
    case swipeEnded(id: String, offset: Double, velocity: Double)
    /// A key acting on a message as a swipe into `zone` would.
    case command(id: String, zone: SwipeZone)
    /// The options' own actions (an option chosen, the date picker's Schedule and Cancel, a tap outside): see
    /// `OptionsRules`.
    case options(OptionsAction)
    case undo
    case selectSegment(MailboxSegment)
    case setMenu(open: Bool)
    /// Compose's own actions (opening it, its fields, Send, Cancel's question): see `ComposeRules`.
    case compose(ComposeAction)
    /// The reader's own actions (a message opened, clearing its unread dot; closed; answered or filed from its bar):
    /// see `ReaderRules`.
    case reader(ReaderAction)
    /// The menu opens the Trash or a named list.
    case openShelf(MailboxShelf)
    /// "Empty Trash": asks first; then deletes every message in the Trash for good (one undo brings them all back).
    case askToEmptyTrash, cancelEmptyTrash, emptyTrash
    /// The date now (about once a second) and the calendar to read it in: a Later message whose moment has come goes
    /// back to the Inbox.
    case clock(Date, calendar: Calendar)
    /// A moment the rules asked to be told of (`wakeClock`) came: the clock is told it (never set back by it).
    case clockDue(Date)
    /// A draft opens in compose again.
    case openDraft(String)
    /// Compose opens to answer the message: To its sender, "Re: " its subject, its text quoted.
    case reply(String)
    /// Compose opens to answer the message and everyone it went to: a reply, copied (Cc) to its other recipients (its
    /// To and Cc but the person's own address and those the reply already goes to).
    case replyAll(String)
    /// Compose opens to pass the message on: "Fwd: " its subject, its header lines and text below the caret, To empty.
    case forward(String)
    /// Opening or saving a file of a message ended (`MailboxEffect.useAttachment`'s work): said in a banner.
    case attachmentUsed(AttachmentUseResult)
    /// The search's own actions (opening it, typing, leaving its field, the server's finds, closing it): see
    /// `SearchRules`.
    case search(SearchAction)
    case messagesArrived([MailMessage])
    /// What went wrong reading the messages (a saved file, the server's document), whether a refresh failed, and
    /// whether the messages shown are the saved download (else the bundled ones): the rules log each problem and, when
    /// the refresh failed, say so in a banner naming what is shown.
    case dataProblems([String], refreshFailed: Bool, showingSaved: Bool)
    /// Carrying out `effect` failed (a save threw) for `reason`: the rules say what is lost, in the log and a banner.
    case effectFailed(MailboxEffect, reason: String)
    /// The mail server refused to move a message where the person filed it (`reason`, in its words): the message goes
    /// back where it was (`previous`), and a banner says why.
    case serverRefusedMove(String, previous: Placement, reason: MailProblem)
    /// A check of the mail server failed (`reason`, in its words): logged; what shows stays, and the strip under the bar
    /// says so until a check works again (`ServerSyncState.reach`).
    case mailServerFailed(reason: String)
    /// The mail server did not take the drafts into its `\Drafts` (they stay here as written).
    case serverRefusedDrafts(reason: MailProblem)
    case setDecideOnProjection(Bool)
    /// The account sheet's own actions (opening it, its fields, Connect, the server's answers): see
    /// `AccountSheetRules`.
    case account(AccountSheetAction)
    /// The sync's own actions (its schedule, its checks' ends, the outbox): see `ServerSyncRules`.
    case sync(ServerSyncAction)
    /// Check `number` ended with `snapshot` (the messages found, or why it failed).
    case checkArrived(number: Int, MailboxRefresher.Snapshot)
}

/// What reaches the world when the Mailbox's state changes: the files written and what the person is told (the effect
/// rule, docs/architecture.md). How the rows move is not an effect: it is the state's `listChange`.
public enum MailboxEffect: Equatable, Sendable {
    /// The messages opened changed: save them.
    case saveRead
    /// A message was sent, or a draft saved or deleted: save the written messages. What happened is kept so that a
    /// failed save says what was not saved (a draft is not a sent message).
    case saveSent(WrittenChange)
    /// Placements changed: write them to disk.
    case save
    /// A line for the log (the screen adds the app's name).
    case log(String)
    /// A banner that goes away by itself, said in the person's language where it shows.
    case showBanner(LocalizedMessage)
    /// Read file `index` of message `messageID` (called `name`) from its server, then open or save it as `use` says;
    /// `attachmentUsed` comes back.
    case useAttachment(messageID: String, index: Int, AttachmentUse, name: String)
    /// Ask the mail server too for the messages holding every one of `words` (the search's `query`), a moment after the
    /// typing stops.
    case searchServer([String], query: String)
    /// Check the account typed in the sheet with its server (`MailboxEnvironment.accountSetting`): `accountChecked`
    /// or `accountRefused` comes back.
    case setUpAccount(MailAccountForm)
    /// Keep the account checked (the keyring and the accounts file): `accountKept` or `accountRefused` comes back.
    case keepAccount(MailAccountForm)
    /// Open the Mailbox anew on the account kept.
    case openAccount(KeptAccount)
    /// What the sync asks of the world (a check, a timer, a message handed to the server, an errand, the outbox kept).
    case sync(ServerSyncEffect)
    /// `clockDue(date)` at `date`, on the stage's clock, replacing the one set before: the next moment the time
    /// changes something (a Later message's return, a new day's names, a second while a check reads), so a resting
    /// window wakes for it and for nothing else.
    case wakeClock(at: Date)
}

/// What the person did to the messages written here, which a save of them keeps.
public enum WrittenChange: Equatable, Sendable {
    /// A message was sent.
    case sent
    /// A draft was saved.
    case draftSaved
    /// A draft was deleted.
    case draftDeleted

    /// The banner when the save failed: what is not saved, and that it lasts until the app quits.
    var failedBanner: LocalizedMessage {
        switch self {
        case .sent: return LocalizedMessage(MailboxText.sentNotSaved)
        case .draftSaved: return LocalizedMessage(MailboxText.draftNotSaved)
        case .draftDeleted: return LocalizedMessage(MailboxText.draftDeletionNotSaved)
        }
    }
}

/// What one rule asks for: a move of the shown list's rows (gathered into `MailboxState.listChange`) or an effect on
/// the world. The rules' body names both in the order they happen; `MailboxRules.reduce` sorts them.
enum MailboxOutcome: Equatable {
    case move(MailboxState.ListChange.Move)
    case effect(MailboxEffect)

    static func springBack(_ id: String) -> Self { .move(.springBack(id)) }
    static func slideOff(_ id: String, zone: SwipeZone, velocity: Double) -> Self { .move(.slideOff(id, zone: zone, velocity: velocity)) }
    static func collapse(_ id: String) -> Self { .move(.collapse(id)) }
    static func reinsert(_ id: String, fromLeft: Bool) -> Self { .move(.reinsert(id, fromLeft: fromLeft)) }
    static func segmentChanged(from: MailboxSegment, to: MailboxSegment) -> Self { .move(.listReplaced(from: from, to: to)) }
    static let save = Self.effect(.save)
    static let saveRead = Self.effect(.saveRead)
    static func saveSent(_ change: WrittenChange) -> Self { .effect(.saveSent(change)) }
}

/// The Mailbox's rules: state + action → new state + effects, pure.
public enum MailboxRules: AppRules {
    /// What a failed refresh says: the messages saved last time when they are what shows, else the built-in ones (a
    /// first launch has nothing saved).
    static func refreshFailedMessage(showingSaved: Bool) -> LocalizedMessage {
        LocalizedMessage(MailboxText.refreshFailed, ["showing": .text(showingSaved ? MailboxText.showingSaved : MailboxText.showingBuiltIn)])
    }

    /// Where a release ends up: by position (the seed), or by the position the message would coast to with its
    /// velocity (UIScrollView's deceleration, as in "Designing Fluid Interfaces"), so a quick 40 pt flick archives
    /// and a slow release at 40 pt springs back. A flick only ever decides the first action or a return: the
    /// second action (list, delete) needs the finger itself to cross 260 pt, so no fast flick deletes by accident,
    /// and a flick back towards the middle (projecting short of 60 pt, or to the other side) cancels.
    public static func zone(offset: Double, velocity: Double, projected: Bool) -> SwipeZone {
        let atRest = SwipeZone(offset: offset)
        guard projected else { return atRest }
        let coastTo = offset + Decay().projectedValue(from: 0.0, initialVelocity: velocity)
        if offset == 0 || (coastTo < 0) != (offset < 0) { return .none }
        let thrown = SwipeZone(offset: coastTo)
        switch (atRest, thrown) {
        case (_, .none): return .none
        case (.list, _), (.delete, _): return atRest
        default: return offset < 0 ? .later : .archive
        }
    }

    /// Applies one action: changes `state` (the rows' moves it causes go into `state.listChange`, numbered afresh) and
    /// returns the effects (saves, log lines, banners) for the environment to carry out, in order.
    public static func reduce(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxEffect] {
        let outcomes = outcomes(&state, action)
        // Whatever opened over the list (the reader, the options, the menu, compose, a question) takes the keyboard from
        // the search's field: its keys are not typed into the search.
        if state.search?.isEditing == true,
           state.reading != nil || state.options != nil || state.menuOpen || state.compose != nil || state.confirmingEmptyTrash || state.account != nil {
            state.search?.isEditing = false
        }
        var moves: [MailboxState.ListChange.Move] = [], effects: [MailboxEffect] = []
        for outcome in outcomes {
            switch outcome {
            case .move(let move): moves.append(move)
            case .effect(let effect): effects.append(effect)
            }
        }
        if !moves.isEmpty { state.listChange = MailboxState.ListChange(number: state.listChange.number + 1, moves: moves) }
        let reaching = reachServer(&state, after: effects)
        return reaching + wakeClock(&state, after: action, reaching)
    }

    static func outcomes(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxOutcome] {
        switch action {
        case .swipeEnded(let id, let offset, let velocity):
            // What was written here is the person's own record, saved only while it is in Sent or Drafts: opened (a
            // draft in compose), never filed elsewhere, where a relaunch would lose it. The server's Sent and Drafts
            // are filed as any of its mailboxes.
            guard state.options == nil, state.isShown(id), !state.isWrittenHere(id) else {
                return [.springBack(id)]
            }
            let zone = zone(offset: offset, velocity: velocity, projected: state.decideOnProjection)
            return commit(&state, id, zone, velocity: velocity)
        case .command(let id, let zone):
            guard state.options == nil, state.compose == nil, state.isShown(id),
                  !state.isWrittenHere(id) else { return [] }
            return commit(&state, id, zone, velocity: 0)
        case .options(let action):
            var options = state.options
            let told = OptionsRules.reduce(&options, action, now: state.now, calendar: state.calendar)
            state.options = options
            return told.flatMap { outcome -> [MailboxOutcome] in
                switch outcome {
                case .file(let id, let placement): return file(&state, id, placement)
                }
            }
        case .undo:
            if let options = state.options {
                state.options = nil
                return [.springBack(options.messageID)]
            }
            guard let last = state.undoStack.popLast() else { return [] }
            state.undoneCount += 1
            // What Undo brings back shows, whatever the search typed: it joins the results.
            if state.search?.matches != nil {
                for entry in state.undoStack.filter({ last.batch != nil && $0.batch == last.batch }) + [last] { state.search?.matches?.insert(entry.messageID) }
            }
            if let batch = last.batch {
                // A whole batch at once: every message emptied from the Trash goes back into it.
                var entries = [last]
                while let more = state.undoStack.last, more.batch == batch { entries.append(state.undoStack.removeLast()) }
                for entry in entries { state.placements[entry.messageID] = entry.previous == .inbox ? nil : entry.previous }
                let shown = entries.contains { state.isShown($0.messageID) }
                return shown ? [.segmentChanged(from: state.segment, to: state.segment), .save] : [.save]
            }
            var effects: [MailboxOutcome] = []
            let id = last.messageID
            let leftToTheLeft = [.later, .list].contains(state.placement(of: id).list)
            let wasShown = state.isShown(id)
            state.placements[id] = last.previous == .inbox ? nil : last.previous
            if !state.isShown(id) {
                // The message goes back where the person can see it come back: its segment, or the shelf (the Trash, a
                // named list) that holds it. Staying put would leave its row on a list that no longer has it.
                if let segment = MailboxSegment.allCases.first(where: { $0.list == last.previous.list }) {
                    effects.append(.segmentChanged(from: state.segment, to: segment))
                    state.segment = segment
                    state.shelf = nil
                } else if let shelf = MailboxShelf.holding(last.previous) {
                    effects.append(.segmentChanged(from: state.segment, to: state.segment))
                    state.shelf = shelf
                } else if wasShown {
                    // Nowhere that shows it (a list name no longer known): it leaves the list shown, as any filing does.
                    effects.append(.collapse(id))
                }
            }
            // The message brought back is the one the person is on again, as a mail program selects what Undo restored.
            return effects + [.reinsert(id, fromLeft: leftToTheLeft)] + (state.isShown(id) ? [.move(.focus(.message(id)))] : []) + [.save]
        case .compose(let action):
            return reduceCompose(&state, action)
        case .openDraft, .reply, .replyAll, .forward:
            return reduceWriting(&state, action)
        case .attachmentUsed(let result):
            return attachmentUsed(result)
        case .account(let action):
            return reduceAccount(&state, action)
        case .askToEmptyTrash:
            // Not while a search narrows the Trash: emptying it deletes more than the list shows.
            guard state.shelf == .trash, state.options == nil, state.compose == nil, state.search == nil,
                  state.count(filedIn: .deleted) > 0 else { return [] }
            state.confirmingEmptyTrash = true
        case .cancelEmptyTrash:
            state.confirmingEmptyTrash = false
        case .emptyTrash:
            guard state.confirmingEmptyTrash else { return [] }
            state.confirmingEmptyTrash = false
            let trash = state.messages(filedIn: .deleted)
            let batch = (state.undoStack.compactMap(\.batch).max() ?? 0) + 1
            var effects: [MailboxOutcome] = []
            for message in trash {
                state.undoStack.append(MailboxState.UndoEntry(messageID: message.id, previous: state.placement(of: message.id), batch: batch))
                state.placements[message.id] = Placement(.gone)
                if state.reading == message.id { state.reading = nil }
                effects.append(.collapse(message.id))
            }
            return effects + [.save]
        case .clockDue(let date):
            return outcomes(&state, .clock(max(date, state.now), calendar: state.calendar))
        case .clock(let now, let calendar):
            state.now = now
            state.calendar = calendar
            // Read from the placements (a message in the Inbox has none), in the messages' order: a tick a second
            // costs the filed messages' count, not the mailbox's.
            let due = state.placements.compactMap { id, placement -> (index: Int, message: MailMessage)? in
                guard placement.list == .later, let until = placement.until, until <= now, let index = state.positions[id] else { return nil }
                return (index, state.messages[index])
            }.sorted { $0.index < $1.index }.map(\.message)
            guard !due.isEmpty else { return [] }
            // What shows is worked out once before and once after (not per message: thousands may come due at once).
            let shownBefore = Set(state.visibleIDs)
            for message in due {
                // Back at the top of the Inbox, unread again, and so after a relaunch too (the placement is saved and
                // the Inbox reads returned messages first).
                state.placements[message.id] = .returned(at: now)
                state.read.remove(message.id)
                if state.reading == message.id { state.reading = nil }
            }
            let shownAfter = Set(state.visibleIDs)
            var effects: [MailboxOutcome] = []
            for message in due.reversed() {
                if shownBefore.contains(message.id) { effects.append(.collapse(message.id)) }
                if shownAfter.contains(message.id) { effects.append(.reinsert(message.id, fromLeft: true)) }
            }
            return effects + [.save, .saveRead]
        case .openShelf(let shelf):
            guard state.options == nil, state.compose == nil else { return [] }
            state.menuOpen = false
            state.reading = nil
            guard shelf != state.shelf else { return [] }
            state.shelf = shelf
            return [.segmentChanged(from: state.segment, to: state.segment), .move(.focus(.firstMessage(.ifTheKeyboardIsInUse)))]
        case .selectSegment(let segment):
            guard segment != state.segment || state.shelf != nil, state.options == nil else { return [] }
            let from = state.segment, fromTheMenu = state.menuOpen
            state.shelf = nil
            state.segment = segment
            state.menuOpen = false
            // Chosen in the menu, which had the keyboard: the list starts at its top where the keyboard is in use.
            return [.segmentChanged(from: from, to: segment), .move(.focus(.firstMessage(fromTheMenu ? .ifTheKeyboardIsInUse : .ifOnAMessage)))]
        case .search(let action):
            return reduceSearch(&state, action)
        case .setMenu(let open):
            state.menuOpen = open && state.compose == nil
        case .messagesArrived(let arrived):
            let writtenHere = state.messages.filter { state.isWrittenHere($0.id) }
            let sentHere = writtenHere.filter { state.placement(of: $0.id).list == .sent }
            let messages = shown(arrived, sentHere: sentHere, device: state.device, words: state.words)
            // The server's messages, and the person's own written here, which this device keeps.
            state.messages = messages + writtenHere
            for message in messages {
                guard let server = message.serverPlacement.map(MailboxState.withTypedDetail) else { continue }
                if let followed = followingServer(state.placement(of: message.id), server) {
                    state.placements[message.id] = followed.list == .inbox ? nil : followed
                }
            }
            searchAgain(&state)
            let known = Set(messages.map(\.id))
            if let options = state.options, !known.contains(options.messageID) { state.options = nil }
            state.undoStack.removeAll { !known.contains($0.messageID) }
        case .reader(let action):
            return reduceReader(&state, action)
        case .setDecideOnProjection(let on):
            state.decideOnProjection = on
        case .dataProblems(let problems, let refreshFailed, let showingSaved):
            let logged = problems.map { MailboxOutcome.effect(.log($0)) }
            return logged + (refreshFailed ? [.effect(.showBanner(refreshFailedMessage(showingSaved: showingSaved)))] : [])
        case .sync(let action):
            return reduceSync(&state, action)
        case .checkArrived(let number, let snapshot):
            return reduceCheck(&state, number: number, snapshot)
        case .mailServerFailed(let reason):
            // Said for as long as it lasts by the strip under the bar (`ServerSyncState.reach`), not by a banner that goes.
            return [.effect(.log(reason))]
        case .serverRefusedDrafts(let reason):
            return [.effect(.log("the mail server did not keep the drafts: \(reason.description.prefix(300))")),
                    .effect(.showBanner(LocalizedMessage(MailboxText.draftsRefused, ["reason": .message(MailProblemWords.message(reason))])))]
        case .serverRefusedMove(let id, let previous, let reason):
            guard let message = state.message(withID: id) else { return [] }
            state.placements[id] = previous.list == .inbox ? nil : previous
            state.undoStack.removeAll { $0.messageID == id }
            return [.segmentChanged(from: state.segment, to: state.segment), .save,
                    .effect(.log("the mail server did not move a message: \(reason.description.prefix(300))")),
                    .effect(.showBanner(LocalizedMessage(MailboxText.serverRefused, ["subject": .verbatim(message.subject),
                                                                                     "reason": .message(MailProblemWords.message(reason))])))]
        case .effectFailed(let effect, let reason):
            return failed(effect, reason: reason).map(MailboxOutcome.effect)
        }
        return []
    }

    /// The server's messages as the Mailbox shows them beside this device's own writing (`sentHere` the messages it
    /// sent): those in a list of another program's making left out (it has no shelf here), and those of the server's
    /// Sent and Drafts that this device already shows (`OwnWritingShownHere`); the rest of Sent and Drafts saying whom
    /// they are to.
    static func shown(_ arrived: [MailMessage], sentHere: [MailMessage], device: String?, words: MailWords) -> [MailMessage] {
        let shownHere = OwnWritingShownHere(sentHere: sentHere, device: device)
        return arrived.filter { message in
            guard let server = message.serverPlacement else { return true }
            if server.list == .list { return MailList(saved: server.detail ?? "") != nil }
            return !shownHere.holds(message)
        }.map { ownWritingSaysWhomTo($0, words) }
    }

    /// A message of the server's Sent or Drafts, its row saying whom it is to, as the person's own written here do:
    /// "To: Dana Ng" in Sent, the recipients in Drafts (its sender is the person). One without a To keeps its sender.
    static func ownWritingSaysWhomTo(_ message: MailMessage, _ words: MailWords) -> MailMessage {
        guard let list = message.serverPlacement?.list, list.isWrittenHere,
              let to = message.to?.trimmingCharacters(in: .whitespacesAndNewlines), !to.isEmpty else { return message }
        let names = MailAddressList(to).addresses?.map { $0.name ?? $0.address } ?? []
        let recipients = names.isEmpty ? to : names.joined(separator: ", ")
        var shown = message
        shown.sender = String((list == .sent ? words.toLine.replacingOccurrences(of: "{recipient}", with: recipients) : to).prefix(200))
        return shown
    }

    /// Where a mail server's message goes when the server files it as `server` and this machine as `local`: the
    /// server's place (moved by another program, or by this one on another machine), or `nil` to keep the person's.
    /// Kept: a message gone from the Trash (only this machine empties it), one that came back from Later (the
    /// server's Inbox has no return moments), and one in Later whose moment the server does not know yet (its
    /// schedule is written just after the move).
    static func followingServer(_ local: Placement, _ server: Placement) -> Placement? {
        guard local.isKeptOnServer, !local.isFiledOnServer(like: server) else { return nil }
        if local.list == server.list && server.list == .later && server.detail == nil && server.until == nil { return nil }
        return server
    }

    /// A swipe (or key) that ends in `zone`: back, off to the options, or filed at once.
    private static func commit(_ state: inout MailboxState, _ id: String, _ zone: SwipeZone, velocity: Double) -> [MailboxOutcome] {
        switch zone {
        case .none:
            return [.springBack(id)]
        case .later, .list:
            // The focus stays on the message while its options show (the ring hides under them), so that once it is
            // filed the focus moves on to the next message, not back to the top.
            state.options = MailboxState.Options(kind: zone == .later ? .reschedule : .list, messageID: id)
            return [.slideOff(id, zone: zone, velocity: velocity)]
        case .archive, .delete:
            // Archiving what is already archived brings it back to the Inbox.
            var placement = Placement(zone == .archive ? .archive : .deleted)
            if placement.list == state.shownList { placement = .inbox }
            return [.slideOff(id, zone: zone, velocity: velocity)] + file(&state, id, placement)
        }
    }

    /// Another list shows: a focus there was (a keyboard in use) starts again at its first message; none stays none.
    /// The search held for the messages as they are now (new mail, a draft saved): what matches shows, what is gone
    /// goes, and what the server found for the query stays found while its message is here.
    static func searchAgain(_ state: inout MailboxState) {
        guard let search = state.search, let found = MailSearch.matches(search.query, in: state.messages) else { return }
        let stillHere = search.serverFound.filter { state.message(withID: $0) != nil }
        state.search?.matches = found.union(stillHere)
    }

    /// Puts a message in its new place, remembering the old one for undo.
    /// Rescheduling a message that is already in Later keeps it there with its new time (its row springs back).
    private static func file(_ state: inout MailboxState, _ id: String, _ placement: Placement) -> [MailboxOutcome] {
        state.options = nil
        if state.reading == id { state.reading = nil }
        let index = state.visibleIDs.firstIndex(of: id)
        state.undoStack.append(MailboxState.UndoEntry(messageID: id, previous: state.placement(of: id)))
        if state.undoStack.count > 100 { state.undoStack.removeFirst() }
        state.placements[id] = placement == .inbox ? nil : placement
        let stillShown = state.isShown(id)
        guard !stillShown else { return [.springBack(id), .save] }
        // Where the filed message had the focus, the ring moves to the message that takes its place.
        let ids = state.visibleIDs
        let successor = index.flatMap { ids.isEmpty ? nil : ids[min($0, ids.count - 1)] }
        return [.collapse(id)] + (successor.map { [.move(.focus(.inPlaceOf(id, successor: $0)))] } ?? []) + [.save]
    }

    /// What the person is told when an effect could not be carried out: every failure is logged; a lost save that
    /// changes what they will find next time is also said in a banner (which messages were read is only logged).
    private static func failed(_ effect: MailboxEffect, reason: String) -> [MailboxEffect] {
        switch effect {
        case .save:
            return [.log("could not save the mailbox: \(reason)"), .showBanner(LocalizedMessage(MailboxText.changesNotSaved))]
        case .saveRead:
            return [.log("could not save which messages were read: \(reason)")]
        case .saveSent(let change):
            return [.log("could not save the drafts and sent messages: \(reason)"), .showBanner(change.failedBanner)]
        case .log, .showBanner, .searchServer, .setUpAccount, .keepAccount, .openAccount, .sync, .wakeClock, .useAttachment:
            return []
        }
    }
}
