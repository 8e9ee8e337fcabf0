import XCTest
import Foundation
import KineticData
import KineticRuntime
@testable import KineticApps
import KineticScenario
import KineticMail
import KineticTestSupport

/// What the person sees when the SMTP server does not take a message at once, against Dovecot and the project's SMTP
/// sink made to answer the end of a message with a 4xx, a 5xx, or nothing (`scripts/with-smtp-sink`'s answers file).
/// RFC 5321 §4.2.1: a 4xx is transient (the message goes again by itself), a 5xx permanent (it never goes again
/// without the person); no answer after the final dot is neither, for the message may have arrived.
extension MailboxOnIMAPTests {
    /// The account with SMTP, the sink's folder, and the answers file the sink reads.
    private func sendingAccount() throws -> (account: MailAccount, sink: URL) {
        let environment = ProcessInfo.processInfo.environment
        guard let smtp = environment["KINETIC_TEST_SMTP_URL"], let outbox = environment["KINETIC_TEST_SMTP_OUTBOX"],
              let address = environment["KINETIC_TEST_IMAP_URL"], let user = environment["KINETIC_TEST_MAIL_USER"],
              let password = environment["KINETIC_TEST_MAIL_PASSWORD"] else {
            throw XCTSkip("no test IMAP and SMTP servers: run under scripts/with-dovecot and scripts/with-smtp-sink (make test does)")
        }
        return (try MailAccount(address: address, user: user, password: password, smtpAddress: smtp), URL(fileURLWithPath: outbox))
    }

    /// The sink's messages whose subject is `subject`.
    private func arrived(_ subject: String, at sink: URL) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sink.path).filter { $0.hasSuffix(".eml") }) ?? []
        return files.filter { (try? String(contentsOf: sink.appendingPathComponent($0), encoding: .utf8))?.contains("Subject: \(subject)\r\n") == true }.count
    }

    /// Writes a new message to Léa and sends it.
    private func send(_ subject: String, on screen: MailboxScreen, _ stage: Stage) {
        Mailbox.act(.compose(.open), .compose(.edit(.to, "lea@example.org")), .compose(.edit(.subject, subject)), .compose(.edit(.body, "The slides, at last.")),
                    .compose(.send), on: screen, stage, waiting: 0.5)
    }

    /// Runs `stage` (a window's steps) until `done` holds, for up to `seconds` of the wall clock.
    private func run(_ stage: Stage, until done: () -> Bool, within seconds: Double = 15) {
        let start = Date()
        while !done(), Date().timeIntervalSince(start) < seconds {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
    }

    func testA451WaitsAndGoesAgainByItselfAndA554GoesBackToDrafts() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        try "451 4.7.1 Greylisted, try again later\n554 5.7.1 Message rejected by policy\n"
            .write(to: sink.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(5)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        send("Slides for Monday", on: screen, stage)

        run(stage, until: { if case .waiting = screen.state.sync.outbox.first?.phase { return true } else { return false } })
        guard case .waiting(let seconds, let reason) = screen.state.sync.outbox.first?.phase else {
            return XCTFail("the 451 leaves the message waiting in the outbox, not \(String(describing: screen.state.sync.outbox.first?.phase))")
        }
        XCTAssertEqual(seconds, ServerSyncRules.firstRetryWait)
        XCTAssertTrue(reason.hasPrefix("451 4.7.1 Greylisted"), reason)
        XCTAssertEqual(stage.announcement?.text.contains("waits for the mail server, which said: 451 4.7.1 Greylisted"), true,
                       stage.announcement?.text ?? "nothing said")
        XCTAssertEqual(arrived("Slides for Monday", at: sink), 0)

        // Its wait is a timer on the stage's clock: it goes again by itself, and this time the server refuses it for good.
        stage.run(for: ServerSyncRules.firstRetryWait + 0.5)
        run(stage, until: { screen.state.sync.outbox.isEmpty })
        let slides = try XCTUnwrap(screen.state.messages.first { $0.subject == "Slides for Monday" })
        XCTAssertEqual(screen.state.placement(of: slides.id).list, .draft, "not sent: in Drafts, as written")
        XCTAssertEqual(slides.sender, "lea@example.org", "ready to send again")
        XCTAssertEqual(stage.announcement?.text, "Not sent: “Slides for Monday” is in Drafts. The mail server said: 554 5.7.1 Message rejected by policy")
        // Never sent again without the person, however long the Mailbox runs.
        stage.run(for: 700)
        XCTAssertTrue(screen.state.sync.outbox.isEmpty)
        XCTAssertEqual(arrived("Slides for Monday", at: sink), 0, "the sink kept neither refused message")
    }

    func testAMessageWhoseEndIsNeverAnsweredIsNotSentTwice() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        try "silence\n".write(to: sink.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(3), finalReplyTimeout: .seconds(3)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        send("Book club: next pick", on: screen, stage)
        run(stage, until: { screen.state.sync.outbox.first?.phase == .committed }, within: 5)
        XCTAssertEqual(screen.state.sync.outbox.first?.phase, .committed, "the whole message went: its answer is awaited")

        run(stage, until: { screen.state.sync.outbox.isEmpty })
        let club = try XCTUnwrap(screen.state.messages.first { $0.subject == "Book club: next pick" })
        XCTAssertEqual(screen.state.placement(of: club.id).list, .draft, "it may have arrived: kept in Drafts, not sent again")
        XCTAssertTrue(stage.announcement?.text.hasPrefix("“Book club: next pick” may not have been sent: the mail server took all of it and never answered")
                      == true, stage.announcement?.text ?? "nothing said")
        stage.run(for: 700)
        XCTAssertTrue(screen.state.sync.outbox.isEmpty, "never sent again by itself")
    }

    /// Reply All with a blind copy, through the server, from an account with the person's name: the SMTP server is
    /// given the author, the other recipients and the blind copy, each once, never the person; the message sent names
    /// the copies in Cc and the blind copy nowhere; the copy kept in the server's Sent keeps the Bcc, as Thunderbird's
    /// does. Read back by Python's `email` package, not by this project's parser.
    func testReplyAllGoesToEveryoneOnceWithTheBlindCopyInNoHeader() async throws {
        var (account, sink) = try sendingAccount()
        account.fromName = "Ana Lima"
        try await emptyInbox(account)
        let message = Array("""
            From: Erin Wu <erin@example.org>\r
            To: \(account.fromAddress), "Ng, Bo" <bo@example.org>\r
            Cc: kim@example.org, =?UTF-8?Q?Zo=C3=AB?= <zoe@example.org>\r
            Subject: Team dinner\r
            Date: Mon, 5 Jan 2026 09:41:00 +0000\r
            Message-ID: <teamdinner@example.org>\r
            \r
            Friday?\r

            """.utf8)
        let runner = try await mailbox(account, after: message)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        let dinner = try XCTUnwrap(screen.state.messages.first { $0.subject == "Team dinner" })
        Mailbox.act(.reader(.open(dinner.id)), .reader(.replyAll), on: screen, stage, waiting: 0.5)
        XCTAssertEqual(screen.state.compose?.cc, "\"Ng, Bo\" <bo@example.org>, kim@example.org, Zoë <zoe@example.org>")
        Mailbox.act(.compose(.edit(.bcc, "lea@example.org")), .compose(.send), on: screen, stage, waiting: 0.5)
        var sent: URL?
        run(stage, until: {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: sink.path).filter { $0.hasSuffix(".eml") }) ?? []
            sent = files.map { sink.appendingPathComponent($0) }.first {
                (try? String(contentsOf: $0, encoding: .utf8))?.contains("In-Reply-To: <teamdinner@example.org>") == true
            }
            return sent != nil
        })
        let eml = try XCTUnwrap(sent, "the reply reached the SMTP server")
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: eml.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any]
        let recipients = (envelope?["rcpt"] as? [String] ?? envelope?["to"] as? [String] ?? []).map { $0.lowercased() }.sorted()
        XCTAssertEqual(recipients, ["bo@example.org", "erin@example.org", "kim@example.org", "lea@example.org", "zoe@example.org"], "\(envelope ?? [:])")
        let read = try pythonReadsAddresses(Data(contentsOf: eml))
        XCTAssertEqual(read["From"], ["Ana Lima|\(account.fromAddress)"])
        XCTAssertEqual(read["To"], ["|erin@example.org"])
        XCTAssertEqual(read["Cc"], ["Ng, Bo|bo@example.org", "|kim@example.org", "Zoë|zoe@example.org"])
        XCTAssertEqual(read["Bcc"], [], "the blind copy is in no header the recipients get")
        // The copy in Sent keeps it.
        var keptBcc: [String] = []
        for _ in 0..<50 where keptBcc.isEmpty {
            let bytes = try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session -> [UInt8]? in
                try await session.login(user: account.user, password: account.password)
                _ = try await session.select(Self.onServer("Sent"))
                let reply = try await session.run("UID FETCH 1:* (BODY.PEEK[])")
                try await session.logout()
                return reply.data.compactMap { values -> [UInt8]? in
                    guard case .string(let bytes)? = values.last?.list?.last else { return nil }
                    return String(decoding: bytes, as: UTF8.self).contains("<teamdinner@example.org>") ? bytes : nil
                }.first
            }
            if let bytes { keptBcc = try pythonReadsAddresses(Data(bytes))["Bcc"] ?? [] }
            if keptBcc.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                stage.run(for: 0.1)
            }
        }
        XCTAssertEqual(keptBcc, ["|lea@example.org"], "the sender's copy in Sent keeps the blind copy")
    }

    /// Forward of a message with a file, through the server: the file, read whole from the IMAP server as the forward
    /// goes, arrives after the text with its name and bytes, as Python's `email` package reads them; left out, it
    /// does not.
    func testAForwardSendsTheMessagesFilesWithIt() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        let message = Array([
            "From: Lea <lea@example.org>", "Subject: Menu for Friday", "Message-ID: <menufriday@example.org>", "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"b\"", "", "--b", "Content-Type: text/plain", "", "The menu.", "--b",
            "Content-Type: application/pdf; name=\"menu.pdf\"", "Content-Disposition: attachment; filename=\"menu.pdf\"",
            "Content-Transfer-Encoding: base64", "", "JVBERi0xLjQKJcOkw7w=", "--b--", "",
        ].joined(separator: "\r\n").utf8)
        let runner = try await mailbox(account, after: message)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        let menu = try XCTUnwrap(screen.state.messages.first { $0.subject == "Menu for Friday" })
        XCTAssertEqual(menu.attachments.map(\.name), ["menu.pdf"])
        Mailbox.act(.forward(menu.id), .compose(.edit(.to, "bo@example.org")), on: screen, stage, waiting: 0.5)
        XCTAssertEqual(stage.dump().layer("compose.forwarded-files.text")?.text, "Files sent with it: menu.pdf, 1 KB")
        Mailbox.act(.compose(.send), on: screen, stage, waiting: 0.5)
        Mailbox.act(.forward(menu.id), .compose(.edit(.to, "kim@example.org")), .compose(.leaveOutForwardedFiles), .compose(.send), on: screen, stage, waiting: 0.5)
        func forwarded(to address: String) -> URL? {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: sink.path).filter { $0.hasSuffix(".eml") }) ?? []
            return files.map { sink.appendingPathComponent($0) }.first {
                let text = (try? String(contentsOf: $0, encoding: .utf8)) ?? ""
                return text.contains("Subject: Fwd: Menu for Friday") && text.contains("To: \(address)")
            }
        }
        run(stage, until: { forwarded(to: "bo@example.org") != nil && forwarded(to: "kim@example.org") != nil })
        let script = """
        import base64, json, sys
        from email import policy
        from email.parser import BytesParser
        message = BytesParser(policy=policy.default).parsebytes(sys.stdin.buffer.read())
        print(json.dumps([[part.get_filename(), base64.b64encode(part.get_payload(decode=True)).decode()] for part in message.iter_attachments()]))
        """
        let withFile = try XCTUnwrap(forwarded(to: "bo@example.org"), "the forward reached the SMTP server")
        let files = try JSONDecoder().decode([[String]].self, from: PythonReference.run(script, input: Data(contentsOf: withFile)))
        XCTAssertEqual(files, [["menu.pdf", "JVBERi0xLjQKJcOkw7w="]], "the file's bytes, as its sender's base64 says them")
        let without = try XCTUnwrap(forwarded(to: "kim@example.org"))
        XCTAssertEqual(try JSONDecoder().decode([[String]].self, from: PythonReference.run(script, input: Data(contentsOf: without))), [], "left out")
    }

    /// A message sent here is in Sent once: the copy kept in the server's Sent carries the Message-ID it went with,
    /// whose left part is its row's `sentAs`, and a check after it shows no second row for that copy. Another
    /// program's message in Sent shows beside it, the newer first.
    func testAMessageSentHereIsInSentOnceAfterTheServerKeptItsCopy() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(5)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        send("Slides, second draft", on: screen, stage)
        run(stage, until: { arrived("Slides, second draft", at: sink) == 1 && screen.state.sync.outbox.isEmpty })
        let row = try XCTUnwrap(screen.state.messages.first { $0.subject == "Slides, second draft" })
        let part = try XCTUnwrap(row.sentAs, "the row knows the Message-ID it went with")
        // The server's copy, read by another client.
        var copies: [String] = []
        for _ in 0..<50 where copies.isEmpty {
            copies = try await read("Sent", of: account) { session in
                let headers = try await session.headers(of: try await session.allUIDs())
                return headers.filter { $0.fields["subject"] == "Slides, second draft" }.compactMap { $0.fields["message-id"] }
            }
            if copies.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                stage.run(for: 0.1)
            }
        }
        XCTAssertEqual(copies.count, 1, "the server keeps one copy")
        XCTAssertTrue(copies.first?.hasPrefix("<\(part)@") ?? false, "\(copies) against \(part)")
        let checks = screen.state.sync.checksStarted
        Mailbox.act(.sync(.checkDue), on: screen, stage, waiting: 0.5)
        run(stage, until: { screen.state.sync.checksStarted > checks && !screen.state.sync.checking })
        XCTAssertEqual(screen.state.messages(filedIn: .sent).map(\.subject), ["Slides, second draft"], "once, not twice")
    }

    /// `message` put in the Inbox by another client, then a Mailbox on `account` (with a 5 s timeout), its first check
    /// arrived.
    private func mailbox(_ account: MailAccount, after message: [UInt8]) async throws -> ScenarioRunner {
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            try await session.append(message, to: "INBOX")
            try await session.logout()
        }
        return try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(5)))
    }

    /// The From, To, Cc and Bcc of `bytes` as Python's `email` package reads them: "name|address" each.
    private func pythonReadsAddresses(_ bytes: Data) throws -> [String: [String]] {
        let script = """
        import json, sys
        from email import policy
        from email.parser import BytesParser
        message = BytesParser(policy=policy.default).parsebytes(sys.stdin.buffer.read())
        print(json.dumps({name: [f"{a.display_name}|{a.addr_spec}" for a in message[name].addresses] if message[name] is not None else []
                          for name in ["From", "To", "Cc", "Bcc"]}))
        """
        return try JSONDecoder().decode([String: [String]].self, from: PythonReference.run(script, input: bytes))
    }
}
