import XCTest
import KineticPlatform
@testable import KineticMail
import KineticData

/// Where the Mailbox's mailboxes go on a server (RFC 2342's NAMESPACE, RFC 6154's special uses), and how a server's
/// messages are known (`ServerMessageIdentity`): the namespaces are RFC 2342 §5's own examples, read through the
/// session's parser.
final class ServerNamespaceTests: XCTestCase {
    /// The data of a `* NAMESPACE …` line, as the parser reads it.
    private func namespace(_ line: String) throws -> IMAPNamespace? {
        var parser = IMAPResponseParser()
        parser.append(Array("\(line)\r\n".utf8)[...])
        guard case .untagged(let values)? = try parser.next() else { return nil }
        return IMAPNamespace.personal(in: [values])
    }

    func testThePersonalNamespaceOfEachOfRFC2342sExamples() throws {
        XCTAssertEqual(try namespace(#"* NAMESPACE (("" "/")) NIL NIL"#), IMAPNamespace(prefix: "", delimiter: "/"), "§5.1")
        XCTAssertNil(try namespace(#"* NAMESPACE NIL NIL (("" "."))"#), "§5.2: no personal namespace (LIST is asked instead)")
        XCTAssertEqual(try namespace(#"* NAMESPACE (("" "/")) NIL (("Public Folders/" "/"))"#), IMAPNamespace(prefix: "", delimiter: "/"), "§5.3")
        XCTAssertEqual(try namespace(##"* NAMESPACE (("" "/")) (("~" "/")) (("#shared/" "/")("#public/" "/")("#ftp/" "/")("#news." "."))"##),
                       IMAPNamespace(prefix: "", delimiter: "/"), "§5.4")
        XCTAssertEqual(try namespace(#"* NAMESPACE (("INBOX." ".")) NIL NIL"#), IMAPNamespace(prefix: "INBOX.", delimiter: "."), "§5.5: Courier's")
        XCTAssertEqual(try namespace(##"* NAMESPACE (("" "/")("#mh/" "/" "X-PARAM" ("FLAG1" "FLAG2"))) NIL NIL"##),
                       IMAPNamespace(prefix: "", delimiter: "/"), "§5.6: the first of two")
        XCTAssertEqual(try namespace(#"* NAMESPACE (("" NIL)) NIL NIL"#), IMAPNamespace(prefix: "", delimiter: nil), "a flat server")
    }

    func testNamesAreMadeUnderThePrefixWithTheDelimiter() {
        let courier = IMAPNamespace(prefix: "INBOX.", delimiter: ".")
        XCTAssertEqual(courier.name(["Archive"]), "INBOX.Archive")
        XCTAssertEqual(courier.name(["Lists", "to-read"]), "INBOX.Lists.to-read")
        XCTAssertNil(courier.name(["Lists", "a.b"]), "a part holding the delimiter would be a child")
        XCTAssertNil(courier.name(["Lists", ""]))
        XCTAssertEqual(IMAPNamespace(prefix: "", delimiter: "/").name(["Lists", "a.b"]), "Lists/a.b")
        XCTAssertEqual(IMAPNamespace(prefix: "", delimiter: nil).name(["Later"]), "Later")
        XCTAssertNil(IMAPNamespace(prefix: "", delimiter: nil).name(["Lists", "to-read"]), "no hierarchy: no children")
    }

    /// A hosting panel's Dovecot, as its LIST answers: everything under `INBOX.`, no special-use marks.
    func testAServerUnderINBOXFindsItsPlacesByNameAndMakesNewOnesUnderThePrefix() {
        let places = ServerPlaces([
            IMAPMailbox(name: "INBOX", attributes: ["\\HasChildren"], delimiter: "."),
            IMAPMailbox(name: "INBOX.Sent", attributes: ["\\HasNoChildren"], delimiter: "."),
            IMAPMailbox(name: "INBOX.Trash", attributes: ["\\HasNoChildren"], delimiter: "."),
            IMAPMailbox(name: "INBOX.Drafts", attributes: ["\\HasNoChildren"], delimiter: "."),
            IMAPMailbox(name: "INBOX.Lists", attributes: ["\\Noselect", "\\HasChildren"], delimiter: "."),
            IMAPMailbox(name: "INBOX.Lists.to-read", attributes: ["\\HasNoChildren"], delimiter: "."),
            IMAPMailbox(name: "Trash", attributes: [], delimiter: "."),
        ], namespace: IMAPNamespace(prefix: "INBOX.", delimiter: "."))
        XCTAssertEqual(places.trash, "INBOX.Trash", "the prefixed name over a bare one outside the namespace")
        XCTAssertEqual(places.sent, "INBOX.Sent")
        XCTAssertEqual(places.drafts, "INBOX.Drafts")
        XCTAssertNil(places.archive)
        XCTAssertEqual(places.nameToCreate(for: Placement(.archive)), "INBOX.Archive")
        XCTAssertEqual(places.nameToCreate(for: Placement(.later, "tomorrow")), "INBOX.Later")
        XCTAssertEqual(places.nameToCreate(for: Placement(.list, "to-buy")), "INBOX.Lists.to-buy")
        XCTAssertEqual(places.mailbox(for: Placement(.list, "to-read")), "INBOX.Lists.to-read")
        XCTAssertEqual(places.all.map(\.mailbox), ["INBOX", "INBOX.Trash", "INBOX.Lists.to-read", "Trash", "INBOX.Sent", "INBOX.Drafts"],
                       "the bare Trash outside the namespace is a folder of the person's; Sent and Drafts read last")
    }

    /// Every other mailbox is a folder the menu reaches: not the Mailbox's own places, nor RFC 6154's views of mail
    /// kept elsewhere (`\All`, `\Flagged`), nor a `\Noselect` parent, which holds none.
    func testEveryOtherMailboxIsAFolder() {
        let places = ServerPlaces([
            IMAPMailbox(name: "INBOX", attributes: [], delimiter: "/"),
            IMAPMailbox(name: "Archives", attributes: ["\\Archive"], delimiter: "/"),
            IMAPMailbox(name: "Sent", attributes: ["\\Sent"], delimiter: "/"),
            IMAPMailbox(name: "Drafts", attributes: ["\\Drafts"], delimiter: "/"),
            IMAPMailbox(name: "Trash", attributes: ["\\Trash"], delimiter: "/"),
            IMAPMailbox(name: "Junk", attributes: ["\\Junk"], delimiter: "/"),
            IMAPMailbox(name: "All Mail", attributes: ["\\All"], delimiter: "/"),
            IMAPMailbox(name: "Starred", attributes: ["\\Flagged"], delimiter: "/"),
            IMAPMailbox(name: "Later", attributes: [], delimiter: "/"),
            IMAPMailbox(name: "Lists", attributes: ["\\Noselect", "\\HasChildren"], delimiter: "/"),
            IMAPMailbox(name: "Lists/to-read", attributes: [], delimiter: "/"),
            IMAPMailbox(name: "Projects", attributes: ["\\Noselect", "\\HasChildren"], delimiter: "/"),
            IMAPMailbox(name: "Projects/2025", attributes: [], delimiter: "/"),
            IMAPMailbox(name: "Re&AOc-us", attributes: [], delimiter: "/"),
        ])
        XCTAssertEqual(places.folders, ["Junk", "Projects/2025", "Re&AOc-us"])
        XCTAssertEqual(places.mailbox(for: Placement(.folder, "Projects/2025")), "Projects/2025")
        XCTAssertNil(places.mailbox(for: Placement(.folder, "Gone")), "a folder the server no longer has")
        XCTAssertNil(places.nameToCreate(for: Placement(.folder, "Gone")), "a folder is the server's, never made here")
        XCTAssertEqual(places.all.map(\.mailbox), ["INBOX", "Archives", "Trash", "Later", "Lists/to-read", "Junk", "Projects/2025", "Re&AOc-us", "Sent", "Drafts"])
    }

    private func header(uid: UInt64, _ fields: [String: String]) -> IMAPMessageHeaders {
        IMAPMessageHeaders(uid: uid, flags: [], fields: fields)
    }

    func testMessagesAreKnownByWhatTheySayOfThemselvesAndTwoOfOneMailboxAreTwo() {
        let cron = ["date": "Sat, 28 Nov 2026 03:00:01 +0100", "from": "root@example.org", "subject": "backup"]
        let invoice = ["message-id": "<same@example.org>", "date": "Fri, 27 Nov 2026 10:00:00 +0000", "subject": "Invoice 1"]
        var second = invoice
        second["subject"] = "Invoice 2"
        let inbox = ServerMessageIdentity.ids(of: [header(uid: 7, cron), header(uid: 9, cron), header(uid: 3, invoice), header(uid: 4, second),
                                                   header(uid: 5, [:]), header(uid: 6, [:])], mailbox: "INBOX", uidValidity: 42)
        XCTAssertEqual(Set(inbox.values).count, 6, "six messages, six rows: \(inbox)")
        XCTAssertEqual(inbox[9], "\(inbox[7] ?? "")-9", "the later of two alike has its UID added")
        XCTAssertEqual(inbox[5], "imap-42-5", "with nothing to go by, its UIDVALIDITY and UID")
        let archive = ServerMessageIdentity.ids(of: [header(uid: 1, cron), header(uid: 2, invoice)], mailbox: "Archive", uidValidity: 8)
        XCTAssertEqual(archive[1], inbox[7], "moved, the same row")
        XCTAssertEqual(archive[2], inbox[3])
        XCTAssertNotEqual(ServerMessageIdentity.ids(of: [header(uid: 5, [:])], mailbox: "Archive", uidValidity: 42)[5], inbox[5],
                          "UIDs of two mailboxes are not one message")
    }
}

/// A connection's failures by kind, for the Mailbox to say in the person's language, with the words it quotes.
final class MailProblemTests: XCTestCase {
    func testEachIMAPFailureSaysItsKind() {
        XCTAssertEqual(MailProblem.of(IMAPError.unreachable("127.0.0.1:1", "Connection refused")), .unreachable(server: "127.0.0.1:1", why: "Connection refused"))
        XCTAssertEqual(MailProblem.of(IMAPError.refused("LOGIN", "NO Authentication failed.")), .refused(command: "LOGIN", serverSaid: "NO Authentication failed."))
        XCTAssertEqual(MailProblem.of(IMAPError.closed("BYE")), .closed(why: "BYE"))
        XCTAssertEqual(MailProblem.of(IMAPError.timedOut(.seconds(20))), .timedOut(seconds: 20))
        XCTAssertEqual(MailProblem.of(IMAPError.overBudget("sent more than 16 MB for one command")), .overBudget)
        XCTAssertEqual(MailProblem.of(MailAccountError(.noSMTPServer)), .account(.noSMTPServer))
        XCTAssertEqual(MailProblem.of(PartialMailCheck(messages: [], problems: ["Work: down"])), .other("Work: down"), "no kind: its words")
    }

    /// A file's errors by kind, from the system's error numbers and Foundation's codes (as their documentation names
    /// them), and from a read refused before it began.
    func testEachFileFailureSaysItsKind() throws {
        XCTAssertEqual(MailProblem.of(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))), .file(.diskFull))
        XCTAssertEqual(MailProblem.of(NSError(domain: NSPOSIXErrorDomain, code: Int(EDQUOT))), .file(.diskFull), "a full quota is a full disk")
        XCTAssertEqual(MailProblem.of(CocoaError(.fileWriteNoPermission)), .file(.notPermitted))
        XCTAssertEqual(MailProblem.of(CocoaError(.fileWriteVolumeReadOnly)), .file(.readOnly))
        XCTAssertEqual(MailProblem.of(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))), .file(.missing))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-problem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertThrowsError(try SmallFile.read(folder.path, limit: 10)) { XCTAssertEqual(MailProblem.of($0), .file(.notRegular(.folder))) }
        let big = folder.appendingPathComponent("big")
        try Data(count: 2048).write(to: big)
        XCTAssertThrowsError(try SmallFile.read(big.path, limit: 1024)) { XCTAssertEqual(MailProblem.of($0), .file(.larger(than: 1024))) }
        // Not a file's: a connection's error number, a parser's error.
        XCTAssertEqual(MailProblem.of(NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNREFUSED))), .other(NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNREFUSED)).description))
        XCTAssertNil(FileProblem.of(NSError(domain: NSCocoaErrorDomain, code: 3840)), "JSONSerialization's error is no file's")
        // A save's: a file where the folder belongs, through the save's own error.
        let blocking = folder.appendingPathComponent("blocking")
        try Data("x".utf8).write(to: blocking)
        XCTAssertThrowsError(try NewFile.write(Data("y".utf8), named: SafeFileName("menu.pdf"), in: blocking.appendingPathComponent("Downloads"))) {
            XCTAssertEqual(MailProblem.of($0), .file(.notAFolder(blocking.path)), "\($0)")
        }
        XCTAssertThrowsError(try AtomicFile.write(Data("y".utf8), to: folder)) { XCTAssertEqual(MailProblem.of($0), .file(.notRegular(.folder))) }
        // The keyring's, by kind.
        XCTAssertEqual(MailProblem.of(SecretService.Failure(description: "x", isAbsent: true)), .account(.keyringAbsent))
        XCTAssertEqual(MailProblem.of(SecretService.Failure(description: "x", waited: 60)), .account(.keyringTimedOut(seconds: 60)))
        XCTAssertEqual(MailProblem.of(SecretService.Failure(description: "x", serviceSaid: "Cancelled")), .account(.keyringRefused(said: "Cancelled")))
        // Written into a folder that is not there: the system's ENOENT, however Foundation wraps it.
        XCTAssertThrowsError(try Data("x".utf8).write(to: folder.appendingPathComponent("absent/file"))) {
            XCTAssertEqual(MailProblem.of($0), .file(.missing), "\($0)")
        }
    }
}

/// Outside text in a log line or the strip: what could reorder, hide or break the line is written as `\u{…}`.
final class ShownOutsideTextTests: XCTestCase {
    func testControlsFormatCharactersAndSeparatorsAreWrittenOut() {
        XCTAssertEqual(MailAccount.shown("Re\u{202E}çus\u{2028}x\u{1B}"), "\"Re\\u{202e}çus\\u{2028}x\\u{1b}\"")
        XCTAssertEqual(MailAccount.shown("Reçus"), "\"Reçus\"")
    }
}
