import XCTest
import Foundation
import KineticData
import KineticRuntime
@testable import KineticApps
import KineticScenario

/// The Mailbox's errands on a mail server, against a server of the test's own whose moves wait until the test lets
/// them through and whose checks can fail: a person's filing is never undone by a check that knew less than the
/// Mailbox, and what was filed while the server was away outlives a quit.
final class MailboxServerErrandTests: XCTestCase {
    /// A mail server in memory: two messages, their places, the moves it was asked for.
    final class HeldServer: MailServer, @unchecked Sendable {
        let checkInterval = 1.0
        let canSend = true
        private let lock = NSLock()
        /// Each message's place on the server; guarded by `lock`.
        private var places: [String: Placement] = ["lunch": .inbox, "slides": .inbox]
        /// The moves asked for, in order, and whether each is done; guarded by `lock`.
        private var asked: [(id: String, placement: Placement)] = []
        /// How many moves may be done; guarded by `lock`.
        private var allowed: Int
        /// Whether checks fail; guarded by `lock`.
        private var failing = false

        /// A server that does the first `allowed` moves it is asked for, and holds the rest until `allow`.
        init(allowed: Int = .max) { self.allowed = allowed }

        func inbox() async throws -> [MailMessage] {
            struct Away: Error, CustomStringConvertible { let description = "the server is away" }
            let places = try lock.withLock { () throws -> [String: Placement] in
                if failing { throw Away() }
                return self.places
            }
            return places.keys.sorted().map { id in
                var message = MailMessage(id: id, sender: "Ana", subject: id, snippet: "", time: "09:41")
                message.serverPlacement = places[id]
                return message
            }
        }

        func move(_ id: String, to placement: Placement) async throws {
            let number = lock.withLock { () -> Int in
                asked.append((id, placement))
                return asked.count
            }
            while lock.withLock({ number > allowed }) { try await Task.sleep(for: .milliseconds(10)) }
            lock.withLock { places[id] = placement }
        }

        func markRead(_ ids: Set<String>) async throws {}
        func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws {
            let number = lock.withLock { () -> Int in
                asked.append(("send", Placement(.sent, subject)))
                return asked.count
            }
            while lock.withLock({ number > allowed }) { try await Task.sleep(for: .milliseconds(10)) }
            lock.withLock { sentSubjects.append(subject) }
        }

        /// The subjects the server sent.
        private var sentSubjects: [String] = []
        /// What it sent so far.
        var sent: [String] { lock.withLock { sentSubjects } }

        /// Lets `count` more moves through.
        func allow(_ count: Int) { lock.withLock { allowed = allowed == .max ? .max : allowed + count } }
        /// Makes checks fail, or work again.
        func fail(_ on: Bool) { lock.withLock { failing = on } }
        /// The server's place for a message.
        func place(of id: String) -> Placement? { lock.withLock { places[id] } }
        /// The moves asked for so far.
        var moves: [String] { lock.withLock { asked.map { "\($0.id)→\($0.placement.list.rawValue)" } } }
    }

    private func mailbox(on server: MailServer, folder: URL) throws -> (ScenarioRunner, MailboxScreen) {
        var environment = AppsEnvironment.offline
        environment.mailServer = server
        // Not a fresh start: a launch reads what the last one saved.
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", freshStart: false, duration: 0), entries: KineticApps.entries(environment: environment),
                                        dataDirectory: folder)
        runner.stage.run(until: 0.5)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 15)
        runner.stage.run(for: 0.5)
        return (runner, Mailbox.screen(of: runner))
    }

    /// Steps the stage (and its checks) until `condition` holds, for up to 5 s.
    private func step(_ runner: ScenarioRunner, until condition: () -> Bool) {
        for _ in 0..<100 where !condition() {
            runner.stage.run(for: 0.25)
            runner.stage.backgroundWork.waitUntilIdle(timeout: 5)
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-errands-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        return folder
    }

    /// Archive, then Undo at once: the archive is done on the server and a check sees it there before the Undo is
    /// done. The check knew less than the Mailbox: the message stays in the Inbox, and the server ends there too.
    func testACheckBetweenAnArchiveAndItsUndoDoesNotUndoTheUndo() throws {
        let server = HeldServer(allowed: 1)
        let (runner, screen) = try mailbox(on: server, folder: folder())
        Mailbox.act(.command(id: "lunch", zone: .archive), .undo, on: screen, runner.stage, waiting: 0.2)
        step(runner) { server.place(of: "lunch")?.list == .archive && server.moves.count == 2 }
        XCTAssertEqual(server.moves, ["lunch→archive", "lunch→inbox"], "archive, then Undo, in that order")
        runner.stage.run(for: 2)  // checks come, and see the message archived
        runner.stage.backgroundWork.waitUntilIdle(timeout: 5)
        runner.stage.run(for: 0.5)
        XCTAssertEqual(screen.state.placement(of: "lunch").list, .inbox, "the Undo stands while the server has yet to do it")
        server.allow(1)
        step(runner) { server.place(of: "lunch")?.list == .inbox }
        runner.stage.run(for: 2)
        XCTAssertEqual(screen.state.placement(of: "lunch").list, .inbox)
        XCTAssertEqual(server.place(of: "lunch")?.list, .inbox)
    }

    /// The server goes away while an archive waits; it is done when the server is back, but the checks still fail and
    /// hand back what the last good one found (the message in the Inbox): the archived message does not jump back.
    func testAFailedCheckDoesNotBringBackWhatItLastSaw() throws {
        let server = HeldServer(allowed: 0)
        let (runner, screen) = try mailbox(on: server, folder: folder())
        Mailbox.act(.command(id: "lunch", zone: .archive), on: screen, runner.stage, waiting: 0.2)
        server.fail(true)
        runner.stage.run(for: 1.5)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 5)
        server.allow(1)
        step(runner) { server.place(of: "lunch")?.list == .archive }
        runner.stage.run(for: 3)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 5)
        runner.stage.run(for: 0.5)
        XCTAssertEqual(screen.state.placement(of: "lunch").list, .archive)
    }

    /// Filed and sent while the server held everything, then quit: the filings and the send are in
    /// `mailbox-outbox.json`, and the Mailbox launched again on the same folder carries them out, in order, showing the
    /// filings meanwhile, and sends the message once.
    func testWhatWasFiledWhileTheServerWasAwayOutlivesAQuit() throws {
        let folder = folder()
        let away = HeldServer(allowed: 0)
        do {
            let (runner, screen) = try mailbox(on: away, folder: folder)
            Mailbox.act(.command(id: "lunch", zone: .archive), .command(id: "slides", zone: .delete), on: screen, runner.stage, waiting: 0.2)
            Mailbox.act(.compose(.open), .compose(.edit(.to, "lea@example.org")), .compose(.edit(.subject, "Picnic")), .compose(.edit(.body, "Bring bread.")), .compose(.send),
                        on: screen, runner.stage, waiting: 0.2)
            runner.stage.run(for: 1)
        }
        let saved = MailboxSavedFiles(folder: folder).loadOutbox()
        XCTAssertNil(saved.problem)
        XCTAssertEqual(saved.moves, [WaitingMove(id: "lunch", placement: Placement(.archive)), WaitingMove(id: "slides", placement: Placement(.deleted))])
        XCTAssertEqual(saved.sends.map(\.subject), ["Picnic"], "the message sent while the server held it")
        away.allow(100)  // the first Mailbox's errands end, rather than wait for the rest of the run
        let back = HeldServer()
        let (runner, screen) = try mailbox(on: back, folder: folder)
        step(runner) { back.place(of: "slides")?.list == .deleted }
        step(runner) { back.sent == ["Picnic"] }
        XCTAssertEqual(back.sent, ["Picnic"], "sent by the next launch, once")
        XCTAssertEqual(back.moves.filter { !$0.hasPrefix("send") }, ["lunch→archive", "slides→deleted"], "carried out at launch, in the order they were made")
        runner.stage.run(for: 2)
        XCTAssertEqual(screen.state.placement(of: "lunch").list, .archive)
        XCTAssertEqual(screen.state.placement(of: "slides").list, .deleted)
        step(runner) { MailboxSavedFiles(folder: folder).loadOutbox().moves.isEmpty && MailboxSavedFiles(folder: folder).loadOutbox().sends.isEmpty }
        XCTAssertEqual(MailboxSavedFiles(folder: folder).loadOutbox().moves, [], "done, so no longer waiting")
        XCTAssertEqual(MailboxSavedFiles(folder: folder).loadOutbox().sends, [])
    }
}
