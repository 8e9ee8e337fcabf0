import Foundation

/// A mail account as a person typed it in the Mailbox's account sheet: the name it goes by, the servers' addresses,
/// the user name and the password. Nothing in it is checked yet (`MailAccountSetting.check` does that). Its
/// description and mirror leave the password out, so no log, dump or failed test ever prints it.
public struct MailAccountForm: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The name the account goes by ("Work"); empty, the set-up names it (`MailAccountSetUp`: the user's address).
    public var name: String
    /// The IMAP server's address: `imaps://host`, `imap://host` (STARTTLS), `imap://127.0.0.1:port` (plain, loopback).
    public var imap: String
    /// The SMTP server's address (`smtps://host`, `smtp://host:587`), or `nil` for an account that only reads.
    public var smtp: String?
    /// The user name the servers know.
    public var user: String
    /// The password, kept only until the account is set up.
    public var password: String
    /// A PEM file of certificate authorities to trust for this account's servers instead of the system's (a company's
    /// own, a self-hosted server's), or `nil` to trust the system's. `~/` is the person's home folder.
    public var caFile: String?
    /// The person's name as their mail says it (From: `Ana Lima <ana@example.org>`), or `nil` for the address alone.
    public var fromName: String?

    /// A form as typed, its fields but the password trimmed; an empty SMTP address, CA file or name in From is none.
    public init(name: String, imap: String, smtp: String?, user: String, password: String, caFile: String? = nil, fromName: String? = nil) {
        self.name = name.trimmingCharacters(in: .whitespaces)
        self.imap = imap.trimmingCharacters(in: .whitespaces)
        let sending = smtp?.trimmingCharacters(in: .whitespaces)
        self.smtp = sending?.isEmpty == false ? sending : nil
        self.user = user.trimmingCharacters(in: .whitespaces)
        self.password = password
        let authority = caFile?.trimmingCharacters(in: .whitespaces)
        self.caFile = authority?.isEmpty == false ? authority : nil
        let person = fromName?.trimmingCharacters(in: .whitespaces)
        self.fromName = person?.isEmpty == false ? person : nil
    }

    /// The form without its password.
    public var description: String {
        "\(name): \(user) at \(imap)\(smtp.map { ", sending through \($0)" } ?? "")\(caFile.map { ", trusting \($0)" } ?? "") (password not shown)"
    }
    /// What `dump` and mirrors see: no password.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "imap": imap, "smtp": smtp as Any, "user": user, "caFile": caFile as Any, "fromName": fromName as Any],
               displayStyle: .struct)
    }
}

/// What setting an account up gave: the mail server the Mailbox opens on now (the new account, with those set up
/// before it), and where its password went.
public struct MailAccountKept: Sendable {
    /// The server to open on.
    public var server: MailServer
    /// Whether no keyring answered and the password went to a file readable by its owner only (said to the person).
    public var passwordInFile: Bool

    /// What a set-up gave.
    public init(server: MailServer, passwordInFile: Bool) {
        self.server = server
        self.passwordInFile = passwordInFile
    }
}

/// How a mail account is set up from inside the app, built at the edge: `kinetic run` checks the login and keeps the
/// account for good (the keyring and `mail.json`); `kinetic play` checks it and keeps it for the run only, so a
/// scenario never writes a person's accounts.
public struct MailAccountSetting: Sendable {
    /// Logs in once with the form's account, throwing a sentence that names what is wrong (an address refused, a
    /// server that does not answer, a password it does not take). Nothing is kept.
    public var check: @Sendable (MailAccountForm) async throws -> Void
    /// Keeps the checked account and gives the server the Mailbox opens on now.
    public var keep: @Sendable (MailAccountForm) async throws -> MailAccountKept

    /// A setting from its two steps.
    public init(check: @escaping @Sendable (MailAccountForm) async throws -> Void,
                keep: @escaping @Sendable (MailAccountForm) async throws -> MailAccountKept) {
        self.check = check
        self.keep = keep
    }
}
