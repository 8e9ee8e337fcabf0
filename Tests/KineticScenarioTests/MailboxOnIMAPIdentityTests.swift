import XCTest
import Foundation
import KineticData
@testable import KineticMail

/// Messages as scripts and scanners send them, on a real server (issue #53): run by `make test` under
/// `scripts/with-dovecot`, in its plain and its hosting layout; without that server they skip.
extension MailboxOnIMAPTests {
    /// A message's RFC 5322 bytes: `messageID` nil leaves the header out, as cron and scanners do.
    private func raw(_ subject: String, date: String, messageID: String?, text: String) -> [UInt8] {
        var lines = ["From: Cron Daemon <root@backup.example.org>", "To: ana@example.org", "Subject: \(subject)", "Date: \(date)"]
        if let messageID { lines.append("Message-ID: \(messageID)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + text + "\r\n").utf8)
    }

    /// Two messages without a Message-ID and two sharing one are four rows, each with its own text; each is filed,
    /// marked read, and brought back on its own, by its place on the server; one without a Message-ID keeps its row's
    /// id when it moves, so an Undo before the next check finds it.
    func testMessagesWithoutOrSharingAMessageIDAreEachTheirOwn() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            for message in [raw("Cron: backup done", date: "Sat, 28 Nov 2026 03:00:01 +0100", messageID: nil, text: "backup ok"),
                            raw("Scanner: page 1", date: "Sat, 28 Nov 2026 09:12:44 +0100", messageID: nil, text: "scan attached"),
                            raw("Invoice 1", date: "Fri, 27 Nov 2026 10:00:00 +0000", messageID: "<same@example.org>", text: "first invoice"),
                            raw("Invoice 2", date: "Fri, 27 Nov 2026 11:00:00 +0000", messageID: "<same@example.org>", text: "second invoice")] {
                try await session.append(message, to: "INBOX")
            }
            try await session.logout()
        }
        let server = IMAPMailServer(account: account)
        var rows = try await server.inbox()
        // Every body read (four is within a check's budget).
        XCTAssertEqual(Set(rows.map(\.subject)), ["Cron: backup done", "Scanner: page 1", "Invoice 1", "Invoice 2"], "four rows: \(rows.map { ($0.id, $0.subject, $0.body ?? "") })")
        XCTAssertEqual(Set(rows.map(\.id)).count, 4, "each its own id: \(rows.map(\.id))")
        func row(_ subject: String) throws -> MailMessage { try XCTUnwrap(rows.first { $0.subject == subject }) }
        XCTAssertEqual(try row("Invoice 1").body, "first invoice")
        XCTAssertEqual(try row("Invoice 2").body, "second invoice", "its own text, not the other's of the same Message-ID")
        let (cron, scanner, invoice1) = (try row("Cron: backup done").id, try row("Scanner: page 1").id, try row("Invoice 1").id)

        try await server.move(invoice1, to: Placement(.archive))
        try await server.move(cron, to: Placement(.list, "to-read"))
        try await server.markRead([scanner])
        let filed = try await serverMailboxes(account)
        XCTAssertEqual(filed, ["INBOX": ["Invoice 2", "Scanner: page 1"], "Archive": ["Invoice 1"], "Trash": [],
                                                            "Lists/to-read": ["Cron: backup done"]], "each filed alone")
        // Undo before any check: the list's message is found where the filing put it.
        try await server.move(cron, to: Placement(.inbox))
        let undone = try await serverMailboxes(account)
        XCTAssertEqual(undone, ["INBOX": ["Cron: backup done", "Invoice 2", "Scanner: page 1"], "Archive": ["Invoice 1"],
                                                            "Trash": [], "Lists/to-read": []], "back in the Inbox")
        rows = try await server.inbox()
        XCTAssertEqual(rows.count, 4, "\(rows.map { ($0.id, $0.subject, $0.serverPlacement as Any) })")
        XCTAssertEqual(try row("Cron: backup done").id, cron, "the same row after two moves")
        XCTAssertFalse(try row("Scanner: page 1").unread, "read on the server")
        XCTAssertTrue(try row("Invoice 2").unread, "the other of the same Message-ID is still unread")
        XCTAssertEqual(try row("Invoice 1").serverPlacement?.list, .archive)
    }

    /// Five messages alike (one sender, one second, one subject, no Message-ID, as in Python's own test mail): one of
    /// them archived keeps its row and its id in the Archive, the other four stay, and its Undo brings it back.
    func testOneOfSeveralAlikeIsFiledAndBroughtBackAsItself() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            for text in ["one", "two", "three", "four", "five"] {
                try await session.append(raw("Lyrics", date: "Fri, 20 Apr 2001 19:35:02 -0400", messageID: nil, text: text), to: "INBOX")
            }
            try await session.logout()
        }
        let server = IMAPMailServer(account: account)
        var rows = try await server.inbox()
        XCTAssertEqual(rows.map { $0.body ?? "" }.sorted(), ["five", "four", "one", "three", "two"], "five rows")
        let three = try XCTUnwrap(rows.first { $0.body == "three" }).id
        try await server.move(three, to: Placement(.archive))
        rows = try await server.inbox()
        XCTAssertEqual(rows.count, 5, "none swallowed: \(rows.map { ($0.id, $0.body ?? "") })")
        XCTAssertEqual(rows.first { $0.id == three }?.body, "three", "the same id in the Archive")
        XCTAssertEqual(rows.first { $0.id == three }?.serverPlacement?.list, .archive)
        try await server.move(three, to: Placement(.inbox))
        let back = try await serverMailboxes(account)
        XCTAssertEqual(back["Archive"], [], "undone on the server")
        XCTAssertEqual(back["INBOX"]?.count, 5)
    }
}
