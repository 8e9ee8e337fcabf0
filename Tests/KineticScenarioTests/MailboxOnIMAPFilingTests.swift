import XCTest
import Foundation
import KineticData
import KineticRuntime
@testable import KineticApps
import KineticMail

/// Later and the lists on a real server (issue #40), and what is done while the server is away: run by `make test`
/// under `scripts/with-dovecot`; without that server they skip.
extension MailboxOnIMAPTests {
    /// Later and a list are mailboxes on the server, and Later's moment is kept there: a second Mailbox (another
    /// machine: its own data folder) sees the message in Later with the same option and moment, and the list's
    /// message in its list. Undo brings the list's message back to the server's Inbox; the moment come, the message
    /// comes back to the Inbox on the server.
    func testLaterAndTheListsAreKeptOnTheServer() async throws {
        let account = try account()
        let (runner, lunch, slides) = try await lunchAndSlides(account, checkInterval: 60)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)

        Mailbox.act(.command(id: lunch, zone: .later), .options(.choose(.reschedule(.tomorrow))), on: screen, stage)
        let later = screen.state.placement(of: lunch)
        let moment = try XCTUnwrap(later.until, "Tomorrow is a moment")
        XCTAssertEqual(later.list, .later)
        try await waitForServer(running: stage, account, ["INBOX": ["Slides for Monday"], "Archive": [], "Trash": [], "Later": ["Lunch on Thursday?"]], "in Later on the server")

        Mailbox.act(.command(id: slides, zone: .list), .options(.choose(.list(.toRead))), on: screen, stage)
        XCTAssertEqual(screen.state.placement(of: slides), Placement(.list, "to-read"))
        try await waitForServer(running: stage, account, ["INBOX": [], "Archive": [], "Trash": [], "Later": ["Lunch on Thursday?"],
                                          "Lists/to-read": ["Slides for Monday"]], "in the list's mailbox on the server")

        // Another machine reads the same server: Later with its option and moment, and the list.
        let elsewhere = try await IMAPMailServer(account: account).inbox()
        let lunchThere = try XCTUnwrap(elsewhere.first { $0.subject == "Lunch on Thursday?" }?.serverPlacement)
        XCTAssertEqual(lunchThere.list, .later)
        XCTAssertEqual(lunchThere.detail, "tomorrow")
        XCTAssertEqual(try XCTUnwrap(lunchThere.until).timeIntervalSince1970, moment.timeIntervalSince1970, accuracy: 1)
        XCTAssertEqual(elsewhere.first { $0.subject == "Slides for Monday" }?.serverPlacement, Placement(.list, "to-read"))
        let second = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60))
        defer { try? second.removeOwnFolder() }  // best effort: a temporary folder
        let secondScreen = Mailbox.screen(of: second)
        XCTAssertTrue(secondScreen.state.placement(of: lunch).isFiledOnServer(like: later), "\(secondScreen.state.placement(of: lunch))")
        XCTAssertEqual(secondScreen.state.placement(of: slides), Placement(.list, "to-read"))

        Mailbox.act(.undo, on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": ["Slides for Monday"], "Archive": [], "Trash": [], "Later": ["Lunch on Thursday?"],
                                          "Lists/to-read": []], "the list undone on the server")

        // The moment comes: back in the Inbox here, and on the server.
        screen.send(.clock(moment.addingTimeInterval(60), calendar: Calendar(identifier: .gregorian)))
        stage.run(for: 0.5)
        XCTAssertEqual(screen.state.placement(of: lunch).list, .inbox)
        try await waitForServer(running: stage, account, ["INBOX": ["Lunch on Thursday?", "Slides for Monday"], "Archive": [], "Trash": [], "Later": [],
                                          "Lists/to-read": []], "back from Later on the server")
    }

    /// The server stops while the Mailbox runs: what the person does meanwhile shows at once, waits, and is done on
    /// the server, in order, when it is back (nothing lost: an archive, a list, and an archive undone).
    func testWhatIsDoneWhileTheServerIsAwayIsDoneWhenItIsBack() async throws {
        let (account, control) = try await stoppableServer()
        try await deliver("Book club: next pick", from: "Lea Martin", to: account)
        let server = IMAPMailServer(account: account, checkInterval: 1, timeout: .seconds(5),
                                    retry: MailRetry(firstWait: .milliseconds(200), longestWait: .seconds(1)))
        let runner = try mailbox(on: server)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        func id(_ subject: String) throws -> String { try XCTUnwrap(screen.state.messages.first { $0.subject == subject }).id }
        let (lunch, slides, club) = (try id("Lunch on Thursday?"), try id("Slides for Monday"), try id("Book club: next pick"))

        kill(control, SIGUSR1)  // scripts/with-dovecot stops its server
        try await waitUntil("the server is away") { await !answers(account) }
        Mailbox.act(.command(id: lunch, zone: .archive), on: screen, stage)
        Mailbox.act(.command(id: slides, zone: .list), .options(.choose(.list(.toBuy))), on: screen, stage)
        Mailbox.act(.command(id: club, zone: .archive), .undo, on: screen, stage)
        stage.run(for: 2)
        XCTAssertEqual(screen.state.placement(of: lunch).list, .archive, "shown at once, server or not")
        XCTAssertEqual(screen.state.placement(of: slides), Placement(.list, "to-buy"))
        XCTAssertEqual(screen.state.placement(of: club).list, .inbox)
        // A check fails (each waits up to its 5 s timeout): the strip comes, and stays.
        for _ in 0..<20 where stage.dump().layer("mailbox.offline")?.visible != true {
            stage.run(for: 1)
            stage.backgroundWork.waitUntilIdle(timeout: 6)
        }
        XCTAssertEqual(stage.dump().layer("mailbox.offline")?.visible, true, "the strip says the server is away")

        kill(control, SIGUSR2)  // and starts it again, on the same port
        try await waitUntil("the server is back") { await answers(account) }
        try await waitForServer(running: stage, account, ["INBOX": ["Book club: next pick"], "Archive": ["Lunch on Thursday?"], "Trash": [],
                                          "Lists/to-buy": ["Slides for Monday"]], "done on the server when it is back")
        for _ in 0..<5 {
            stage.run(for: 1)
            stage.backgroundWork.waitUntilIdle(timeout: 15)
        }
        XCTAssertEqual(screen.state.placement(of: lunch).list, .archive, "still where the person put it after the next check")
        XCTAssertEqual(stage.dump().layer("mailbox.offline")?.visible, false, "and no longer once it answers")
        XCTAssertEqual(screen.state.placement(of: slides), Placement(.list, "to-buy"))
    }

    /// New mail without waiting for a check: with checks 10 minutes apart, a message delivered while the Mailbox runs
    /// is on top, unread, within 5 s, because the server says so in IDLE.
    func testNewMailComesAsTheServerSaysItInIdle() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        try await Task.sleep(for: .milliseconds(500))  // the watch is in IDLE
        try await deliver("Slides for Monday", from: "Carla Diaz", to: account)
        let delivered = ContinuousClock.now
        while rowSubjects(stage).first != "Slides for Monday", ContinuousClock.now - delivered < .seconds(5) {
            stage.run(for: 0.1)
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(rowSubjects(stage), ["Slides for Monday", "Lunch on Thursday?"], "there within 5 s, not at the next check")
        XCTAssertTrue(screen.state.isUnread(try XCTUnwrap(screen.state.messages.first { $0.subject == "Slides for Monday" })))
    }

    /// A real message's MIME: an encoded subject, quoted-printable text beside its HTML, and a PDF: the row and the
    /// reader show the decoded words, the plain text, and the file by name and size.
    func testARealMessageIsReadThroughItsMIME() async throws {
        let account = try account()
        try await emptyInbox(account)
        // "Café à midi ?" in RFC 2047's Q form; the text in quoted-printable (=C3=A9 is é); a 9-byte PDF in base64.
        let message = [
            "From: =?UTF-8?Q?L=C3=A9a_Martin?= <lea@example.org>", "Subject: =?UTF-8?Q?Caf=C3=A9_=C3=A0_midi_=3F?=",
            "Date: Mon, 5 Jan 2026 09:41:00 +0000", "Message-ID: <cafe@example.org>", "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"outer\"", "", "--outer", "Content-Type: multipart/alternative; boundary=\"inner\"", "",
            "--inner", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
            "Le caf=C3=A9 est pr=C3=AAt.", "--inner", "Content-Type: text/html; charset=utf-8", "", "<p>HTML version</p>", "--inner--",
            "--outer", "Content-Type: application/pdf; name=\"menu.pdf\"", "Content-Disposition: attachment; filename=\"menu.pdf\"",
            "Content-Transfer-Encoding: base64", "", "JVBERi0xLjQK", "--outer--", "",
        ].joined(separator: "\r\n")
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            try await session.append(Array(message.utf8), to: "INBOX")
            try await session.logout()
        }
        // The person's Downloads (a folder of the test's) holds a menu.pdf already; the desktop's opener records.
        let downloads = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-downloads-\(UUID().uuidString)")
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-runtime-\(UUID().uuidString)")
        defer { for folder in [downloads, runtime] { try? FileManager.default.removeItem(at: folder) } }  // best effort
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: downloads.appendingPathComponent("menu.pdf"))
        let opened = OpenedFiles()
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600)) { environment in
            environment.downloadsFolder = downloads
            environment.processEnvironment = ["XDG_RUNTIME_DIR": runtime.path]
            environment.openFile = { url in opened.add(url) }
        }
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        let cafe = try XCTUnwrap(screen.state.messages.first, "the message is on the list")
        XCTAssertEqual(cafe.subject, "Café à midi ?")
        XCTAssertEqual(cafe.sender, "Léa Martin")
        XCTAssertEqual(cafe.snippet, "Le café est prêt.")
        Mailbox.act(.reader(.open(cafe.id)), on: screen, stage)
        // "JVBERi0xLjQK" is 12 base64 characters: 9 bytes, which round up to 1 KB.
        XCTAssertEqual(stage.dump().layer("reader.body")?.text, "Le café est prêt.")
        XCTAssertEqual(stage.dump().layer("reader.attachment.0.name")?.text, "Attachment: menu.pdf, 1 KB")
        // Save, by a click on its button: read whole from the server, written beside the file of the same name.
        stage.tap(try XCTUnwrap(stage.dump().layer("reader.attachment.0.save")).frame.center)
        let saved = downloads.appendingPathComponent("menu (2).pdf")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: saved.path) {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
        stage.run(for: 0.2)
        // The bytes base64 decodes "JVBERi0xLjQK" to, by Foundation's decoder, not the parser under test.
        XCTAssertEqual(try Data(contentsOf: saved), Data(base64Encoded: "JVBERi0xLjQK"))
        XCTAssertEqual(try String(contentsOf: downloads.appendingPathComponent("menu.pdf"), encoding: .utf8), "theirs", "never over a file there")
        XCTAssertEqual(stage.announcement?.text, "Saved “menu.pdf” as \(saved.path)")
        // Open, by the screen reader's press of its button: a private copy handed to the desktop.
        Mailbox.act(.reader(.useAttachment(0, .open)), on: screen, stage)
        for _ in 0..<100 where opened.urls.isEmpty {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
        let copy = try XCTUnwrap(opened.urls.first)
        XCTAssertTrue(copy.path.hasPrefix(runtime.path + "/kinetic/open/"), copy.path)
        XCTAssertEqual(try Data(contentsOf: copy), Data(base64Encoded: "JVBERi0xLjQK"))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int, 0o600)
    }

    /// The files the desktop was asked to open.
    private final class OpenedFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var opened: [URL] = []
        func add(_ url: URL) { lock.withLock { opened.append(url) } }
        var urls: [URL] { lock.withLock { opened } }
    }

    /// Drafts are kept in the server's `\\Drafts`: saved, it is there; saved again, it is there once, as written now;
    /// deleted, it is gone; a draft of another program's is never touched.
    func testDraftsAreKeptInTheServersDrafts() async throws {
        let account = try account()
        try await emptyInbox(account)
        let theirs = Array("From: ana@example.org\r\nSubject: Thunderbird's draft\r\nMessage-ID: <tb@example.org>\r\n\r\nnot ours\r\n".utf8)
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            if try await session.select(Self.onServer("Drafts")).exists > 0 {
                try await session.run("STORE 1:* +FLAGS.SILENT (\\Deleted)")
                try await session.run("EXPUNGE")
            }
            try await session.append(theirs, to: Self.onServer("Drafts"), flags: ["\\Draft"])
            try await session.logout()
        }
        // Not a fresh start: a fresh one leaves this device's drafts on the server alone (it has none of the earlier).
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60), freshStart: false)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        Mailbox.act(.compose(.open), .compose(.edit(.to, "lea@example.org")), .compose(.edit(.subject, "Picnic")), .compose(.edit(.body, "Bring bread.")), .compose(.saveDraft),
                    on: screen, stage)
        try await waitForDrafts(running: stage, account, ["Picnic: Bring bread.", "Thunderbird's draft: not ours"], "saved on the server")
        let draft = try XCTUnwrap(screen.state.messages.first { screen.state.placement(of: $0.id).list == .draft && screen.state.isWrittenHere($0.id) }).id
        Mailbox.act(.openDraft(draft), .compose(.edit(.body, "Bring bread and cheese.")), .compose(.saveDraft), on: screen, stage)
        try await waitForDrafts(running: stage, account, ["Picnic: Bring bread and cheese.", "Thunderbird's draft: not ours"], "replaced, not kept twice")
        Mailbox.act(.openDraft(draft), .compose(.deleteDraft), on: screen, stage)
        try await waitForDrafts(running: stage, account, ["Thunderbird's draft: not ours"], "deleted on the server too")
    }

    /// Waits (up to 5 s) until the server's Drafts hold `expected` ("subject: text", sorted; deleted ones left out),
    /// letting `stage` run meanwhile as a window does: an errand's end is taken in at a step, and the next errand (a
    /// deletion asked for while a save was still under way) starts only then.
    func waitForDrafts(running stage: Stage, _ account: MailAccount, _ expected: [String], _ what: String) async throws {
        var found: [String] = []
        for _ in 0..<50 {
            found = try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
                try await session.login(user: account.user, password: account.password)
                _ = try await session.select(Self.onServer("Drafts"))
                let reply = try await session.run("UID FETCH 1:* (FLAGS BODY.PEEK[])")
                try await session.logout()
                return reply.data.compactMap { values -> String? in
                    guard let items = values.last?.list, !items.contains(.atom("\\Deleted")) else { return nil }
                    let flags = items.firstIndex(of: .atom("FLAGS")).flatMap { items[$0 + 1].list } ?? []
                    guard !flags.contains(.atom("\\Deleted")), case .string(let bytes)? = items.last, let message = try? MIMEMessage(parsing: bytes) else { return nil }
                    return "\(message.subject): \(message.text)"
                }.sorted()
            }
            if found == expected { return }
            try await Task.sleep(for: .milliseconds(100))
            stage.run(for: 0.1)
        }
        XCTAssertEqual(found, expected, what)
    }

    /// Filed while the server is stopped, then the Mailbox left (and so quit): the next Mailbox on the same folder,
    /// the server back, carries the filing out after its first check, and the message is where the person put it.
    func testAFilingMadeWhileTheServerWasAwayIsDoneByTheNextLaunch() async throws {
        let (account, control) = try await stoppableServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-relaunch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let quick = MailRetry(firstWait: .milliseconds(200), longestWait: .seconds(1))
        do {
            let first = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60, timeout: .seconds(5), retry: quick), folder: folder, freshStart: false)
            let screen = Mailbox.screen(of: first)
            let lunch = try XCTUnwrap(screen.state.messages.first { $0.subject == "Lunch on Thursday?" }).id
            kill(control, SIGUSR1)  // scripts/with-dovecot stops its server
            try await waitUntil("the server is away") { await !answers(account) }
            Mailbox.act(.command(id: lunch, zone: .archive), on: screen, first.stage)
            screen.leaveStage()  // the Mailbox left: its waiting filings stop here, kept in the outbox
        }
        kill(control, SIGUSR2)
        try await waitUntil("the server is back") { await answers(account) }
        try await waitForServer(running: nil, account, ["INBOX": ["Lunch on Thursday?", "Slides for Monday"], "Archive": [], "Trash": []],
                                "nothing done while no Mailbox ran")
        let second = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60, retry: quick), folder: folder, freshStart: false)
        let screen = Mailbox.screen(of: second)
        try await waitForServer(running: second.stage, account, ["INBOX": ["Slides for Monday"], "Archive": ["Lunch on Thursday?"], "Trash": []], "done by the next launch")
        XCTAssertEqual(screen.state.messages.first { $0.subject == "Lunch on Thursday?" }.map { screen.state.placement(of: $0.id).list }, .archive)
    }

    /// The account, on a Dovecot the test may stop (`scripts/with-dovecot`'s process, to signal), holding Lunch and
    /// Slides only.
    private func stoppableServer() async throws -> (MailAccount, Int32) {
        let account = try account()
        guard let control = ProcessInfo.processInfo.environment["KINETIC_TEST_DOVECOT_CONTROL"].flatMap({ Int32($0) }) else {
            throw XCTSkip("no Dovecot to stop: run under scripts/with-dovecot (make test does)")
        }
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        try await deliver("Slides for Monday", from: "Carla Diaz", to: account)
        return (account, control)
    }

    /// Whether the account's server takes a connection now.
    private func answers(_ account: MailAccount) async -> Bool {
        (try? await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(2)) { _ in true }) ?? false
    }

    /// Waits (up to 10 s) until `condition` holds.
    private func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        for _ in 0..<100 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTFail("\(what): not within 10 s")
    }
}

/// The server's Sent and Drafts as another mail program left them: what it put there shows in the Mailbox's Sent and
/// Drafts; its draft opens in compose as it wrote it (To, Cc, Bcc, subject, text), and saved here it becomes this
/// device's draft, shown once, its original gone to the Trash, where nothing of it is lost.
extension MailboxOnIMAPTests {
    func testWhatAnotherProgramPutInSentAndDraftsShowsAndItsDraftIsTakenOver() async throws {
        let account = try account()
        try await emptyInbox(account)
        let sent = Array("""
            From: \(account.fromAddress)\r
            To: Dana Ng <dana@example.org>\r
            Subject: Quarterly figures\r
            Date: Tue, 6 Jan 2026 10:15:00 +0100\r
            Message-ID: <quarterly.figures@example.org>\r
            \r
            Attached below, as promised.\r

            """.utf8)
        let draft = Array("""
            From: \(account.fromAddress)\r
            To: Bo Ng <bo@example.org>\r
            Cc: kim@example.org\r
            Bcc: lea@example.org\r
            Subject: Half-written\r
            Date: Wed, 7 Jan 2026 18:00:00 +0000\r
            Message-ID: <half.written@example.org>\r
            \r
            Dear Bo,\r

            """.utf8)
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            let listed = try await session.listMailboxes().map(\.name)
            for name in ["Sent", "Drafts"].map(Self.onServer) where !listed.contains(name) { try await session.run("CREATE \"\(name)\"") }
            try await session.append(sent, to: Self.onServer("Sent"), flags: ["\\Seen"])
            try await session.append(draft, to: Self.onServer("Drafts"), flags: ["\\Draft", "\\Seen"])
            try await session.logout()
        }
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60), freshStart: false)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        let figures = try XCTUnwrap(screen.state.messages.first { $0.subject == "Quarterly figures" }, "the server's Sent is read")
        XCTAssertEqual(screen.state.placement(of: figures.id).list, .sent)
        XCTAssertEqual(figures.sender, "To: Dana Ng", "its row says whom it went to, as a message sent here does")
        let halfWritten = try XCTUnwrap(screen.state.messages.first { $0.subject == "Half-written" }, "the server's Drafts are read")
        XCTAssertEqual(screen.state.placement(of: halfWritten.id).list, .draft)
        XCTAssertFalse(screen.state.messages(filedIn: .inbox).contains { $0.subject == "Quarterly figures" || $0.subject == "Half-written" })

        Mailbox.act(.openDraft(halfWritten.id), on: screen, stage)
        let compose = try XCTUnwrap(screen.state.compose, "another program's draft opens in compose")
        XCTAssertEqual([compose.to, compose.cc, compose.bcc, compose.subject], ["Bo Ng <bo@example.org>", "kim@example.org", "lea@example.org", "Half-written"])
        XCTAssertEqual(compose.body.trimmingCharacters(in: .whitespacesAndNewlines), "Dear Bo,")
        Mailbox.act(.compose(.edit(.body, "Dear Bo, the figures are in.")), .compose(.saveDraft), on: screen, stage)
        try await waitForDrafts(running: stage, account, ["Half-written: Dear Bo, the figures are in."], "kept as this device's draft, the original gone")
        try await waitForTrash(running: stage, account, ["Half-written: Dear Bo,"])
        // The next check shows the draft once: this device's own, not the server's copy of it.
        let checks = screen.state.sync.checksStarted
        Mailbox.act(.sync(.checkDue), on: screen, stage, waiting: 0.5)
        for _ in 0..<50 where screen.state.sync.checksStarted == checks || screen.state.sync.checking {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
        let drafts = screen.state.messages(filedIn: .draft)
        XCTAssertEqual(drafts.map(\.subject), ["Half-written"], "once")
        XCTAssertEqual(drafts.first?.body, "Dear Bo, the figures are in.")
        XCTAssertTrue(drafts.first.map { screen.state.isWrittenHere($0.id) } ?? false)
    }

    /// Waits (up to 5 s) until the server's Trash holds `expected` ("subject: text", sorted), letting `stage` run.
    private func waitForTrash(running stage: Stage, _ account: MailAccount, _ expected: [String]) async throws {
        var found: [String] = []
        for _ in 0..<50 {
            found = try await read("Trash", of: account) { session in
                let reply = try await session.run("UID FETCH 1:* (BODY.PEEK[])")
                return reply.data.compactMap { values -> String? in
                    guard case .string(let bytes)? = values.last?.list?.last, let message = try? MIMEMessage(parsing: bytes) else { return nil }
                    return "\(message.subject): \(message.text.trimmingCharacters(in: .whitespacesAndNewlines))"
                }.sorted()
            }
            if found == expected { return }
            try await Task.sleep(for: .milliseconds(100))
            stage.run(for: 0.1)
        }
        XCTAssertEqual(found, expected, "the server's Trash")
    }
}

/// The server's other folders (issue #53: "the menu reaches every folder"): a folder another program made shows in
/// the menu with its messages; a message kept both there and in the Inbox is a row of each, and archiving the Inbox's
/// leaves the folder's copy where it is; a message of the folder swiped to the Trash moves there on the server.
extension MailboxOnIMAPTests {
    func testAFolderAnotherProgramMadeIsReachedAndItsMessagesFiledAsAnyOthers() async throws {
        let account = try account()
        try await emptyInbox(account)
        func message(_ subject: String, _ id: String) -> [UInt8] {
            Array("From: Shop <orders@example.com>\r\nSubject: \(subject)\r\nDate: Mon, 5 Jan 2026 09:41:00 +0000\r\nMessage-ID: <\(id)@example.com>\r\n\r\nThank you.\r\n".utf8)
        }
        let receipts = Self.onServer("Receipts")
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            try await session.run("CREATE \"\(receipts)\"")
            try await session.run("CREATE \"\(Self.onServer("Receipts/Old"))\"")
            try await session.append(message("Order 1042", "order1042"), to: receipts, flags: ["\\Seen"])
            try await session.append(message("Order 1043", "order1043"), to: receipts, flags: ["\\Seen"])
            try await session.append(message("Order 1043", "order1043"), to: "INBOX")
            try await session.logout()
        }
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60), freshStart: false)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        XCTAssertEqual(screen.state.folderCounts.map(\.folder), [receipts, Self.onServer("Receipts/Old")], "an empty folder too")
        XCTAssertEqual(screen.state.folderCounts.map(\.count), [2, 0], "both of the folder's, the copy in the Inbox a row of its own")
        Mailbox.act(.setMenu(open: true), on: screen, stage)
        XCTAssertEqual(stage.dump().layer("menu.item." + MailboxShelf.folder(receipts).slug)?.text, "Receipts   2", "named as the person reads it")
        Mailbox.act(.openShelf(.folder(receipts)), on: screen, stage)
        XCTAssertEqual(screen.state.visibleMessages.map(\.subject).sorted(), ["Order 1042", "Order 1043"])

        let inInbox = try XCTUnwrap(screen.state.messages(filedIn: .inbox).first { $0.subject == "Order 1043" })
        Mailbox.act(.selectSegment(.inbox), .command(id: inInbox.id, zone: .archive), .openShelf(.folder(receipts)), on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": [], "Archive": ["Order 1043"], "Receipts": ["Order 1042", "Order 1043"], "Receipts/Old": [], "Trash": []],
                                "the Inbox's copy archived; the folder's stays")
        let order = try XCTUnwrap(screen.state.visibleMessages.first { $0.subject == "Order 1042" })
        Mailbox.act(.command(id: order.id, zone: .delete), on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": [], "Archive": ["Order 1043"], "Receipts": ["Order 1043"], "Receipts/Old": [], "Trash": ["Order 1042"]],
                                "the folder's message deleted: in the Trash")
    }
}
