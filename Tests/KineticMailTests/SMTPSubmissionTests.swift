import XCTest
import Foundation
import KineticData
@testable import KineticMail

/// Submission to an SMTP server: the sink `scripts/with-smtp-sink` starts on a free loopback port (`make test` runs this
/// suite under it; without it the suite skips), and what reaches it read back as a mail program would.
final class SMTPSubmissionTests: XCTestCase {
    private struct Sink {
        let host: String, port: Int, user: String, password: String, outbox: URL
    }

    private func sink() throws -> Sink {
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["KINETIC_TEST_SMTP_URL"], let url = URLComponents(string: address), let host = url.host, let port = url.port,
              let user = environment["KINETIC_TEST_MAIL_USER"], let password = environment["KINETIC_TEST_MAIL_PASSWORD"],
              let outbox = environment["KINETIC_TEST_SMTP_OUTBOX"] else {
            throw XCTSkip("no test SMTP server: run under scripts/with-smtp-sink (make test does)")
        }
        return Sink(host: host, port: port, user: user, password: password, outbox: URL(fileURLWithPath: outbox))
    }

    /// A reply in French with a line that starts with a dot: the sink gets the envelope, the headers that thread it,
    /// the subject as RFC 2047 words and the text whole.
    func testAReplyArrivesWithItsHeadersAndItsText() async throws {
        let sink = try sink()
        let text = "Oui, jeudi me va.\n.un point en tête de ligne\nÀ bientôt"
        let mail = OutgoingMail(from: "scotch@example.org", to: ["ana@example.org"], subject: "Re: Déjeuner jeudi ?", body: text,
                                inReplyTo: "<lunch-1@example.org>", date: Date(timeIntervalSince1970: 1_767_606_060), uniqueness: "abc")
        try await SMTPSubmission.send(mail.bytes, from: mail.from, to: mail.to, host: sink.host, port: sink.port, tls: nil,
                                      user: sink.user, password: sink.password, timeout: .seconds(10))
        let files = try FileManager.default.contentsOfDirectory(atPath: sink.outbox.path).filter { $0.hasSuffix(".eml") }
        XCTAssertEqual(files.count, 1)
        let eml = try String(contentsOf: sink.outbox.appendingPathComponent(files[0]), encoding: .utf8)
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: sink.outbox.appendingPathComponent("1.json"))) as? [String: Any]
        XCTAssertEqual(envelope?["from"] as? String, "scotch@example.org")
        XCTAssertEqual(envelope?["to"] as? [String], ["ana@example.org"])
        let parts = eml.components(separatedBy: "\r\n\r\n")
        let headers = parts[0].replacingOccurrences(of: "\r\n ", with: " ").components(separatedBy: "\r\n")
        func header(_ name: String) -> String? {
            headers.first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
        XCTAssertEqual(header("In-Reply-To"), "<lunch-1@example.org>")
        XCTAssertEqual(header("References"), "<lunch-1@example.org>")
        XCTAssertEqual(header("Message-ID"), "<abc@example.org>")
        XCTAssertEqual(header("Date"), "Mon, 05 Jan 2026 09:41:00 +0000")
        // RFC 2047: each `=?utf-8?B?…?=` word is base64 of UTF-8; words next to each other join with no space.
        let words = try XCTUnwrap(header("Subject")).split(separator: " ").map { word -> String in
            let inner = word.dropFirst("=?utf-8?B?".count).dropLast(2)
            return String(decoding: Data(base64Encoded: String(inner)) ?? Data(), as: UTF8.self)
        }
        XCTAssertEqual(words.joined(), "Re: Déjeuner jeudi ?")
        XCTAssertEqual(header("Content-Transfer-Encoding"), "base64")
        let body = Data(base64Encoded: parts.dropFirst().joined(separator: "\r\n\r\n").replacingOccurrences(of: "\r\n", with: ""))
        XCTAssertEqual(body.map { String(decoding: $0, as: UTF8.self) }, text.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// `smtp://host` on 587: STARTTLS (RFC 3207) before AUTH, the certificate checked, and the message arrives; with
    /// only the system's roots the turn fails before the password is sent, and nothing arrives.
    func testSTARTTLSTurnsToTLSBeforeTheCredentials() async throws {
        let sink = try sink()
        guard let authority = ProcessInfo.processInfo.environment["KINETIC_TEST_SMTP_CA"] else { throw XCTSkip("no certificate from scripts/with-smtp-sink") }
        let message = Array("Subject: over TLS\r\n\r\nsent after STARTTLS\r\n".utf8)
        do {
            try await SMTPSubmission.send(message, from: "scotch@example.org", to: ["ana@example.org"], host: "localhost", port: sink.port,
                                          tls: IMAPTLS(startTLS: true), user: sink.user, password: sink.password, timeout: .seconds(10))
            XCTFail("a certificate no trusted authority signed was taken after STARTTLS")
        } catch IMAPError.refused(let what, _) where what == "TLS" {
            // Refused in the handshake, before AUTH.
        }
        try await SMTPSubmission.send(message, from: "scotch@example.org", to: ["ana@example.org"], host: "localhost", port: sink.port,
                                      tls: IMAPTLS(trustRootsFile: authority, startTLS: true), user: sink.user, password: sink.password, timeout: .seconds(10))
        let arrived = try FileManager.default.contentsOfDirectory(atPath: sink.outbox.path).filter { $0.hasSuffix(".eml") }.map {
            try String(contentsOf: sink.outbox.appendingPathComponent($0), encoding: .utf8)
        }
        XCTAssertEqual(arrived.filter { $0.contains("sent after STARTTLS") }.count, 1, "once, over TLS")
    }

    func testAWrongPasswordIsRefusedWithoutTheCredentials() async throws {
        let sink = try sink()
        do {
            try await SMTPSubmission.send(Array("Subject: x\r\n\r\nx\r\n".utf8), from: "scotch@example.org", to: ["ana@example.org"],
                                          host: sink.host, port: sink.port, tls: nil, user: sink.user, password: "wrong-secret", timeout: .seconds(10))
            XCTFail("sent with a wrong password")
        } catch IMAPError.refused(let command, let why) {
            XCTAssertEqual(command, "AUTH")
            XCTAssertTrue(why.hasPrefix("535"), why)
            XCTAssertFalse(why.contains("wrong-secret"))
        }
    }

    /// RFC 5321 §4.5.3.2.6 gives a server 10 minutes to answer a message's end: an answer later than the other
    /// replies' wait still counts when the final reply's wait is longer; without it, the message is unanswered (it may
    /// have arrived), never refused.
    func testTheAnswerToAMessagesEndIsWaitedForLongerThanTheOthers() async throws {
        let sink = try sink()
        let mail = Array("Subject: filtered slowly\r\n\r\nread by filters first\r\n".utf8)
        try "after 2: 250 2.0.0 Ok\nafter 2: 250 2.0.0 Ok\n".write(to: sink.outbox.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        try await SMTPSubmission.send(mail, from: "scotch@example.org", to: ["ana@example.org"], host: sink.host, port: sink.port, tls: nil,
                                      user: sink.user, password: sink.password, timeout: .seconds(1), finalReplyTimeout: .seconds(10))
        do {
            try await SMTPSubmission.send(mail, from: "scotch@example.org", to: ["ana@example.org"], host: sink.host, port: sink.port, tls: nil,
                                          user: sink.user, password: sink.password, timeout: .seconds(1))
            XCTFail("an answer 2 s late came within a 1 s wait")
        } catch is SMTPUnanswered {
            // The whole message went: it may have arrived.
        }
    }

    /// RFC 5321 §4.5.2: a line that starts with "." gets one more; bare line ends become CRLF.
    func testDotStuffing() {
        XCTAssertEqual(String(decoding: SMTPSubmission.dotStuffed(Array("a\n.b\r\n..c\nd".utf8)), as: UTF8.self), "a\r\n..b\r\n...c\r\nd\r\n")
    }

    func testAnAddressWithALineBreakIsRefused() {
        XCTAssertThrowsError(try SMTPSubmission.address("ana@example.org\r\nRCPT TO:<eve@example.org>"))
        XCTAssertEqual(try SMTPSubmission.address(" ana@example.org "), "ana@example.org")
    }

    /// RFC 5321 §4.2.1 at the end of a message: a 4xx is transient, a 5xx permanent, and no answer at all after the whole
    /// message went is neither (it may have arrived). The end is committed before each answer; the sink keeps none.
    func testTheEndOfAMessageAnsweredWith451Or554OrNothing() async throws {
        let sink = try sink()
        try "451 4.3.0 Try again later\n554 5.7.1 Rejected by policy\nsilence\n"
            .write(to: sink.outbox.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        let mail = OutgoingMail(from: "scotch@example.org", to: ["ana@example.org"], subject: "Answered otherwise", body: "Hi",
                                inReplyTo: nil, date: Date(timeIntervalSince1970: 1_767_606_060), uniqueness: "answered-otherwise")
        // One send to the sink: how it failed (nil: it did not), and whether its end was committed first.
        func send(timeout: Duration) async -> (failure: SendFailure?, committed: Bool) {
            let committed = Committed()
            do {
                try await SMTPSubmission.send(mail.bytes, from: mail.from, to: mail.to, host: sink.host, port: sink.port, tls: nil,
                                              user: sink.user, password: sink.password, timeout: timeout) { committed.mark() }
                return (nil, committed.marked)
            } catch {
                return (SendFailure(smtp: error), committed.marked)
            }
        }
        for failure in [SendFailure.tryAgainLater("451 4.3.0 Try again later"), .refused("554 5.7.1 Rejected by policy")] {
            let sent = await send(timeout: .seconds(10))
            XCTAssertEqual(sent.failure, failure)
            XCTAssertTrue(sent.committed, "the end was sent before the answer")
        }
        let silent = await send(timeout: .seconds(2))
        guard case .unanswered = silent.failure else { return XCTFail("no answer is not \(String(describing: silent.failure))") }
        XCTAssertTrue(silent.committed)
        let kept = try FileManager.default.contentsOfDirectory(atPath: sink.outbox.path).filter { $0.hasSuffix(".eml") }
            .filter { (try? String(contentsOf: sink.outbox.appendingPathComponent($0), encoding: .utf8))?.contains("Subject: Answered otherwise") == true }
        XCTAssertEqual(kept, [])
    }
}

/// Whether a send said its end was committed, from the send's thread.
private final class Committed: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var done = false

    func mark() { lock.withLock { done = true } }
    var marked: Bool { lock.withLock { done } }
}
