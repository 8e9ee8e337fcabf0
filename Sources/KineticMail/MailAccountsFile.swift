import Foundation
import KineticData
import KineticPlatform

/// The mail accounts a person set up once, in `$XDG_CONFIG_HOME/kinetic/mail.json` (`~/.config/kinetic/mail.json`),
/// so that `kinetic run mailbox` opens on them with no flags:
///
///     {"accounts": [{"name": "Work", "imap": "imaps://imap.example.org", "smtp": "smtp://smtp.example.org",
///                    "user": "ana@example.org", "fromName": "Ana Lima", "passwordInSecretService": true},
///                   {"name": "Home", "imap": "imaps://mail.example.net", "user": "ana",
///                    "passwordFile": "~/.config/kinetic/home-password"}]}
///
/// `name` (the account's own, as the Mailbox's rows say it), `fromName` (the person's, as their mail says it), `smtp`
/// and `caFile` may be left out. The password is in the desktop's Secret Service (`SecretService`, the
/// item `kinetic-mail-account` = `MailAccount.secretServiceKey`), or in a file readable by its owner only (as
/// `--mail-password-file`), never in this one. Each account is read on its own: one that cannot be (a field missing,
/// an address refused, a password the keyring or file can't give) is left out with a sentence naming it, and the
/// others open.
package enum MailAccountsFile {
    /// One account as the file writes it.
    struct Entry: Decodable {
        var name: String?
        var imap: String
        var smtp: String?
        var user: String
        var passwordFile: String?
        var passwordInSecretService: Bool?
        var caFile: String?
        var fromName: String?
    }

    /// The file as read: its accounts, each on its own.
    struct File: Decodable {
        var accounts: LenientList<Entry>
    }

    /// The file's place: `$XDG_CONFIG_HOME/kinetic/mail.json`, else `~/.config/kinetic/mail.json`.
    package static func location(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("kinetic/mail.json")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/kinetic/mail.json")
    }

    /// The accounts in the file at `url` (none when there is no file), each with its name, and a problem per account
    /// or file that could not be read (its `description` the log's sentence). `home` stands for a path's leading `~`;
    /// `warn` hears of password files others can read.
    package static func load(_ url: URL, home: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                            warn: (MailProblem) -> Void) -> (accounts: [(name: String, account: MailAccount)], problems: [MailProblem]) {
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], []) }
        let shown = MailAccount.shown(url.path)
        let data: Data
        do { data = try SmallFile.read(url.path, limit: 1_048_576) } catch {
            return ([], [.account(.accountsFileUnreadable(path: shown, FileProblem.of(error) ?? .system("\(error)")))])
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            return ([], [.account(.accountsFileNotJSON(path: shown, why: ErrorWords.sentence(error)))])
        }
        var accounts: [(String, MailAccount)] = [], problems: [MailProblem] = []
        for (index, element) in file.accounts.elements.enumerated() {
            switch element {
            case .failure(let refusal):
                problems.append(.account(.entryLeftOut(number: index + 1, path: shown, why: refusal.reason)))
            case .success(let entry):
                let name = String((entry.name ?? entry.user).prefix(80))
                do {
                    var account = try MailAccount(address: entry.imap, user: entry.user, password: "",
                                                  trustRootsFile: entry.caFile.map { expanded($0, home: home) }, smtpAddress: entry.smtp)
                    account.fromName = entry.fromName
                    if entry.passwordInSecretService == true {
                        guard let kept = try SecretService.password(for: account.secretServiceKey, environment: environment) else {
                            throw MailAccountError(.noPasswordInKeyring(key: MailAccount.shown(account.secretServiceKey)))
                        }
                        account.password = kept
                    } else if let file = entry.passwordFile {
                        account.password = try MailAccount.password(fromFile: expanded(file, home: home), warn: warn)
                    } else {
                        throw MailAccountError(.namesNoPassword)
                    }
                    accounts.append((name, account))
                } catch {
                    problems.append(.account(.accountLeftOut(name: MailAccount.shown(name), path: shown, MailProblem.of(error))))
                }
            }
        }
        return (accounts, problems)
    }

    /// The mail server of the accounts in the file at `url`: one account's, several as one (`SeveralAccounts`), or
    /// `nil` for none. Each account's mail is kept in `keptMailFolder` (one SQLite file each), or in memory only for
    /// `nil`; an account the file can't give is left out, and `warn` hears why.
    package static func server(_ url: URL, keptMailFolder: URL?, home: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                              warn: (MailProblem) -> Void) -> MailServer? {
        let (accounts, problems) = load(url, home: home, environment: environment, warn: warn)
        problems.forEach(warn)
        let servers = accounts.map { entry -> (name: String, server: MailServer) in
            (entry.name, IMAPMailServer(account: entry.account, keptIn: keptMailFolder?.appendingPathComponent(entry.account.keptMailFileName)))
        }
        return servers.count > 1 ? SeveralAccounts(servers) : servers.first?.server
    }

    /// Sets up the account `name` in the file at `url`: `entry` (its JSON fields) replaces an account of that name, or
    /// joins the list. Every other entry is kept exactly as written, even one this version can't read; a file that is
    /// not `{"accounts": [...]}` JSON is not touched, and the sentence says why. Written atomically, owner-only.
    /// Returns the entries replaced, and every entry the file holds now, for the set-up to remove the passwords no
    /// entry names any more.
    @discardableResult
    package static func setUp(_ name: String, _ entry: [String: Any], in url: URL) throws -> (replaced: [[String: Any]], now: [[String: Any]]) {
        // An entry written without a name goes by its user (as `load` names it): set up again, it is replaced too.
        let before = try entries(in: url)
        let named = { (fields: [String: Any]) in (fields["name"] as? String ?? fields["user"] as? String) == name }
        var accounts = before.filter { entry in (entry as? [String: Any]).map { !named($0) } ?? true }
        var written = entry
        written["name"] = name
        accounts.append(written)
        let data = try JSONSerialization.data(withJSONObject: ["accounts": accounts], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try AtomicFile.write(data + Data("\n".utf8), to: url, ownerOnly: true)
        return (before.compactMap { ($0 as? [String: Any]).flatMap { named($0) ? $0 : nil } }, accounts.compactMap { $0 as? [String: Any] })
    }

    /// The file's entries as written (none when there is no file); throws when it is there but not the accounts, so
    /// a set-up can be refused before anything is kept.
    package static func entries(in url: URL) throws -> [Any] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let shown = MailAccount.shown(url.path)
        let data: Data
        do { data = try SmallFile.read(url.path, limit: 1_048_576) } catch {
            throw MailAccountError(.accountsFileRefused(path: shown, FileProblem.of(error) ?? .system("\(error)")))
        }
        guard let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let list = file["accounts"] as? [Any] else {
            throw MailAccountError(.accountsFileNotAccounts(path: shown))
        }
        return list
    }

    /// `path` with a leading `~/` read as `home`.
    static func expanded(_ path: String, home: String?) -> String {
        guard path.hasPrefix("~/"), let home else { return path }
        return home + path.dropFirst(1)
    }
}
