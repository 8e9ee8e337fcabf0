import XCTest
import KineticContentServer
import KineticTestSupport
@testable import KineticData
import KineticPlatform
import KineticNetwork

/// The Mailbox's messages and the person's placements: strict per message, saved atomically, refreshed with an ETag.
final class MailboxDataTests: XCTestCase {
    func testABadMessageIsLeftOutWithItsReason() throws {
        let decoded = try MessageDocument.decode(Data("""
        {"messages": [
          {"id": "a", "sender": "Ana", "subject": "Hi", "snippet": "Hello", "time": "9:41 AM", "unread": true},
          {"id": "b", "sender": "", "subject": "Hi", "snippet": "Hello", "time": "9:41 AM"},
          {"id": "c", "sender": "Cy", "subject": 3, "snippet": "Hello", "time": "9:41 AM"},
          {"id": "a", "sender": "Again", "subject": "Hi", "snippet": "Hello", "time": "9:41 AM"},
          {"id": "../x", "sender": "Path", "subject": "Hi", "snippet": "Hello", "time": "9:41 AM"},
          {"id": "d", "sender": "Di", "subject": "Hi", "snippet": "Hello", "time": "9:41 AM", "unread": "yes"},
          "not an object"
        ]}
        """.utf8))
        XCTAssertEqual(decoded.messages.map(\.id), ["a"])
        XCTAssertTrue(decoded.messages[0].unread)
        let problems = decoded.problems.joined(separator: "\n")
        for expected in ["\"b\" left out: \"sender\" is empty", "\"c\" left out: \"subject\" must be a string", "\"a\" left out: duplicate id",
                         "\"../x\" left out: id", "\"d\" left out: \"unread\" must be true or false", "messages[6] left out: not an object"] {
            XCTAssertTrue(problems.contains(expected), "missing «\(expected)» in:\n\(problems)")
        }
        XCTAssertThrowsError(try MessageDocument.decode(Data("[]".utf8)))
        XCTAssertThrowsError(try MessageDocument.decode(Data("{".utf8)))
    }

    /// A message's sender address, which a reply goes to: taken when it is one, left out (the message kept) when not.
    func testASenderAddressIsTakenWhenItIsOne() throws {
        let decoded = try MessageDocument.decode(Data("""
        {"messages": [
          {"id": "a", "sender": "Ana Lima", "address": "ana.lima@example.org", "subject": "s", "snippet": "x", "time": "9:41"},
          {"id": "b", "sender": "Bob", "address": "bob@example.org\r\nBcc: eve@example.org", "subject": "s", "snippet": "x", "time": "9:41"},
          {"id": "c", "sender": "Cy", "address": 42, "subject": "s", "snippet": "x", "time": "9:41"}
        ]}
        """.utf8))
        XCTAssertEqual(decoded.messages.map(\.id), ["a", "b", "c"], "a bad address costs only itself")
        XCTAssertEqual(decoded.messages.map(\.senderAddress), ["ana.lima@example.org", nil, nil])
    }

    func testTheShippedMessagesAreAboutThirtyAndClean() throws {
        let served = try Data(contentsOf: ContentServer.repositoryContent.appendingPathComponent("mailbox/messages.json"))
        let decoded = try MessageDocument.decode(served)
        XCTAssertEqual(decoded.problems, [])
        XCTAssertEqual(decoded.messages.count, 30)
        let bundled = ContentServer.repositoryContent.deletingLastPathComponent().appendingPathComponent("Sources/KineticApps/Resources/Mailbox/messages.json")
        XCTAssertEqual(try Data(contentsOf: bundled), served, "the app ships what the server serves")
    }

    func testPlacementsAreSavedAndAnUnreadableFileIsReportedNotLost() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailstore-\(UUID().uuidString)")
        let store = MailboxSavedFiles(folder: folder)
        XCTAssertEqual(store.load().placements, [:])
        try store.save(["m1": Placement(.archive), "m2": Placement(.later, "Tomorrow"), "m3": .inbox])
        XCTAssertEqual(store.load().placements, ["m1": Placement(.archive), "m2": Placement(.later, "Tomorrow")])
        try Data("{\"placements\": ".utf8).write(to: store.fileURL)
        let (placements, problem) = store.load()
        XCTAssertEqual(placements, [:])
        XCTAssertTrue(problem?.contains("could not be read") == true && problem?.contains("kept as mailbox.json.unreadable-1") == true, problem ?? "")
        let kept = folder.appendingPathComponent("mailbox.json.unreadable-1")
        XCTAssertEqual(try Data(contentsOf: kept), Data("{\"placements\": ".utf8), "the unreadable file is kept as it was")
        try store.save(["m9": Placement(.archive)])
        XCTAssertEqual(try Data(contentsOf: kept), Data("{\"placements\": ".utf8), "and a save does not touch it")
    }

    func testOneBadPlacementCostsOnlyItselfAndTheFileIsKeptBeforeASave() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailstore-\(UUID().uuidString)")
        let store = MailboxSavedFiles(folder: folder)
        let written = Data(#"{"placements": {"m01": {"list": "archive"}, "m02": {"list": "later", "detail": "Tomorrow"}, "m03": {"list": "bogus"}, "m04": 7}}"#.utf8)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try written.write(to: store.fileURL)
        let (placements, problem) = store.load()
        XCTAssertEqual(placements, ["m01": Placement(.archive), "m02": Placement(.later, "Tomorrow")], "every good placement is kept")
        let said = try XCTUnwrap(problem)
        XCTAssertTrue(said.contains("\"m03\"") && said.contains("\"m04\"") && said.contains("kept as mailbox.json.unreadable-1"), said)
        var next = placements
        next["m05"] = Placement(.archive)
        try store.save(next)
        XCTAssertEqual(store.load().placements, next, "the next save keeps the earlier filings and adds the new one")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("mailbox.json.unreadable-1")), written,
                       "the file as it was, bad entries and all, is kept")
    }

    /// A `null` among the person's drafts and sent messages costs only itself: the others load, the file as it was is
    /// copied aside, and the next save keeps every one that loaded.
    func testOneBadSentMessageCostsOnlyItselfAndTheFileIsKeptBeforeASave() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailsent-\(UUID().uuidString)")
        let store = MailboxSavedFiles(folder: folder)
        let written = Data((#"{"sent": [{"id": "d1", "sender": "Me", "subject": "Draft one", "snippet": "", "time": ""}, null,"#
            + #" {"id": "s2", "sender": "Me", "subject": "Sent two", "snippet": "", "time": ""}, {"id": 5}]}"#).utf8)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try written.write(to: store.sentFileURL)
        let (sent, problem) = store.loadSent()
        XCTAssertEqual(sent.map(\.id), ["d1", "s2"], "both readable messages, in order")
        let said = try XCTUnwrap(problem)
        XCTAssertTrue(said.contains("sent[1]") && said.contains("sent[3]") && said.contains("2 kept")
                      && said.contains("kept as mailbox-sent.json.unreadable-1"), said)
        try store.saveSent(sent)
        XCTAssertEqual(store.loadSent().sent.map(\.id), ["d1", "s2"], "the next save keeps them")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("mailbox-sent.json.unreadable-1")), written)
    }

    /// The same for the opened messages' ids; and ten thousand bad entries make one sentence, not ten thousand.
    func testBadReadEntriesCostOnlyThemselvesAndAreCountedNotListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailread-\(UUID().uuidString)")
        let store = MailboxSavedFiles(folder: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"read": ["m01", null, 3, "m05"]}"#.utf8).write(to: store.readFileURL)
        let (read, problem) = store.loadRead()
        XCTAssertEqual(read, ["m01", "m05"])
        XCTAssertTrue(problem?.contains("read[1]") == true && problem?.contains("read[2]") == true, problem ?? "")
        let many = "{\"read\": [\"m01\"" + String(repeating: ", null", count: 10_000) + "]}"
        try Data(many.utf8).write(to: store.readFileURL)
        let (kept, said) = store.loadRead()
        XCTAssertEqual(kept, ["m01"])
        let sentence = try XCTUnwrap(said)
        XCTAssertTrue(sentence.contains("and 9995 more left out"), "five named, the rest counted: \(sentence.prefix(300))")
        XCTAssertLessThan(sentence.count, 2_000, "one sentence of bounded length")
    }

    func testMessagesRefreshFromTheServerAndPersist() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailrefresh-\(UUID().uuidString)")
        let url = URL(string: "\(server.base)/mailbox/messages.json")!
        let fetcher = NetworkFetcher(policy: FetchPolicy(idleTimeout: 1, totalTimeout: 2, retryDelay: 0.05))
        let bundled = Data(#"{"messages": [{"id": "b1", "sender": "Bundled", "subject": "", "snippet": "", "time": ""}]}"#.utf8)
        let refresher = MailboxRefresher(bundledData: bundled, messagesURL: url, dataFolder: folder, fetcher: fetcher)
        XCTAssertEqual(refresher.current().messages.map(\.id), ["b1"], "the bundled messages at once")
        let fresh = await refresher.refresh()
        XCTAssertFalse(fresh.refreshFailed)
        XCTAssertEqual(fresh.messages.count, 30)
        await server.stop()
        let later = MailboxRefresher(bundledData: bundled, messagesURL: url, dataFolder: folder, fetcher: fetcher)
        XCTAssertEqual(later.current().messages.count, 30, "the download survives a restart")
        let failed = await later.refresh()
        XCTAssertTrue(failed.refreshFailed)
        XCTAssertEqual(failed.messages.count, 30, "a failed refresh keeps what works")
    }
}

/// What the person filed, read, wrote and sent is theirs alone (issue #54): owner-only files in an owner-only folder,
/// and what an earlier version wrote open is tightened at the next launch (`OwnerOnly.tighten`).
final class OwnerOnlyFilesTests: XCTestCase {
    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1) & 0o777
    }

    func testSavedMailFilesAreTheOwnersAlone() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-owner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("kinetic")
        let store = MailboxSavedFiles(folder: folder)
        try store.save(["m1": Placement(.archive)])
        try store.saveSent([MailMessage(id: "sent-1", sender: "To: lea@example.org", subject: "Hi", snippet: "", time: "09:00", body: "private")])
        XCTAssertEqual(try mode(folder), 0o700, "the folder made for them")
        XCTAssertEqual(try mode(store.fileURL), 0o600)
        XCTAssertEqual(try mode(store.sentFileURL), 0o600)
    }

    func testWhatWasWrittenOpenIsTightened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-open-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let sent = folder.appendingPathComponent("mailbox-sent.json"), kept = inner.appendingPathComponent("kept.sqlite")
        for file in [sent, kept] {
            try Data("{}".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        }
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-elsewhere-\(UUID().uuidString)")
        try Data("x".utf8).write(to: elsewhere)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: elsewhere.path)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: elsewhere)
        OwnerOnly.tighten(folder)
        XCTAssertEqual(try mode(folder), 0o700)
        XCTAssertEqual(try mode(inner), 0o700)
        XCTAssertEqual(try mode(sent), 0o600)
        XCTAssertEqual(try mode(kept), 0o600)
        XCTAssertEqual(try mode(elsewhere), 0o644, "a link's target is not Kinetic's to change")
    }
}
