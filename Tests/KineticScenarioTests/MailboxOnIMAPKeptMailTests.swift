import XCTest
import Foundation
import KineticData
@testable import KineticApps
@testable import KineticMail

/// The mail kept between launches (`MailStore`) against a real server: run by `make test` under `scripts/with-dovecot`;
/// without that server they skip.
extension MailboxOnIMAPTests {
    /// Quit, and the server gone: the next launch opens on the mail the last check kept, each message readable, and the
    /// banner says the server can't be reached.
    func testTheMailKeptShowsAndReadsWithTheServerAway() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let kept = folder.appendingPathComponent("cache/mail/kept.sqlite")
        let checked = try await IMAPMailServer(account: account, keptIn: kept).inbox()
        XCTAssertEqual(checked.map(\.subject), ["Lunch on Thursday?"])

        // The next launch: the same kept file, and nothing listening where the server was.
        let away = try MailAccount(address: "imap://127.0.0.1:1", user: account.user, password: account.password)
        let runner = try mailbox(on: IMAPMailServer(account: away, timeout: .seconds(5), keptIn: kept), folder: folder.appendingPathComponent("data"),
                                 freshStart: false)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        XCTAssertEqual(rowSubjects(stage), ["Lunch on Thursday?"], "the kept mail, though the server can't be reached")
        let lunch = try XCTUnwrap(screen.state.messages.first)
        XCTAssertEqual(lunch.sender, "Ana Lima")
        Mailbox.act(.openMessage(lunch.id), on: screen, stage)
        XCTAssertEqual(stage.dump().layer("reader.body")?.text, "See you at noon.", "its text, read offline")
        let banner = try XCTUnwrap(stage.dump().layer("banner")?.text)
        XCTAssertTrue(banner.hasPrefix("Couldn’t check the mail server"), banner)
    }

    /// Each check follows the server: a flag set by another program, a new message, and one expunged elsewhere; a
    /// message kept is not fetched again (its body stays as first read, though the server's copy is the same).
    func testEachCheckFollowsWhatChangedOnTheServer() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        let server = IMAPMailServer(account: account)
        let first = try await server.inbox()
        XCTAssertEqual(first.map(\.unread), [true])

        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            _ = try await session.select("INBOX")
            try await session.run("UID STORE \(IMAPUIDSet.compressed(try await session.allUIDs())) +FLAGS.SILENT (\\Seen)")
            try await session.logout()
        }
        try await deliver("Slides for Monday", from: "Carla Diaz", to: account)
        let second = try await server.inbox()
        XCTAssertEqual(second.map(\.subject), ["Slides for Monday", "Lunch on Thursday?"], "the new one on top")
        XCTAssertEqual(second.map(\.unread), [true, false], "read elsewhere: read here")
        XCTAssertEqual(second.map(\.body), ["See you at noon.", "See you at noon."])

        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            _ = try await session.select("INBOX")
            let lunch = try await session.uids(withMessageID: "\"<lunchonthursday@example.org>\"")
            try await session.deleteMessages(lunch)
            try await session.logout()
        }
        let third = try await server.inbox()
        XCTAssertEqual(third.map(\.subject), ["Slides for Monday"], "expunged elsewhere: gone here")
        XCTAssertEqual(try server.store.contents().mailboxes.first { $0.name == "INBOX" }?.messages.count, 1, "and forgotten in the store")
    }
}
