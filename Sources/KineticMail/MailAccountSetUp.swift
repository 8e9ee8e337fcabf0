import Foundation
import KineticData
import KineticPlatform

/// One mail account set up for good, as `kinetic mail-account` and the Mailbox's account sheet both do it: the account
/// checked, its password kept in the desktop's Secret Service (else a file readable by its owner only, with a warning
/// saying so), and its entry written into `mail.json` (`MailAccountsFile`), every other entry kept as written.
package struct MailAccountSetUp: Sendable, CustomStringConvertible {
    /// The account's name, as the Mailbox says it ("Work"); an account of that name is replaced.
    package var name: String
    /// The IMAP server's address (`imaps://`, `imap://`).
    package var imap: String
    /// The SMTP server's address (`smtps://`, `smtp://`), when the account sends.
    package var smtp: String?
    /// The account's user name.
    package var user: String
    /// A PEM file of the certificate authorities to trust instead of the system's.
    package var caFile: String?
    /// The person's name as their mail says it, before the address in From; `nil` for the address alone.
    package var fromName: String?

    /// An account to set up; nothing is checked or kept until `account(password:)` and `keep(password:in:)`.
    package init(name: String, imap: String, smtp: String?, user: String, caFile: String? = nil) {
        (self.name, self.imap, self.smtp, self.user, self.caFile) = (name, imap, smtp, user, caFile)
    }

    /// Never the password: a set-up holds none.
    package var description: String { "\(MailAccount.shown(name)): \(MailAccount.shown(user)) at \(MailAccount.shown(imap))" }

    /// The account with `password`, checked (the name, the addresses, the user, the CA file, read with `home` as `~/`);
    /// throws a sentence naming what is wrong.
    package func account(password: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) throws -> MailAccount {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 80, !name.contains(where: \.isNewline) else {
            throw MailAccountError(.nameInvalid)
        }
        guard !password.isEmpty, !password.contains(where: \.isNewline) else { throw MailAccountError(.passwordInvalid) }
        var account = try MailAccount(address: imap, user: user, password: password, trustRootsFile: try trustedRoots(home: home), smtpAddress: smtp)
        account.fromName = fromName
        return account
    }

    /// The largest certificate authority file read: a company's bundle is a few dozen certificates, well under this.
    static let caFileLimit = 1 << 20

    /// `caFile` as a path TLS can load (`~/` expanded), once it is read and found to hold a certificate: a file that
    /// can't be used is said now, in a sentence naming it, rather than as a TLS library's error at the handshake.
    func trustedRoots(home: String? = ProcessInfo.processInfo.environment["HOME"]) throws -> String? {
        guard let caFile else { return nil }
        let path = MailAccountsFile.expanded(caFile, home: home)
        let bytes: Data
        do { bytes = try SmallFile.read(path, limit: Self.caFileLimit) } catch {
            throw MailAccountError(.caFileRefused(path: MailAccount.shown(caFile), FileProblem.of(error) ?? .system("\(error)")))
        }
        guard bytes.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw MailAccountError(.caFileHoldsNoCertificate(path: MailAccount.shown(caFile)))
        }
        return path
    }

    /// Keeps the account: its password in the Secret Service, else in `mail-passwords/` beside `file` (owner-only);
    /// then its entry in `file`. Nothing is kept when `file` can't be set up: one that is not the accounts, or a folder
    /// that can't be written, refuses before the password goes anywhere. The password goes to a file only where no
    /// Secret Service is there at all; one that is there but refuses, stays locked, or does not answer within
    /// `keyringDeadline` seconds (an unlock prompt is a person's time) refuses the set-up, in its words. Returns the
    /// warning to give when the password went to a file, `nil` when the keyring kept it. `warn` hears what could not be
    /// tidied on the way (a password not put back, an old one not removed): the set-up stands or falls without it.
    @discardableResult
    package func keep(password: String, in file: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
                     keyringDeadline: Double = 60, warn: (String) -> Void = Log.line) throws -> String? {
        let account = try account(password: password, home: environment["HOME"])
        _ = try MailAccountsFile.entries(in: file)  // throws, saying why, for a file that is not the accounts
        let folder = file.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw MailAccountError(.accountsFolderUnusable(path: MailAccount.shown(folder.path), FileProblem.of(error) ?? .system(ErrorWords.sentence(error))))
        }
        guard access(folder.path, W_OK) == 0 else {
            throw MailAccountError(.accountsFolderUnusable(path: MailAccount.shown(folder.path), .notPermitted))
        }
        var entry: [String: Any] = ["imap": imap, "user": user]
        if let smtp { entry["smtp"] = smtp }
        if let caFile { entry["caFile"] = caFile }
        if let fromName { entry["fromName"] = fromName }
        var warning: String?, passwordFile: (url: URL, before: Data?)?, keyringBefore: Result<String?, Error>?
        do {
            // What the keyring held for this account before, to put back should mail.json refuse: a password, none, or
            // unknown (the keyring could not say; it is then left as the store leaves it). A locked keyring's one unlock
            // serves this and the store, within the same deadline.
            let before = Result { try SecretService.password(for: account.secretServiceKey, environment: environment, deadline: keyringDeadline) }
            if case .failure(let failure as SecretService.Failure) = before, failure.isAbsent { throw failure }
            try SecretService.store(password, for: account.secretServiceKey, environment: environment, deadline: keyringDeadline)
            keyringBefore = before
            entry["passwordInSecretService"] = true
        } catch let failure as SecretService.Failure where failure.isAbsent {
            // No keyring on this desktop (no session bus, or nothing answering for the service): an owner-only file, said.
            let before = FileManager.default.contents(atPath: passwordFileURL(for: account, beside: file).path)
            let kept = try keepInFile(password, for: account, beside: file)
            entry["passwordFile"] = kept.path
            passwordFile = (kept, before)
            warning = "\(failure); the password is in \(kept.path), readable by you only"
        }
        do {
            let written = try MailAccountsFile.setUp(name, entry, in: file)
            forgetPasswords(of: written.replaced, namedBy: written.now, beside: file, environment: environment, warn: warn)
        } catch {
            // The password goes back to what it was: gone when this set-up kept it first, the old one when an account
            // set up before keeps it there (the same user at the same server). The refusal is what is said; a password
            // that could not be put back is said to `warn`.
            do {
                if let passwordFile {
                    if let before = passwordFile.before { try AtomicFile.write(before, to: passwordFile.url, ownerOnly: true) } else { _ = unlink(passwordFile.url.path) }
                }
                if case .success(let before)? = keyringBefore {
                    if let before { try SecretService.store(before, for: account.secretServiceKey, environment: environment) }
                    else { try SecretService.clear(for: account.secretServiceKey, environment: environment) }  // none was there
                }
            } catch let restoring {
                warn("mail: the password kept for \(MailAccount.shown(account.secretServiceKey)) could not be put back as it was: \(restoring)")
            }
            throw (error as? MailAccountError)
                ?? MailAccountError(.accountsFileNotWritten(path: MailAccount.shown(file.path), FileProblem.of(error) ?? .system(ErrorWords.sentence(error))))
        }
        return warning
    }

    /// The passwords of the accounts this set-up replaced (another user or server under the same name) that no account
    /// in the file names now: a file this program made in `mail-passwords/` (never one the person named), or the
    /// keyring's item. Best effort: one left behind harms nothing but the keyring's tidiness.
    private func forgetPasswords(of replaced: [[String: Any]], namedBy now: [[String: Any]], beside file: URL, environment: [String: String],
                                 warn: (String) -> Void) {
        // Paths compared as the files they name: `~` read as the home folder, `..` and links followed.
        let place = { (path: String) in
            URL(fileURLWithPath: MailAccountsFile.expanded(path, home: environment["HOME"])).standardizedFileURL.resolvingSymlinksInPath().path
        }
        let ours = place(Self.passwordsFolder(beside: file).path) + "/"
        let files = Set(now.compactMap { ($0["passwordFile"] as? String).map(place) })
        let keyring = Set(now.filter { $0["passwordInSecretService"] as? Bool == true }.compactMap(Self.secretServiceKey))
        for entry in replaced {
            if let left = (entry["passwordFile"] as? String).map(place), !files.contains(left), left.hasPrefix(ours), unlink(left) != 0, errno != ENOENT {
                warn("mail: the old password file \(MailAccount.shown(left)) could not be removed: \(String(cString: strerror(errno)))")
            }
            if entry["passwordInSecretService"] as? Bool == true, let key = Self.secretServiceKey(entry), !keyring.contains(key) {
                do { try SecretService.clear(for: key, environment: environment) } catch {
                    warn("mail: the keyring's old password for \(MailAccount.shown(key)) could not be removed: \(error)")
                }
            }
        }
    }

    /// The Secret Service's key of an entry as `mail.json` writes it, when its address reads.
    private static func secretServiceKey(_ entry: [String: Any]) -> String? {
        guard let imap = entry["imap"] as? String, let user = entry["user"] as? String else { return nil }
        return (try? MailAccount(address: imap, user: user, password: ""))?.secretServiceKey  // nil: an address that does not read
    }

    /// Where `account`'s password is kept when no keyring is there: `mail-passwords/<user>@<host>-<port>-<hash>` beside
    /// `file`, one per user and server.
    private func passwordFileURL(for account: MailAccount, beside file: URL) -> URL {
        Self.passwordsFolder(beside: file).appendingPathComponent(String(account.keptMailFileName.dropLast(".sqlite".count)))
    }

    /// The folder of the passwords this program keeps in files: `mail-passwords/` beside `mail.json`.
    private static func passwordsFolder(beside file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent("mail-passwords")
    }

    /// The password in `mail-passwords/` beside `file`: the folder 0700, the file 0600 from its first byte.
    private func keepInFile(_ password: String, for account: MailAccount, beside file: URL) throws -> URL {
        let kept = passwordFileURL(for: account, beside: file), folder = kept.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)  // one made before, too
            try AtomicFile.write(Data((password + "\n").utf8), to: kept, ownerOnly: true)
        } catch {
            throw MailAccountError(.passwordNotKept(path: MailAccount.shown(kept.path), FileProblem.of(error) ?? .system(ErrorWords.sentence(error))))
        }
        return kept
    }
}

extension MailAccountSetUp {
    /// The set-up of an account typed in the Mailbox's sheet, trusting the certificate authorities of the form's CA file,
    /// else of the run's `caFile` (`--mail-ca-file`), else the system's.
    ///
    /// With no name typed, the account goes by its user name when that is an address, else by the user at the IMAP
    /// host ("ana@imap.example.org"), so "ana" at two servers are two accounts (the first 80 characters of it).
    package init(_ form: MailAccountForm, caFile: String? = nil) {
        var name = form.name
        if name.isEmpty {
            let host = URLComponents(string: form.imap)?.host ?? ""
            name = String((form.user.contains("@") || host.isEmpty ? form.user : "\(form.user)@\(host)").prefix(80))
        }
        self.init(name: name, imap: form.imap, smtp: form.smtp, user: form.user, caFile: form.caFile ?? caFile)
        fromName = form.fromName
    }

    /// Setting accounts up from the Mailbox's sheet for good (`kinetic run`): the login checked, then the account kept
    /// in `accountsFile` (`mail.json`) with its password in the keyring or a file, and the Mailbox opened on every
    /// account the file then gives, each one's mail kept in `keptMailFolder`. `caFile` is the run's
    /// `--mail-ca-file`, trusted for the new account too. The run's own account (`--imap`, not in the file) stays beside
    /// them, `alongside`.
    package static func keepingForGood(in accountsFile: URL, keptMailFolder: URL?, caFile: String?, alongside: MailServer? = nil,
                                      environment: [String: String] = ProcessInfo.processInfo.environment,
                                      warn: @escaping @Sendable (String) -> Void) -> MailAccountSetting {
        MailAccountSetting(check: { form in try await check(form, caFile: caFile) }, keep: { form in
            let setUp = MailAccountSetUp(form, caFile: caFile)
            let warning = try setUp.keep(password: form.password, in: accountsFile, environment: environment, warn: warn)
            if let warning { warn("mail: \(warning)") }
            guard let server = MailAccountsFile.server(accountsFile, keptMailFolder: keptMailFolder, home: environment["HOME"], environment: environment,
                                                       warn: { warn($0.description) }) else {
                throw MailAccountError(.keptButNotOpened(path: MailAccount.shown(accountsFile.path)))
            }
            return MailAccountKept(server: together(alongside, server, setUpName: setUp.name), passwordInFile: warning != nil)
        })
    }

    /// The run's own account (given by `--imap`), if any, with the accounts set up: one Mailbox (`SeveralAccounts`).
    /// Each is named as its rows and problems say it: the one set up by `setUpName`, the run's by its user and host
    /// ("ana@imap.example.org"), never by words of the app's that a person's language would not have.
    static func together(_ runs: MailServer?, _ setUp: MailServer, setUpName: String) -> MailServer {
        guard let runs else { return setUp }
        // One level of accounts: a group inside a group would count one of its accounts failing as all of them failing.
        let accounts = (setUp as? SeveralAccounts)?.accounts ?? [(name: setUpName, server: setUp)]
        let runsName = (runs as? IMAPMailServer).map { "\($0.account.user)@\($0.account.host)" } ?? setUpName + " (2)"
        return SeveralAccounts([(name: runsName, server: runs)] + accounts)
    }

    /// Setting an account up for one run only (`kinetic play`): the login checked, the account kept in memory, its
    /// mail too; no keyring, no `mail.json`, so a scenario never writes a person's accounts.
    package static func keepingForTheRun(caFile: String?, alongside: MailServer? = nil) -> MailAccountSetting {
        MailAccountSetting(check: { form in try await check(form, caFile: caFile) }, keep: { form in
            let setUp = MailAccountSetUp(form, caFile: caFile)
            let server = IMAPMailServer(account: try setUp.account(password: form.password))
            return MailAccountKept(server: together(alongside, server, setUpName: setUp.name), passwordInFile: false)
        })
    }

    /// The form's account, checked, logged in to once within `timeout`: its IMAP server, and its SMTP server when it
    /// names one (logged in and out, nothing sent), so a wrong address or password for either is said in the sheet.
    static func check(_ form: MailAccountForm, caFile: String?, timeout: Duration = .seconds(20)) async throws {
        let account = try MailAccountSetUp(form, caFile: caFile).account(password: form.password)
        try await IMAPMailServer(account: account, timeout: timeout).logIn()
        if let smtp = account.smtp {
            do {
                try await SMTPSubmission.logIn(host: smtp.host, port: smtp.port, tls: smtp.tls, user: account.user, password: account.password, timeout: timeout)
            } catch {
                throw MailAccountError(.atSMTPServer(MailProblem.of(error)))
            }
        }
    }
}
