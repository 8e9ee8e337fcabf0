import Foundation
import KineticData
import KineticRuntime
import KineticPlatform

/// The Mailbox's work with the world beyond the screen: its files, its mail server, the account set-up. Each of the
/// rules' effects that reaches them becomes engine work here (`Effect`): a save done at once (its failure sent back as
/// `effectFailed`), a run whose answer comes back as an action, a timer on the stage's clock. It holds no state of
/// its own: what it needs of the Mailbox's comes in with each effect, so what the screen draws and what reaches the
/// world stay apart.
struct MailboxWork {
    /// The files, the log and the mail server's calls.
    let environment: MailboxEnvironment
    /// Where checks read the messages from, if anywhere.
    let feed: MailboxFeed?

    /// How long the typing pauses before the server is asked: one search per word typed, not per keystroke.
    static let serverSearchPause = 0.4

    /// `effect` as work, reading `state` as it is now; `nil` for what the screen itself does (a banner, opening the
    /// account kept).
    func perform(_ effect: MailboxEffect, in state: MailboxState) -> Effect<MailboxAction>? {
        func attempt(_ save: () throws -> Void) -> Effect<MailboxAction> {
            do { try save() } catch { return .send(.effectFailed(effect, reason: ErrorWords.sentence(error))) }
            return .none
        }
        switch effect {
        case .saveSent:
            return attempt { try environment.saveSent(state.messages.filter { state.isWrittenHere($0.id) }) }
        case .saveRead:
            return attempt { try environment.saveRead(state.read) }
        case .save:
            return attempt { try environment.savePlacements(state.placements) }
        case .log(let line):
            environment.log("mailbox: \(line)")
            return .none
        case .searchServer(let words, let query):
            return search(words, query: query)
        case .setUpAccount(let form):
            return account { setting in
                try await setting.check(form)
                return .account(.checked)
            }
        case .keepAccount(let form):
            return account { setting in .account(.kept(KeptAccount(try await setting.keep(form)))) }
        case .sync(let effect):
            return sync(effect, in: state)
        case .useAttachment(let id, let index, let use, let name):
            return useAttachment(id, index: index, use, name: name)
        case .wakeClock(let date):
            return .after(max(date.timeIntervalSince(state.now), 0), send: .clockDue(date), id: EffectID(MailboxWorkID.clock))
        case .showBanner, .openAccount:
            return nil
        }
    }

    /// File `index` of message `id` read from its server, then saved into Downloads or opened through a private copy:
    /// off the stage's thread, its end sent back as `attachmentUsed`. Each file's use runs on its own.
    private func useAttachment(_ id: String, index: Int, _ use: AttachmentUse, name: String) -> Effect<MailboxAction> {
        let read = environment.readAttachment, keep = environment.keepDownload, open = environment.openAttachment
        return .run { send in
            do {
                guard let read else { throw MailAttachmentFile.Unavailable() }
                let file = try await read(id, index)
                switch use {
                case .save: send(.attachmentUsed(.saved(name: file.name, path: try keep(file).path)))
                case .open:
                    try await open(file)
                    send(.attachmentUsed(.opened(name: file.name)))
                }
            } catch where !(error is CancellationError) {
                send(.attachmentUsed(.failed(name: name, use, reason: Self.problem(using: use, error))))
            } catch {}
        }
    }

    /// Why a file was not saved or opened, by kind: a run with no Downloads folder or no desktop, the desktop's
    /// opener refusing (in its words), else the server's, the account's or the disk's problem.
    private static func problem(using use: AttachmentUse, _ error: Error) -> MailProblem {
        switch error {
        case is MailboxEnvironment.NoDesktop: return use == .save ? .noDownloadsFolder : .noDesktop
        case let refused as LinkNotOpened: return refused.opener.map { .notOpened(program: $0.program, status: $0.status) } ?? .noDesktop
        default: return MailProblem.of(error)
        }
    }

    /// The server asked for the messages holding every word, once the typing pauses: each keystroke's search replaces
    /// the last one, still waiting or under way. A server away finds nothing (what is kept here was searched already).
    private func search(_ words: [String], query: String) -> Effect<MailboxAction> {
        guard let searchOnServer = environment.searchOnServer else { return .none }
        return .run(id: EffectID(MailboxWorkID.search)) { send, clock in
            do { try await clock.sleep(for: Self.serverSearchPause) } catch { return }
            do {
                send(.search(.serverFound(query: query, ids: try await searchOnServer(words))))
            } catch where !(error is CancellationError) {
                Log.line("mailbox: the mail server's search failed: \(error)")
            } catch {}
        }
    }

    /// One step of setting up the account the sheet holds (its check, then its keeping), as a run whose answer comes
    /// back as an action; a refusal comes back as `accountRefused`, in the words of what refused. A new try replaces
    /// one still under way.
    private func account(_ step: @escaping @Sendable (MailAccountSetting) async throws -> MailboxAction) -> Effect<MailboxAction> {
        guard let setting = environment.accountSetting else { return .send(.account(.refusedBecause(.account(.notInThisRun)))) }
        return .run(id: EffectID(MailboxWorkID.account)) { send in
            do {
                send(try await step(setting))
            } catch where !(error is CancellationError) {
                // A connection's failure by its kind, said in the person's language; any other in its own words.
                let problem = MailProblem.of(error)
                if case .other = problem { send(.account(.refused(reason: ErrorWords.sentence(error)))) } else { send(.account(.refusedBecause(problem))) }
            } catch {}
        }
    }

    /// The sync's effects as the stage's work: a check run, the next check's timer, a message handed to the SMTP
    /// server, the IDLE watch, the outbox kept. Each sends its end back as an action.
    private func sync(_ effect: ServerSyncEffect, in state: MailboxState) -> Effect<MailboxAction> {
        switch effect {
        case .check(let number):
            // Nowhere to read from (the bundled messages alone): the check ends with what shows.
            guard let refresh = feed?.refreshWork else { return .send(.sync(.checkEnded(reason: nil))) }
            return .run(id: EffectID(MailboxWorkID.check)) { send in send(.checkArrived(number: number, await refresh())) }
        case .scheduleCheck(let seconds):
            return .after(seconds, send: .sync(.checkDue), id: EffectID(MailboxWorkID.nextCheck))
        case .watchForNewMail:
            guard let watch = environment.watchForNewMail else { return .none }
            return .listen(id: EffectID(MailboxWorkID.watch)) { send in await watch { send(.sync(.serverSaidNewMail)) } }
        case .submit(let entry):
            guard let submit = environment.submitOnServer else { return .send(.sync(.sendFailed(serial: entry.serial, .cannotSend(.account(.noSMTPServer))))) }
            let serial = entry.serial, message = entry.message
            return .run(id: EffectID(MailboxWorkID.send(serial))) { send in
                do {
                    try await submit(message) { send(.sync(.sendCommitted(serial: serial))) }
                    send(.sync(.sendAccepted(serial: serial)))
                } catch {
                    send(.sync(.sendFailed(serial: serial, error as? SendFailure ?? .cannotSend(MailProblem.of(error)))))
                }
            }
        case .retry(let serial, let seconds):
            return .after(seconds, send: .sync(.retryDue(serial: serial)), id: EffectID(MailboxWorkID.retry(serial)))
        case .saveOutbox:
            saveOutbox(state)
            return .none
        case .runErrand(let errand):
            return run(errand, in: state)
        case .markRead(let ids):
            environment.markReadOnServer?(ids)
            return .none
        case .markAnswered(let id):
            guard let markAnswered = environment.markAnsweredOnServer else { return .none }
            return .run { _ in
                do { try await markAnswered(id) } catch { Log.line("mailbox: the mail server was not told a message was answered: \(error)") }
            }
        }
    }

    /// One errand as the stage's work: a filing carried out, or the server's `\Drafts` brought to this device's drafts
    /// as they are now. Its end comes back as `errandEnded`, with the server's words when it refused.
    private func run(_ errand: ServerErrand, in state: MailboxState) -> Effect<MailboxAction> {
        let serial = errand.serial
        var work: (@Sendable () async throws -> Void)?
        switch errand.job {
        case .file(let filing):
            if let move = environment.moveOnServer { work = { try await move(filing.id, filing.placement) } }
        case .keepDrafts:
            let drafts = state.messages.filter { state.placement(of: $0.id).list == .draft && state.isWrittenHere($0.id) }
            if let keep = environment.keepDraftsOnServer { work = { try await keep(drafts) } }
        }
        guard let work else { return .send(.sync(.errandEnded(serial: serial, refusal: nil))) }
        return .run(id: EffectID(MailboxWorkID.errand)) { send in
            do {
                try await work()
                send(.sync(.errandEnded(serial: serial, refusal: nil)))
            } catch {
                send(.sync(.errandEnded(serial: serial, refusal: MailProblem.of(error))))
            }
        }
    }

    /// The outbox file (`mailbox-outbox.json`): the filings the server has not done yet and the messages not yet
    /// taken, as the sync has them now, so a quit loses none and sends none twice. Not on a fresh start.
    private func saveOutbox(_ state: MailboxState) {
        guard state.sync.filing.keepsServerState else { return }
        let sends = state.sync.outbox.map { entry in
            var message = entry.message
            message.sentID = entry.sentID
            message.committed = entry.phase == .committed ? true : nil
            return message
        }
        do {
            try environment.saveOutbox(state.sync.filing.undone, sends)
        } catch {
            environment.log("mailbox: the filings waiting for the mail server were not saved (\(error)); they last until you quit")
        }
    }
}

/// The Mailbox's runs and timers, by name: a second one under a name replaces the first.
enum MailboxWorkID: Hashable, Sendable {
    case check, nextCheck, watch, errand, search, account, clock
    case send(Int)
    case retry(Int)
}
