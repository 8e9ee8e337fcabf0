import Foundation
import KineticData
import KineticPlatform

/// What the Mailbox does to the world outside its rules and its layers: the person's placements on disk and the
/// log. Injected, so tests start from any placements and read what was saved; the network comes in through the
/// `MailboxFeed`.
public struct MailboxEnvironment {
    /// The saved placements, and why they could not be read (the Mailbox then starts with every message in the Inbox).
    public var loadPlacements: () -> (placements: [String: Placement], problem: String?)
    /// Saves the placements; a failure is said in a banner and the log, and the changes last until the app quits.
    public var savePlacements: ([String: Placement]) throws -> Void
    /// Writes one line to the log.
    public var log: (String) -> Void
    /// The messages opened so far, and why they could not be read.
    public var loadRead: () -> (read: Set<String>, problem: String?)
    /// Saves the messages opened so far.
    public var saveRead: (Set<String>) throws -> Void
    /// The messages the person sent, and why they could not be read.
    public var loadSent: () -> (sent: [MailMessage], problem: String?)
    /// Saves the messages the person wrote here, sent or kept as drafts.
    public var saveSent: ([MailMessage]) throws -> Void
    /// Tells the mail server that these messages were opened (IMAP's `\Seen`), in the background; `nil` without one.
    public var markReadOnServer: ((Set<String>) -> Void)?
    /// Marks a message answered on the server (`\Answered`) once a reply to it was sent; throws what went wrong.
    /// `nil` without a mail server.
    public var markAnsweredOnServer: (@Sendable (String) async throws -> Void)?
    /// Files a message on the server as a placement says (its list's mailbox; Later's return moment); throws the
    /// server's refusal. `nil` without a mail server.
    public var moveOnServer: (@Sendable (String, Placement) async throws -> Void)?
    /// Hands a message the person wrote to the mail server once (`MailServer.submit`), calling the second argument
    /// just before the end of the message goes; throws a `SendFailure`. `nil` when the account cannot send.
    public var submitOnServer: (@Sendable (MailboxState.OutgoingMessage, @escaping @Sendable () -> Void) async throws -> Void)?
    /// Listens for the server's word of new mail until cancelled, calling its argument each time (IMAP IDLE); `nil`
    /// without a server.
    public var watchForNewMail: (@Sendable (@escaping @Sendable () -> Void) async -> Void)?
    /// The filings and sends the mail server had not carried out when the app last quit (`mailbox-outbox.json`),
    /// oldest first.
    public var loadOutbox: () -> (moves: [WaitingMove], sends: [OutgoingMessage], problem: String?) = { ([], [], nil) }
    /// Saves the filings and sends the mail server has not carried out yet.
    public var saveOutbox: ([WaitingMove], [OutgoingMessage]) throws -> Void = { _, _ in }
    /// This device's name on the mail server (`MailDevice`), which marks the drafts `keepDraftsOnServer` keeps there;
    /// `nil` without a server.
    public var device: String?
    /// Keeps the person's drafts in the mail server's `\Drafts` (all of them, as they are now); `nil` without a server.
    public var keepDraftsOnServer: (@Sendable ([MailMessage]) async throws -> Void)?
    /// How far reading the mail server's mailboxes has got (`MailServer.syncProgress`), asked about once a second; `nil`
    /// without a server.
    public var syncProgress: (() -> MailSyncProgress?)?
    /// The mail server's own search for messages holding every word (`MailServer.search`); `nil` without a server.
    public var searchOnServer: (@Sendable ([String]) async throws -> Set<String>)?
    /// Reads a file a message carries, whole, from the mail server (`MailServer.attachment(of:at:)`); `nil` without a
    /// server (a document's messages carry none).
    public var readAttachment: (@Sendable (String, Int) async throws -> MailAttachmentFile)?
    /// Saves a file into the person's Downloads folder, never over a file there, and gives where it went. Refuses by
    /// default: a run without a desktop (a scenario, a test) writes into no person's folder.
    public var keepDownload: @Sendable (MailAttachmentFile) throws -> URL = { _ in throw NoDesktop(what: "no Downloads folder") }
    /// Hands a file to the desktop's program for its kind (through a private copy). Refuses by default.
    public var openAttachment: @Sendable (MailAttachmentFile) async throws -> Void = { _ in throw NoDesktop(what: "no desktop to open files with") }
    /// How the account sheet checks and keeps a mail account; `nil` where none can be set up (the menu offers none).
    public var accountSetting: MailAccountSetting?
    /// The account sheet kept an account: the Mailbox opens anew on its server (`MailboxConnection`).
    public var openOnServer: (MailAccountKept) -> Void = { _ in }

    /// Why a run did not save or open a file: it has no desktop to do it with.
    public struct NoDesktop: Error, CustomStringConvertible {
        /// What the run lacks ("no Downloads folder").
        public var what: String
        /// "this run has no Downloads folder".
        public var description: String { "this run has \(what)" }
    }

    /// An environment from plain closures; the read and written messages default to none, and are then not saved.
    public init(loadPlacements: @escaping () -> (placements: [String: Placement], problem: String?),
                savePlacements: @escaping ([String: Placement]) throws -> Void, log: @escaping (String) -> Void,
                loadRead: @escaping () -> (read: Set<String>, problem: String?) = { ([], nil) },
                saveRead: @escaping (Set<String>) throws -> Void = { _ in },
                loadSent: @escaping () -> (sent: [MailMessage], problem: String?) = { ([], nil) },
                saveSent: @escaping ([MailMessage]) throws -> Void = { _ in }) {
        self.loadPlacements = loadPlacements
        self.savePlacements = savePlacements
        self.log = log
        self.loadRead = loadRead
        self.saveRead = saveRead
        self.loadSent = loadSent
        self.saveSent = saveSent
    }

    /// The real thing: `MailboxSavedFiles` in `dataDirectory`, and `log`.
    public static func live(dataDirectory: URL, log: @escaping (String) -> Void) -> MailboxEnvironment {
        let store = MailboxSavedFiles(folder: dataDirectory)
        var environment = MailboxEnvironment(loadPlacements: store.load, savePlacements: store.save, log: log, loadRead: store.loadRead,
                                             saveRead: store.saveRead, loadSent: store.loadSent, saveSent: store.saveSent)
        environment.loadOutbox = store.loadOutbox
        environment.saveOutbox = { moves, sends in try store.saveOutbox(moves, sends: sends) }
        return environment
    }
}
