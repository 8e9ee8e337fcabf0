import XCTest
@testable import KineticMail

/// Every part of mail as people receive it reachable (issue #53): forwards and digests inline, text parts that carry
/// a file name, a multipart whose boundary never comes, and `format=flowed` (RFC 3676's own examples, §4 and §5).
final class MIMEReachTests: XCTestCase {
    /// `text` with CRLF line ends, as on the wire.
    private func mail(_ text: String) -> [UInt8] { Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) }

    func testADigestShowsEachOfItsMessages() throws {
        // RFC 2046 §5.1.5: a digest's parts are message/rfc822 unless they say otherwise.
        let message = try MIMEMessage(parsing: mail("""
            Subject: house-list digest, Vol 3, Issue 7
            MIME-Version: 1.0
            Content-Type: multipart/digest; boundary=d

            --d

            From: Erin Wu <erin@example.org>
            Date: Fri, 27 Nov 2026 10:00:00 +0000
            Subject: Rent

            Paid it this morning.
            --d

            From: Kim Ng <kim@example.org>
            Subject: Bins

            Tuesday, not Monday.
            --d--

            """))
        XCTAssertEqual(message.text, """
            \u{2014}\u{2014}\u{2014}
            From: Erin Wu <erin@example.org>
            Date: Fri, 27 Nov 2026 10:00:00 +0000
            Subject: Rent

            Paid it this morning.

            \u{2014}\u{2014}\u{2014}
            From: Kim Ng <kim@example.org>
            Subject: Bins

            Tuesday, not Monday.
            """)
        XCTAssertEqual(message.attachments, [], "shown, not listed")
    }

    func testATextPartWithAFileNameIsShownAndListed() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: backup report
            Content-Type: multipart/mixed; boundary=b

            --b
            Content-Type: text/plain; name="report.txt"

            3 files copied.
            --b
            Content-Type: text/plain; name="full-log.txt"
            Content-Disposition: attachment; filename="full-log.txt"

            every line of it
            --b--

            """))
        XCTAssertEqual(message.text, "3 files copied.", "a file marked to keep is not read into the text")
        XCTAssertEqual(message.attachments.map(\.name), ["report.txt", "full-log.txt"])
    }

    func testAMultipartWhoseBoundaryNeverComesShowsItsText() throws {
        let message = try MIMEMessage(parsing: mail("""
            Subject: scanner
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="never-used"

            Scan finished: 3 pages.
            """))
        XCTAssertEqual(message.text, "Scan finished: 3 pages.")
    }

    func testFlowedTextIsReflowedAsRFC3676Says() {
        // §4.2: a space before the break is a soft break; §4.4: a stuffed space comes off; §4.5: quotes by depth.
        XCTAssertEqual(FlowedText.unflowed("This is a \nflowed line.\n >not a quote\n", deletingSpace: false),
                       "This is a flowed line.\n>not a quote\n")
        XCTAssertEqual(FlowedText.unflowed("> Quoted and \n> flowed.\n>> Deeper \n> back\n", deletingSpace: false),
                       "> Quoted and flowed.\n>> Deeper\n> back\n", "a change of depth ends the paragraph")
        // §4.2 with DelSp=yes: the space before a soft break is the sender's, not the text's.
        XCTAssertEqual(FlowedText.unflowed("Supercali \nfragilistic\n", deletingSpace: true), "Supercalifragilistic\n")
        // §4.3: the signature separator stays a line of its own.
        XCTAssertEqual(FlowedText.unflowed("Bye \n-- \nAna\n", deletingSpace: false), "Bye\n-- \nAna\n")
        let message = try? MIMEMessage(parsing: mail("""
            Subject: flowed
            Content-Type: text/plain; charset=utf-8; format=flowed

            The minutes are in the shared folder, with the\u{20}
            budget beside them.
            """))
        XCTAssertEqual(message?.text, "The minutes are in the shared folder, with the budget beside them.")
    }
}

/// A newsletter's HTML through libxml2's parser: HTML 4's named entities (the ones the old reader kept as typed),
/// links said with where they go, lists and tables as readable rows, images by their words, unclosed tags.
final class HTMLReadingTests: XCTestCase {
    func testANewslettersHTMLReadsAsText() {
        let html = """
            <html><head><style>td { color: red }</style></head><body>
            <h1>Caf&eacute; news &hellip;</h1>
            <p>It&rsquo;s here: <a href="https://example.org/menu">the new menu</a>. Write to
            <a href="mailto:cafe@example.org">cafe@example.org</a>.
            <p>Unclosed paragraph, then a list:
            <ul><li>Tea<li>Coffee &amp; cake</ul>
            <ol><li>First</li><li>Second</li></ol>
            <table><tr><th>Day</th><th>Open</th></tr><tr><td>Mon</td><td>8&ndash;18</td></tr></table>
            <img src="https://tracker.example.org/p.gif" alt="Our logo"><img src="x.gif">
            <a href="javascript:alert(1)">click</a>
            </body></html>
            """
        XCTAssertEqual(HTMLText.plainText(from: html, byteLimit: 100_000), """
            Café news …

            It’s here: the new menu <https://example.org/menu>. Write to cafe@example.org.

            Unclosed paragraph, then a list:

            • Tea
            • Coffee & cake

            1. First
            2. Second

            Day | Open
            Mon | 8–18

            [Our logo] click
            """)
    }

    func testTheTextStopsAtItsLimitAndNothingIsNoText() {
        XCTAssertEqual(HTMLText.plainText(from: "", byteLimit: 100), "")
        XCTAssertEqual(HTMLText.plainText(from: "<p>" + String(repeating: "word ", count: 1_000), byteLimit: 20).utf8.count, 20)
        XCTAssertEqual(HTMLText.plainText(from: String(repeating: "<div>", count: 200) + "deep", byteLimit: 100), "deep",
                       "a deep document walks without recursion")
        // Past libxml2's 256 levels the parser stops reading; what came before stays.
        XCTAssertEqual(HTMLText.plainText(from: "<p>kept</p>" + String(repeating: "<div>", count: 5_000) + "lost", byteLimit: 100), "kept")
    }
}

/// A body can't turn its own text around (issue #54, item 9): the overrides go, right-to-left text stays as written.
final class BodyDirectionTests: XCTestCase {
    func testOverridesLeaveTheBodyAndArabicStays() throws {
        let bytes = Array("Subject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nOpen invoice\u{202E}fdp.exe now\r\n\u{200F}مرحبا بك\r\n".utf8)
        let message = try MIMEMessage(parsing: bytes)
        XCTAssertEqual(message.text, "Open invoicefdp.exe now\n\u{200F}مرحبا بك")
    }
}

/// An attachment cut short by the fetch's cap says the size its sender declared (RFC 2183 §2.7), not the bytes that
/// arrived (issue #54, item 9); a declared size smaller than what arrived is not believed.
final class AttachmentSizeTests: XCTestCase {
    func testTheDeclaredSizeOfAFileCutShortIsShown() throws {
        func message(declaring size: String) -> [UInt8] {
            Array("""
                Subject: scan\r
                Content-Type: multipart/mixed; boundary=b\r
                \r
                --b\r
                Content-Type: text/plain\r
                \r
                Attached.\r
                --b\r
                Content-Type: application/pdf; name="scan.pdf"\r
                Content-Disposition: attachment; filename="scan.pdf"; size=\(size)\r
                Content-Transfer-Encoding: base64\r
                \r
                JVBERi0xLjQK\r
                """.utf8)  // cut short: no closing boundary
        }
        XCTAssertEqual(try MIMEMessage(parsing: message(declaring: "5242880")).attachments.map(\.size), [5_242_880])
        XCTAssertEqual(try MIMEMessage(parsing: message(declaring: "3")).attachments.map(\.size), [9], "9 bytes arrived: more than declared")
    }

    /// Issue #55, item 4: the reader stopped silently mid-word at 200,000 characters. A longer text stops at the end of
    /// a word, and says how much is left out. Worked out by hand: 40,002 times "abcd " is 200,010 characters; the first
    /// 200,000 end with a space, so the text kept is the 199,999 before it, and 11 are left out. A text of 200,500
    /// letters and no space stops at the limit, 500 left out; a short one is whole.
    func testALongTextStopsAtAWordAndSaysHowMuchIsLeftOut() {
        let words = String(repeating: "abcd ", count: 40_002)
        let (kept, leftOut) = IMAPMailServer.readable(words)
        XCTAssertEqual(kept.count, 199_999)
        XCTAssertTrue(kept.hasSuffix("abcd"), "a whole word last")
        XCTAssertEqual(leftOut, 11)
        let letters = String(repeating: "x", count: 200_500)
        XCTAssertEqual(IMAPMailServer.readable(letters).text.count, 200_000)
        XCTAssertEqual(IMAPMailServer.readable(letters).leftOut, 500)
        XCTAssertEqual(IMAPMailServer.readable("short").text, "short")
        XCTAssertEqual(IMAPMailServer.readable("short").leftOut, 0)
    }
}
