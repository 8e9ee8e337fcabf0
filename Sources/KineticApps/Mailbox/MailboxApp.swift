import Foundation
import KineticData
import KineticRuntime
import KineticPlatform

extension KineticApps {
    /// The content server's path of the Mailbox's messages.
    public static let mailboxMessagesPath = "mailbox/messages.json"

    /// Makes the Mailbox's screen on its data layer: the bundled (or saved) messages at once, then the content
    /// server's; the person's placements from the data folder (unless the run starts fresh).
    static func makeMailboxScreen(_ settings: StageSettings, environment: AppsEnvironment, connection: MailboxConnection) -> Screen {
        let file = ResourceFolder.named("Mailbox", containing: "messages.json").appendingPathComponent("messages.json")
        let bundled: Data?
        var problems: [String] = []
        do { bundled = try Data(contentsOf: file) } catch {
            bundled = nil
            problems.append("the bundled \(file.path) could not be read: \(error)")
        }
        let refresher = MailboxRefresher(bundledData: bundled, messagesURL: settings.document(mailboxMessagesPath),
                                         dataFolder: settings.dataDirectory, fetcher: environment.fetcher)
        let feed = connection.server.map { MailboxFeed(server: $0) } ?? MailboxFeed(refresher: refresher)
        var mailboxEnvironment = MailboxEnvironment.live(dataDirectory: settings.dataDirectory, log: environment.log)
        mailboxEnvironment.accountSetting = environment.mailAccountSetting
        mailboxEnvironment.openOnServer = { [weak connection] kept in connection?.open(kept) }
        if let folder = environment.downloadsFolder {
            mailboxEnvironment.keepDownload = { file in try NewFile.write(file.bytes, named: SafeFileName(file.name), in: folder) }
        }
        let openFile = environment.openFile, processEnvironment = environment.processEnvironment
        mailboxEnvironment.openAttachment = { file in
            try await openFile(try PrivateCopy.make(file.bytes, named: SafeFileName(file.name), environment: processEnvironment))
        }
        if let server = connection.server {
            mailboxEnvironment.readAttachment = { id, index in try await server.attachment(of: id, at: index) }
            mailboxEnvironment.moveOnServer = { id, placement in try await server.move(id, to: placement) }
            let device = MailDevice.name(in: settings.dataDirectory, log: environment.log)
            mailboxEnvironment.keepDraftsOnServer = { drafts in try await server.keepDrafts(drafts, device: device) }
            mailboxEnvironment.device = device
            mailboxEnvironment.syncProgress = { server.syncProgress() }
            mailboxEnvironment.searchOnServer = { words in try await server.search(words) }
            if server.canSend {
                mailboxEnvironment.submitOnServer = { message, committed in try await server.submit(message, committed: committed) }
            }
            mailboxEnvironment.watchForNewMail = { changed in await server.watchForNewMail(changed) }
            // Off the stage's thread: a failure goes to the process's log (standard error), which any thread may write.
            mailboxEnvironment.markAnsweredOnServer = { id in try await server.markAnswered(id) }
            mailboxEnvironment.markReadOnServer = { ids in
                Task.detached {
                    do { try await server.markRead(ids) } catch { Log.line("mailbox: the mail server was not told \(ids.count) message(s) were read: \(error)") }
                }
            }
        }
        let screen = MailboxScreen(feed: feed,
                                   environment: mailboxEnvironment, freshStart: settings.freshStart,
                                   words: MailboxText.mailWords(settings.localization))
        screen.startupProblems += problems
        screen.arrivalNote = connection.takeArrivalNote()
        return screen
    }
}

/// The mail server the Mailbox opens on, one for the run's entries: the account given at launch, until the account
/// sheet sets one up, after which every Mailbox opened (the one reopened at once, and any later) opens on the new one.
final class MailboxConnection {
    /// The server, or `nil` for the bundled and served messages.
    private(set) var server: MailServer?
    /// What the next Mailbox says as it opens: the account just set up.
    private var arrivalNote: LocalizedMessage?

    /// A connection to `server`, whose first Mailbox says the first of `warnings` (and how many more the log has).
    init(server: MailServer?, warnings: [MailProblem] = []) {
        self.server = server
        if let first = warnings.first {
            let what = LocalizedMessage.Value.message(MailProblemWords.message(first))
            arrivalNote = warnings.count == 1
                ? LocalizedMessage(MailboxText.accountsSaid, ["what": what])
                : LocalizedMessage(MailboxText.accountsSaidAndMore, count: warnings.count - 1, ["what": what])
        }
    }

    /// The account sheet set an account up: the next Mailbox opens on `kept.server`, and says so.
    func open(_ kept: MailAccountKept) {
        server = kept.server
        arrivalNote = LocalizedMessage(kept.passwordInFile ? MailboxText.accountSetUpInFile : MailboxText.accountSetUp)
    }

    /// The note for the Mailbox opening now, said once.
    func takeArrivalNote() -> LocalizedMessage? {
        defer { arrivalNote = nil }
        return arrivalNote
    }
}
