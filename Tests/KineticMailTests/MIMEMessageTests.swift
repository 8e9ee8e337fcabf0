import Foundation
import XCTest

@testable import KineticMail

/// Specs of `MIMEMessage`: each expected value follows from the RFC or the rule the test names, worked out by hand
/// in the test, never taken from a run of the code.
final class MIMEMessageTests: XCTestCase {
    // MARK: - Single-part bodies

    /// RFC 5322 headers and a 7bit body (RFC 2045 §2.7) read as they are, lines ending "\n".
    func testPlainSevenBitMessage() throws {
        let message = try MIMEMessage(parsing: mail("""
            From: Ana Lima <ana@example.org>
            To: Bo <bo@example.org>
            Subject: Lunch on Friday
            MIME-Version: 1.0
            Content-Type: text/plain; charset=us-ascii
            Content-Transfer-Encoding: 7bit

            Hello, world.
            Second line.

            """))
        XCTAssertEqual(message.subject, "Lunch on Friday")
        XCTAssertEqual(message.from, "Ana Lima <ana@example.org>")
        XCTAssertEqual(message.text, "Hello, world.\nSecond line.")
        XCTAssertEqual(message.attachments, [])
    }

    /// RFC 2045 §6.7: "=" at a line's end is a soft line break (the lines join), "=C3=A9" is the bytes C3 A9, which
    /// are "é" (U+00E9) in UTF-8.
    func testQuotedPrintableWithSoftLineBreaks() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: qp
            Content-Type: text/plain; charset=utf-8
            Content-Transfer-Encoding: quoted-printable

            Caf=C3=A9 au lait, tr=
            =C3=A8s bien.

            """))
        XCTAssertEqual(message.text, "Café au lait, très bien.")
    }

    /// RFC 4648 §10's test vector: BASE64("foobar") = "Zm9vYmFy".
    func testBase64Body() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: b64
            Content-Type: text/plain; charset=utf-8
            Content-Transfer-Encoding: base64

            Zm9vYmFy

            """))
        XCTAssertEqual(message.text, "foobar")
    }

    /// RFC 2047 §4.1 "B" encoding: "Café" is UTF-8 43 61 66 C3 A9; in six-bit groups 010000 110110 000101 100110 |
    /// 110000 111010 1001(00) = Q 2 F m | w 6 k and one "=" of padding.
    func testEncodedWordSubjectInBForm() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: =?UTF-8?B?Q2Fmw6k=?=
            From: =?UTF-8?Q?Ana_Lima?= <ana@example.org>
            Content-Type: text/plain

            x

            """))
        XCTAssertEqual(message.subject, "Café")
        // RFC 2047 §4.2: "_" in a "Q" word is a space.
        XCTAssertEqual(message.from, "Ana Lima <ana@example.org>")
    }

    /// RFC 2047 §4.2 "Q" encoding in ISO-8859-1, where E9 is "é" and E8 is "è", and "_" a space; the body's single
    /// byte E9 in ISO-8859-1 becomes U+00E9 (C3 A9 in UTF-8).
    func testEncodedWordSubjectInQFormAndLatin1Body() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: =?ISO-8859-1?Q?Caf=E9_cr=E8me?=
            Content-Type: text/plain; charset=ISO-8859-1
            Content-Transfer-Encoding: 8bit

            Caf\u{E9}

            """, latin1: true))
        XCTAssertEqual(message.subject, "Café crème")
        XCTAssertEqual(message.text, "Café")
        XCTAssertEqual(Array(message.text.utf8), [0x43, 0x61, 0x66, 0xC3, 0xA9])
    }

    // MARK: - Multiparts

    /// RFC 2046 §5.1.4: the parts of multipart/alternative are the same content; the reader prefers text/plain.
    func testAlternativeShowsThePlainPart() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: alt
            MIME-Version: 1.0
            Content-Type: multipart/alternative; boundary="alt"

            --alt
            Content-Type: text/html; charset=utf-8

            <p>The <b>HTML</b> version</p>
            --alt
            Content-Type: text/plain; charset=utf-8

            The plain version
            --alt--

            """))
        XCTAssertEqual(message.text, "The plain version")
        XCTAssertEqual(message.attachments, [])
    }

    /// HTML alone becomes text: the title, style and script are never shown; "</p>" ends a paragraph (a blank line),
    /// "<br>" a line; "&amp;" "&lt;" "&quot;" "&#39;" are & < " '; "&#233;" and "&#xE9;" are U+00E9; "&nbsp;" is U+00A0;
    /// runs of white space read as one space.
    func testHTMLOnlyBecomesText() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: html
            Content-Type: text/html; charset=utf-8

            <html><head><title>Hidden title</title><style>p { color: red }</style>
            <script type="text/javascript">alert("<b>gotcha</b>")</script></head>
            <body><p>Fish   &amp;
            chips &lt;3</p>Line one<br>Line two &quot;quoted&quot; &#39;single&#39; &#233;&#xE9;&nbsp;end</body></html>

            """))
        XCTAssertEqual(message.text, "Fish & chips <3\n\nLine one\nLine two \"quoted\" 'single' éé\u{A0}end")
        XCTAssertFalse(message.text.contains("alert"))
        XCTAssertFalse(message.text.contains("Hidden"))
    }

    /// multipart/mixed: its inline text parts join, in order, with a blank line; a PDF is an attachment. Its base64
    /// "JVBERi0xLjQK" is 12 characters without padding, so 12 / 4 × 3 = 9 bytes ("%PDF-1.4\n", RFC 4648 §4).
    func testMixedJoinsTextAndListsThePDF() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: report
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="mix"

            This is the preamble, which RFC 2046 says to ignore.
            --mix
            Content-Type: text/plain; charset=utf-8

            First part.
            --mix
            Content-Type: application/pdf; name="report.pdf"
            Content-Disposition: attachment; filename="report.pdf"
            Content-Transfer-Encoding: base64

            JVBERi0xLjQK
            --mix
            Content-Type: text/plain; charset=utf-8
            Content-Disposition: inline

            Second part.
            --mix--
            The epilogue, ignored as well.

            """))
        XCTAssertEqual(message.text, "First part.\n\nSecond part.")
        XCTAssertEqual(message.attachments, [MIMEAttachment(name: "report.pdf", size: 9, mimeType: "application/pdf")])
    }

    /// RFC 2231 §4: filename*=UTF-8''r%C3%A9sum%C3%A9.txt is "résumé.txt". RFC 2047 words in a name (against §5 of
    /// RFC 2047, but what many mailers send) decode too: ISO-8859-1 EF is "ï". RFC 2046 §5.1.1: the CRLF before a
    /// boundary belongs to the boundary, so the 7bit body "abc" is 3 bytes.
    func testFileNamesInRFC2231AndRFC2047Forms() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: names
            Content-Type: multipart/mixed; boundary=b

            --b
            Content-Type: application/octet-stream
            Content-Disposition: attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.txt

            abc
            --b
            Content-Type: application/octet-stream; name="=?ISO-8859-1?Q?na=EFve.txt?="

            abcd
            --b--

            """))
        XCTAssertEqual(message.attachments, [
            MIMEAttachment(name: "résumé.txt", size: 3, mimeType: "application/octet-stream"),
            MIMEAttachment(name: "naïve.txt", size: 4, mimeType: "application/octet-stream"),
        ])
        XCTAssertEqual(message.text, "")
    }

    /// An embedded message (message/rfc822) is read inline, as a forward is: its Subject under a rule, then its text;
    /// marked an attachment (`Content-Disposition: attachment`), it is a file too, named from its subject.
    func testEmbeddedMessageIsShownInlineAndAFileWhenMarkedOne() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: fwd
            Content-Type: multipart/mixed; boundary=outer

            --outer
            Content-Type: text/plain

            See below.
            --outer
            Content-Type: message/rfc822
            Content-Disposition: attachment

            Subject: Old news
            Content-Type: text/plain

            Inner text.
            --outer--

            """))
        XCTAssertEqual(message.text, "See below.\n\n\u{2014}\u{2014}\u{2014}\nSubject: Old news\n\nInner text.")
        XCTAssertEqual(message.attachments.map(\.name), ["Old news.eml"])
        XCTAssertEqual(message.attachments.map(\.mimeType), ["message/rfc822"])
        XCTAssertGreaterThan(message.attachments.first?.size ?? 0, "Subject: Old news".count)
    }

    // MARK: - Charsets

    /// A charset iconv does not know: bytes that are valid UTF-8 read as UTF-8 (C3 A9 → é), others as Latin-1
    /// (E9 → é). A declared UTF-8 with a stray E9 (a lead byte with no continuation) shows U+FFFD in its place.
    func testUnknownAndBrokenCharsets() throws {
        let head = """
            Subject: charsets
            Content-Type: multipart/mixed; boundary=c

            --c
            Content-Type: text/plain; charset=x-kinetic-unknown

            Caf\u{E9}-utf8
            --c
            Content-Type: text/plain; charset=x-kinetic-unknown


            """
        let latin1Part: [UInt8] = Array("Caf".utf8) + [0xE9] + Array("-latin1".utf8)
        let tail = """

            --c
            Content-Type: text/plain; charset=utf-8


            """
        let brokenPart: [UInt8] = Array("Caf".utf8) + [0xE9] + Array("!".utf8)
        // A multi-line literal drops the line break before its closing quotes: each of `head` and `tail` ends in
        // one blank line, which ends the part's header (RFC 2046 §5.1.1).
        let bytes = mail(head) + latin1Part + mail(tail) + brokenPart + mail("\n--c--\n")
        let message = try MIMEMessage(parsing: bytes)
        XCTAssertEqual(message.text, "Café-utf8\n\nCafé-latin1\n\nCaf\u{FFFD}!")
    }

    // MARK: - Hostile input

    /// No bytes at all are no message.
    func testEmptyInputIsRefused() {
        XCTAssertThrowsError(try MIMEMessage(parsing: [])) { error in
            XCTAssertEqual(error as? MIMEError, MIMEError("the message is empty"))
        }
    }

    /// Bytes that do not open with a header field (RFC 5322 §2.2) are not a message.
    func testGarbageIsRefused() {
        let garbage: [UInt8] = [0x00, 0xFF, 0xFE, 0x80, 0x3A, 0x0D, 0x0A, 0x7F, 0x41, 0x3A]
        XCTAssertThrowsError(try MIMEMessage(parsing: garbage)) { error in
            XCTAssertEqual(error as? MIMEError, MIMEError("the message could not be read as MIME"))
            XCTAssertEqual((error as? MIMEError)?.description, "the message could not be read as MIME")
        }
    }

    /// 33 MB is over the 32 MB cap (32 × 1024 × 1024 bytes): refused with the sentence, whatever the bytes are.
    func testOversizedInputIsRefused() {
        let oversized = mail("Subject: big\n\n") + [UInt8](repeating: UInt8(ascii: "a"), count: 33 * 1024 * 1024)
        XCTAssertThrowsError(try MIMEMessage(parsing: oversized)) { error in
            XCTAssertEqual((error as? MIMEError)?.description, "the message is larger than 32 MB")
        }
    }

    /// 10,000 multiparts each inside the last, each holding the text "level N" before the next: no crash, and only
    /// the 32 levels walked show (`MIMELimits.depth`: the multipart at depth N holds its text at depth N + 1, and
    /// multiparts at depth 32 are not opened), 65 parts in all, under the 1,000-part cap.
    func testTenThousandNestedMultipartsAreBounded() throws {
        let levels = 10_000
        var text = "Subject: deep\nContent-Type: multipart/mixed; boundary=b0\n\n"
        for level in 0..<levels {
            text += "--b\(level)\nContent-Type: text/plain\n\nlevel \(level)\n"
            text += "--b\(level)\nContent-Type: multipart/mixed; boundary=b\(level + 1)\n\n"
        }
        text += "--b\(levels)\nContent-Type: application/octet-stream\n\ndeepest\n"
        for level in (0...levels).reversed() {
            text += "--b\(level)--\n"
        }
        let message = try MIMEMessage(parsing: mail(text))
        XCTAssertEqual(message.text, (0..<32).map { "level \($0)" }.joined(separator: "\n\n"))
        XCTAssertEqual(message.attachments, [])
    }

    /// 5,000 attachments side by side: the walk visits 1,000 parts, the multipart itself and 999 of them.
    func testPartCountIsCapped() throws {
        var text = "Subject: many\nContent-Type: multipart/mixed; boundary=m\n\n"
        for _ in 0..<5_000 {
            text += "--m\nContent-Type: application/octet-stream\n\nab\n"
        }
        text += "--m--\n"
        let message = try MIMEMessage(parsing: mail(text))
        XCTAssertEqual(message.attachments.count, 999)
        XCTAssertEqual(message.attachments.first, MIMEAttachment(name: "attachment", size: 2,
                                                                mimeType: "application/octet-stream"))
    }

    /// 2,000,000 bytes of text (20,000 lines of 98 "a" and CRLF) is more than the 1,000,000 characters shown.
    func testTextIsCapped() throws {
        let line = String(repeating: "a", count: 98) + "\n"
        let message = try MIMEMessage(parsing: mail("Subject: long\n\n" + String(repeating: line, count: 20_000)))
        XCTAssertEqual(message.text.count, 1_000_000)
    }

    /// A name with control characters and a right-to-left override loses them and is cut to 200 characters.
    func testAttachmentNameIsCleanedAndCapped() throws {
        let longName = String(repeating: "n", count: 300)
        let message = try MIMEMessage(parsing: mail("""
            Subject: names
            Content-Type: multipart/mixed; boundary=b

            --b
            Content-Type: application/octet-stream; name="a=?UTF-8?Q?=01=E2=80=AE?=b.txt"

            x
            --b
            Content-Type: application/octet-stream; name="\(longName)"

            x
            --b--

            """))
        XCTAssertEqual(message.attachments.map(\.name), ["ab.txt", String(repeating: "n", count: 200)])
    }

    /// Parses on many threads at once share GMime's one set-up and read the same.
    func testParsesOnManyThreadsAgree() throws {
        let bytes = mail("Subject: =?UTF-8?B?Q2Fmw6k=?=\n\nbody\n")
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            results.add(try? MIMEMessage(parsing: bytes))
        }
        XCTAssertEqual(results.subjects, Array(repeating: "Café", count: 16))
    }

    // MARK: - Helpers

    /// `text` as the bytes of a message on the wire: lines end in CRLF (RFC 5322 §2.1); with `latin1`, every
    /// character below U+0100 is one byte (so "\u{E9}" is the byte E9), else the text is UTF-8.
    private func mail(_ text: String, latin1: Bool = false) -> [UInt8] {
        let wire = text.replacingOccurrences(of: "\n", with: "\r\n")
        return latin1 ? wire.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(wire.utf8)
    }
}

/// The subjects parsed on several threads, gathered under a lock.
private final class ResultsBox: @unchecked Sendable {
    /// Guards `subjects`.
    private let lock = NSLock()
    /// The subjects parsed so far ("" for a parse that failed).
    private(set) var subjects: [String] = []

    /// Adds `message`'s subject.
    func add(_ message: MIMEMessage?) {
        lock.withLock { subjects.append(message?.subject ?? "") }
    }
}
