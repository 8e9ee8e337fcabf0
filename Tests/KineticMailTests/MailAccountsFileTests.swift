import XCTest
import Foundation
import KineticData
@testable import KineticMail

/// Accounts set up once in `mail.json`, and several accounts read as one Mailbox.
final class MailAccountsFileTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-accounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        return folder
    }

    private func write(_ text: String, to url: URL, mode: Int = 0o600) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// The file lives in `$XDG_CONFIG_HOME/kinetic/`, else `~/.config/kinetic/`.
    /// The account sheet's set-up with no keyring (no session bus): a name left empty is the user's address, or the
    /// user at the IMAP host, so "ana" at two servers are two accounts; the password goes to an owner-only file (0600
    /// from its first byte, in a 0700 folder) and `mail.json` is 0600. An address holding a password is refused
    /// without repeating it, and a folder that can't be written refuses before any password is kept.
    func testTheSheetsSetUpNamesKeepsAndRefusesAsItShould() throws {
        let folder = try folder()
        let file = folder.appendingPathComponent("kinetic/mail.json")
        for host in ["imap.work.example", "imap.home.example"] {
            let form = MailAccountForm(name: " ", imap: "imaps://\(host)", smtp: nil, user: "ana", password: "s3cret")
            let warning = try MailAccountSetUp(form).keep(password: form.password, in: file, environment: [:])
            XCTAssertTrue(warning?.contains("readable by you only") == true, warning ?? "no warning")
        }
        XCTAssertEqual(MailAccountSetUp(MailAccountForm(name: "", imap: "imaps://h.example", smtp: nil, user: "ana@example.org", password: "p")).name,
                       "ana@example.org", "a user name that is an address names the account")
        let loaded = MailAccountsFile.load(file, home: nil, environment: [:], warn: { _ in })
        XCTAssertEqual(loaded.accounts.map(\.name).sorted(), ["ana@imap.home.example", "ana@imap.work.example"])
        XCTAssertEqual(loaded.accounts.map(\.account.password), ["s3cret", "s3cret"])
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int ?? -1) & 0o777 }
        XCTAssertEqual(mode(file.path), 0o600)
        XCTAssertEqual(mode(folder.appendingPathComponent("kinetic/mail-passwords").path), 0o700)
        let passwords = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("kinetic/mail-passwords").path)
        XCTAssertEqual(passwords.count, 2)
        for name in passwords { XCTAssertEqual(mode(folder.appendingPathComponent("kinetic/mail-passwords/\(name)").path), 0o600) }
        // The work account's name set up again for another server: its old password file goes, the home one stays.
        try MailAccountSetUp(MailAccountForm(name: "ana@imap.work.example", imap: "imaps://imap.other.example", smtp: nil, user: "ana", password: "n"))
            .keep(password: "n", in: file, environment: [:])
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("kinetic/mail-passwords").path)
        XCTAssertEqual(after.count, 2, "\(after)")
        XCTAssertFalse(after.contains { $0.contains("imap.work.example") }, "\(after)")
        XCTAssertTrue(after.contains { $0.contains("imap.home.example") } && after.contains { $0.contains("imap.other.example") }, "\(after)")

        // A password file another entry still names, written with `~` for the home folder, stays when the entry that
        // named it the long way is replaced.
        let shared = folder.appendingPathComponent("kinetic/mail-passwords/shared")
        try write("shared-secret\n", to: shared)
        try write(#"{"accounts": [{"name": "Home", "imap": "imaps://h.example", "user": "u", "passwordFile": "\#(shared.path)"},"#
                  + #" {"name": "Other", "imap": "imaps://o.example", "user": "u", "passwordFile": "~/kinetic/mail-passwords/shared"}]}"#, to: file)
        try MailAccountSetUp(MailAccountForm(name: "Home", imap: "imaps://elsewhere.example", smtp: nil, user: "u", password: "p"))
            .keep(password: "p", in: file, environment: ["HOME": folder.path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shared.path), "still Other's")

        // An entry written by hand without a name goes by its user: set up again under that name, it is replaced.
        try write(#"{"accounts": [{"imap": "imaps://mail.example.net", "user": "bo", "passwordFile": "/x"}]}"#, to: file)
        try MailAccountSetUp(MailAccountForm(name: "bo", imap: "imaps://mail.example.net", smtp: nil, user: "bo", password: "p"))
            .keep(password: "p", in: file, environment: [:])
        XCTAssertEqual(try MailAccountsFile.entries(in: file).count, 1, "replaced, not doubled")

        let leaky = MailAccountForm(name: "Leak", imap: "imaps://ana:hunter2@imap.example.org", smtp: nil, user: "ana", password: "p")
        XCTAssertThrowsError(try MailAccountSetUp(leaky).keep(password: "p", in: file, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("own fields"), "\(error)")
            XCTAssertFalse("\(error)".contains("hunter2"), "the password in the address is never repeated")
        }
        guard getuid() != 0 else { return }  // root writes through any mode: the unwritable folder can't be made here
        let locked = folder.appendingPathComponent("locked/kinetic")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        XCTAssertThrowsError(try MailAccountSetUp(MailAccountForm(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", password: "p"))
            .keep(password: "p", in: locked.appendingPathComponent("mail.json"), environment: [:]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: locked.appendingPathComponent("mail-passwords").path), "no password kept")
    }

    func testTheFileIsInTheConfigFolder() {
        XCTAssertEqual(MailAccountsFile.location(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/ana"])?.path, "/x/config/kinetic/mail.json")
        XCTAssertEqual(MailAccountsFile.location(environment: ["HOME": "/home/ana"])?.path, "/home/ana/.config/kinetic/mail.json")
        XCTAssertEqual(MailAccountsFile.location(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ana"])?.path,
                       "/home/ana/.config/kinetic/mail.json", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
    }

    /// Each account on its own: the good one opens (its `~` read as home), the others are left out, each named.
    func testEachAccountIsReadOnItsOwn() throws {
        let folder = try folder()
        try write("work secret\n", to: folder.appendingPathComponent("work-password"))
        let file = folder.appendingPathComponent("mail.json")
        try write("""
        {"accounts": [
          {"name": "Work", "imap": "imaps://imap.example.org", "smtp": "smtp://smtp.example.org", "user": "ana@example.org",
           "passwordFile": "~/work-password"},
          {"name": "Old", "imap": "http://imap.example.org", "user": "ana", "passwordFile": "~/work-password"},
          {"name": "Nameless", "imap": "imaps://imap.example.org", "passwordFile": "~/work-password"},
          {"name": "Lost", "imap": "imaps://imap.example.org", "user": "ana", "passwordFile": "~/no-such-file"}
        ]}
        """, to: file)
        let (accounts, found) = MailAccountsFile.load(file, home: folder.path, warn: { XCTFail("no warning expected: \($0)") })
        let problems = found.map(\.description)
        XCTAssertEqual(accounts.map(\.name), ["Work"])
        XCTAssertEqual(accounts.first?.account.password, "work secret", "the first line of the password file")
        XCTAssertEqual(accounts.first?.account.smtp?.port, 587)
        XCTAssertEqual(problems.count, 3, "\(problems)")
        XCTAssertTrue(problems[1].contains("account 3") && problems[1].contains("\"user\" is missing"), "in the file's order; by its place: \(problems)")
        XCTAssertTrue(problems.contains { $0.contains("\"Old\"") && $0.contains("not an address") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("\"Lost\"") && $0.contains("can't be read") }, "\(problems)")
        XCTAssertFalse(problems.joined().contains("work secret"), "a password is never in a problem")
        let lost = MailAccount.shown(folder.appendingPathComponent("no-such-file").path)
        XCTAssertEqual(found.last, .account(.accountLeftOut(name: "\"Lost\"", path: MailAccount.shown(file.path),
                                                            .account(.passwordFileRefused(path: lost, .missing)))),
                       "by kind, for the Mailbox to say in the person's language")
    }

    func testAFileThatIsNotTheAccountsIsSaidOnce() throws {
        let folder = try folder()
        let file = folder.appendingPathComponent("mail.json")
        try write("[1, 2", to: file)
        let (accounts, found) = MailAccountsFile.load(file, home: nil, warn: { _ in })
        let problems = found.map(\.description)
        XCTAssertTrue(accounts.isEmpty)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("mail accounts: \"\(file.path)\" is not {\"accounts\": [...]} JSON"), problems[0])
        XCTAssertEqual(MailAccountsFile.load(folder.appendingPathComponent("none.json"), home: nil, warn: { _ in }).problems, [], "no file, no account, nothing to say")
    }

    /// An in-memory account: its messages, the moves and sends it was asked for, and whether it can be reached.
    final class Account: MailServer, @unchecked Sendable {
        let checkInterval: Double
        let canSend: Bool
        private let lock = NSLock()
        private var messages: [MailMessage]
        private var away = false
        private(set) var asked: [String] = []

        init(_ subjects: [String], checkInterval: Double = 30, canSend: Bool = true, dates: [String: String] = [:]) {
            messages = subjects.map { subject in
                var message = MailMessage(id: subject.lowercased(), sender: "Ana", subject: subject, snippet: "", time: "")
                message.messageID = "<\(subject.lowercased())@example.org>"
                message.serverPlacement = .inbox
                message.date = dates[subject].flatMap { ISO8601DateFormatter().date(from: $0) }
                return message
            }
            (self.checkInterval, self.canSend) = (checkInterval, canSend)
        }

        struct Away: Error, CustomStringConvertible { let description = "could not be reached" }
        func setAway(_ on: Bool) { lock.withLock { away = on } }
        func inbox() async throws -> [MailMessage] {
            try lock.withLock {
                if away { throw Away() }
                return messages
            }
        }
        func move(_ id: String, to placement: Placement) async throws { lock.withLock { asked.append("move \(id)") } }
        func markRead(_ ids: Set<String>) async throws { lock.withLock { asked.append("read \(ids.sorted())") } }
        func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws { lock.withLock { asked.append("send \(subject)") } }
    }

    /// An account the run was given by flags (`--imap`) stays beside the one the sheet sets up: the Mailbox opened
    /// anew reads both. Without one, it is the new account's alone.
    func testTheRunsOwnAccountStaysBesideTheOneSetUp() async throws {
        let runs = Account(["Budget"], checkInterval: 30)
        let form = MailAccountForm(name: "New", imap: "imap://127.0.0.1:1", smtp: nil, user: "ana", password: "p")
        let kept = try await MailAccountSetUp.keepingForTheRun(caFile: nil, alongside: runs).keep(form)
        XCTAssertTrue(kept.server is SeveralAccounts, "\(type(of: kept.server))")
        let alone = try await MailAccountSetUp.keepingForTheRun(caFile: nil).keep(form)
        XCTAssertFalse(alone.server is SeveralAccounts)
        // Beside several accounts set up, one group of them all, not a group inside a group.
        let several = SeveralAccounts([(name: "Work", server: Account(["A"], checkInterval: 30)), (name: "Home", server: Account(["B"], checkInterval: 30))])
        XCTAssertEqual((MailAccountSetUp.together(runs, several, setUpName: "New") as? SeveralAccounts)?.accounts.map(\.name), ["New (2)", "Work", "Home"],
                       "the run's account (no IMAP server of its own here) beside the two, named without the app's English")
        // The new account's server (nothing at port 1) fails; the run's own still gives its Budget.
        do {
            let messages = try await kept.server.inbox()
            XCTFail("one account answering and one not is a partial check, not \(messages.count) message(s)")
        } catch let partial as PartialMailCheck {
            XCTAssertEqual(partial.messages.map { $0.subject }, ["Budget"])
        }
    }

    /// Two accounts as one: their messages together, each filed, read and answered through its own; one away keeps its
    /// last messages and is said once while the other goes on; both away, the check fails.
    func testSeveralAccountsAreOneMailbox() async throws {
        let work = Account(["Budget"], checkInterval: 30), home = Account(["Picnic", "Budget"], checkInterval: 10, canSend: false)
        let both = SeveralAccounts([(name: "Work", server: work), (name: "Home", server: home)])
        XCTAssertEqual(both.checkInterval, 10)
        let first = try await both.inbox()
        XCTAssertEqual(first.map(\.subject), ["Budget", "Picnic"], "a message both hold shows once, the first account's")
        try await both.move("picnic", to: Placement(.archive))
        try await both.markRead(["budget", "picnic"])
        try await both.send(to: ["lea@example.org"], subject: "Re: Picnic", body: "", inReplyTo: "<picnic@example.org>")
        XCTAssertEqual(work.asked, ["read [\"budget\"]", "send Re: Picnic"], "Home can't send: the reply goes through Work")
        XCTAssertEqual(home.asked, ["move picnic", "read [\"budget\", \"picnic\"]"], "Budget is Home's too: read in both")

        home.setAway(true)
        do {
            _ = try await both.inbox()
            XCTFail("Home's failure was not said")
        } catch let partial as PartialMailCheck {
            XCTAssertEqual(partial.messages.map(\.subject), ["Budget", "Picnic"], "Home's last messages stay")
            XCTAssertNil(partial.messages.last?.serverPlacement, "but say nothing of where they are now")
            XCTAssertEqual(partial.messages.first?.serverPlacement, .inbox, "Work answered")
            XCTAssertEqual(partial.problems, ["Home: could not be reached"])
        }
        let next = try await both.inbox()
        XCTAssertEqual(next.map(\.subject), ["Budget", "Picnic"], "said once, then the check goes on")
        XCTAssertEqual(next.map(\.account), ["Work", "Home"], "each row says whose it is")
        work.setAway(true)
        do {
            _ = try await both.inbox()
            XCTFail("both away, and the check worked")
        } catch is Account.Away {}
    }

    /// A FIFO as the accounts file or as a password file is refused at once (it blocked the launch for ever), and a
    /// file of 2 MB by its size, before a byte is read (issue #54, item 5).
    func testAFIFOOrAHugeFileIsRefusedWithoutReadingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("mail.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let loaded = MailAccountsFile.load(fifo, home: nil) { _ in }
        XCTAssertEqual(loaded.problems, [.account(.accountsFileUnreadable(path: MailAccount.shown(fifo.path), .notRegular(.fifo)))])
        XCTAssertTrue(loaded.problems[0].description.contains("is not a regular file (a FIFO)"), loaded.problems[0].description)
        XCTAssertThrowsError(try MailAccount.password(fromFile: fifo.path) { _ in }) { error in
            XCTAssertTrue("\(error)".contains("is not a regular file (a FIFO)"), "\(error)")
        }
        let huge = folder.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 2 * 1_048_576)  // sparse: 2 MB that cost nothing to write
        try handle.close()
        XCTAssertEqual(MailAccountsFile.load(huge, home: nil) { _ in }.problems.first.map { $0.description.hasSuffix("is larger than 1 MB") }, true)
    }

    /// One order by date across accounts: the second account's newer mail above the first's older, and a message
    /// with no date after every dated one.
    func testSeveralAccountsAreListedNewestFirstAcrossThem() async throws {
        let work = Account(["Budget", "Old minutes", "Undated"], dates: ["Budget": "2026-11-20T09:00:00Z", "Old minutes": "2019-01-03T23:30:00Z"])
        let home = Account(["Picnic"], dates: ["Picnic": "2026-11-27T18:00:00Z"])
        let both = SeveralAccounts([(name: "Work", server: work), (name: "Home", server: home)])
        let rows = try await both.inbox()
        XCTAssertEqual(rows.map(\.subject), ["Picnic", "Budget", "Old minutes", "Undated"])
        XCTAssertEqual(rows.map(\.account), ["Home", "Work", "Work", "Work"])
    }

    /// Issue #54: the account sheet trusts a certificate authority file, as `--mail-ca-file` does. The form's file wins
    /// over the run's; `~/` is the home folder; a file that can't be used is said at once in a sentence naming it (one
    /// missing, a FIFO, one with no certificate), never as a TLS library's error at the handshake; the file kept in
    /// `mail.json` is the one typed.
    func testACertificateAuthorityFileFromTheSheetIsCheckedAndKept() throws {
        let folder = try folder()
        let pem = folder.appendingPathComponent("ca.pem")
        try write("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", to: pem)
        let typed = MailAccountForm(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", password: "p", caFile: "  ~/ca.pem ")
        XCTAssertEqual(typed.caFile, "~/ca.pem", "trimmed")
        XCTAssertNil(MailAccountForm(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", password: "p", caFile: " ").caFile, "blank is none")
        let setUp = MailAccountSetUp(typed, caFile: "/the/run's.pem")
        XCTAssertEqual(setUp.caFile, "~/ca.pem", "the sheet's file over the run's")
        XCTAssertEqual(MailAccountSetUp(MailAccountForm(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", password: "p"), caFile: "/run.pem").caFile,
                       "/run.pem", "none typed: the run's")
        XCTAssertEqual(try setUp.trustedRoots(home: folder.path), pem.path, "~/ is the home folder")

        func refusal(_ caFile: String) -> String {
            let setUp = MailAccountSetUp(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", caFile: caFile)
            do { _ = try setUp.trustedRoots(home: folder.path); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(refusal("~/missing.pem"), "the certificate authority file \"~/missing.pem\" can't be read (there is no such file)")
        let fifo = folder.appendingPathComponent("fifo.pem")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertEqual(refusal(fifo.path), "the certificate authority file \"\(fifo.path)\" is not a regular file (a FIFO)")
        let notPEM = folder.appendingPathComponent("key.txt")
        try write("just words", to: notPEM)
        XCTAssertTrue(refusal(notPEM.path).hasPrefix("the certificate authority file \"\(notPEM.path)\" holds no certificate"), refusal(notPEM.path))

        let file = folder.appendingPathComponent("config/kinetic/mail.json")
        _ = try MailAccountSetUp(typed).keep(password: typed.password, in: file, environment: ["HOME": folder.path])
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual((written["accounts"] as? [[String: Any]])?.first?["caFile"] as? String, "~/ca.pem")
    }

    /// The person's name typed in the sheet ("Your name") is kept in `mail.json` as `fromName`, read back into the
    /// account, and is the name in From; a blank one is none, and a line break never reaches a header.
    func testTheNameInFromIsKeptAndReadBack() throws {
        let folder = try folder()
        let typed = MailAccountForm(name: "Work", imap: "imaps://imap.example.org", smtp: "smtps://smtp.example.org", user: "ana@example.org",
                                    password: "p", fromName: "  Ana Lima ")
        XCTAssertEqual(typed.fromName, "Ana Lima", "trimmed")
        XCTAssertNil(MailAccountForm(name: "W", imap: "imaps://h.example", smtp: nil, user: "u", password: "p", fromName: " ").fromName, "blank is none")
        XCTAssertEqual(try MailAccountSetUp(typed).account(password: "p", home: folder.path).fromName, "Ana Lima", "the run's account too")
        let file = folder.appendingPathComponent("config/kinetic/mail.json")
        try write("p\n", to: folder.appendingPathComponent("pw"))
        _ = try MailAccountSetUp(typed).keep(password: typed.password, in: file, environment: ["HOME": folder.path])
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual((written["accounts"] as? [[String: Any]])?.first?["fromName"] as? String, "Ana Lima")
        try write("""
        {"accounts": [{"name": "Work", "imap": "imaps://imap.example.org", "user": "ana@example.org", "fromName": "Ana\\nLima", "passwordFile": "~/pw"}]}
        """, to: file)
        let (accounts, _) = MailAccountsFile.load(file, home: folder.path, warn: { _ in })
        XCTAssertEqual(accounts.first?.account.fromName, "Ana Lima", "one line")
    }
}
