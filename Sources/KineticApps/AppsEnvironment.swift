import Foundation
import KineticData
import KineticPlatform

/// What the apps need from the world outside their rules and layers, built at the edge and handed in: the `kinetic`
/// executable makes the live one (the HTTP client, the renderer's image check, standard error); tests and the
/// benchmark make theirs from plain values. `KineticApps` itself links no HTTP client and decodes no image.
public struct AppsEnvironment {
    /// How documents and images are downloaded.
    public var fetcher: HTTPFetching
    /// The check a downloaded image must pass before an app shows it.
    public var imageValidator: ImageValidator
    /// Where the apps say what went wrong while they carry on.
    public var log: (String) -> Void
    /// Opens a link in the person's browser (a window), returning once the program that took it said it did; throws
    /// `LinkNotOpened` when none took it (its exit status said it failed, none is installed, or a headless run has
    /// none), so the app can say so and offer the link another way. Only addresses the one address check
    /// (`WebAddress`) accepted ever reach it.
    public var openLink: @Sendable (URL) async throws -> Void
    /// Hands a file to the desktop's program for its kind (`xdg-open` on a `file://` address in a window), returning
    /// once that program took it; throws a sentence when none did. A headless run has none: every file is refused.
    public var openFile: @Sendable (URL) async throws -> Void = { _ in throw LinkNotOpened(reason: "this run has no desktop to open files with") }
    /// The person's Downloads folder (`DownloadsFolder`), where a saved attachment goes; `nil` in a headless run
    /// (a scenario, a test), which writes into no person's folder.
    public var downloadsFolder: URL?
    /// Where a private copy of a file to open goes (`PrivateCopy`: the session's runtime folder), read from these
    /// variables; this process's by default.
    public var processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    /// The person's mail server, when an account is given (`--imap`): the Mailbox shows its Inbox, read again every
    /// `checkInterval` seconds for new mail. `nil`: the bundled and served messages, as without an account.
    public var mailServer: MailServer?
    /// How the Mailbox's account sheet sets a mail account up (checks the login, keeps the account); `nil` where no
    /// account can be set up, and the Mailbox's menu then offers none.
    public var mailAccountSetting: MailAccountSetting?
    /// What reading the mail accounts said (an account left out of `mail.json`, a password file others can read), in
    /// the log already: the Mailbox says the first in a banner as it opens, so a person without a terminal hears it.
    public var mailWarnings: [MailProblem] = []

    /// Without `openLink`, every link is refused with "this run has no browser".
    public init(fetcher: HTTPFetching, imageValidator: @escaping ImageValidator, log: @escaping (String) -> Void,
                openLink: (@Sendable (URL) async throws -> Void)? = nil) {
        self.fetcher = fetcher
        self.imageValidator = imageValidator
        self.log = log
        self.openLink = openLink ?? { _ in throw LinkNotOpened(reason: "this run has no browser") }
    }

    /// No network (every fetch fails at once, and the apps run on bundled and saved data), no image ever accepted
    /// from outside (none is downloaded), and the log on standard error.
    public static var offline: AppsEnvironment {
        AppsEnvironment(fetcher: NoNetwork(), imageValidator: { _ in .notChecked("this run checks no downloaded images") }, log: Log.line)
    }
}

/// A link no browser took: `reason` says why ("this run has no browser", the desktop's own error).
public struct LinkNotOpened: Error, CustomStringConvertible, Sendable {
    /// Why the link was not opened, as a person can read it.
    public var reason: String
    /// The desktop's opener that refused (`xdg-open`) and its exit status (`nil`: it could not be started), when one
    /// was asked; `nil` for a run with no desktop at all.
    public var opener: (program: String, status: Int32?)?

    /// A refusal saying `reason`, no desktop opener asked.
    public init(reason: String) { (self.reason, opener) = (reason, nil) }

    /// A refusal saying `reason`, by `opener`.
    public init(reason: String, opener: (program: String, status: Int32?)?) { (self.reason, self.opener) = (reason, opener) }

    /// The reason, as the log and the banner say it.
    public var description: String { reason }
}
