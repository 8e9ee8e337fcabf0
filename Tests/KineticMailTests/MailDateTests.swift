import XCTest
import KineticTestSupport
import Foundation
@testable import KineticMail
import KineticData

/// Date headers read as moments (`MailDate`), checked against another implementation: Python's `email.utils`
/// (`parsedate_to_datetime`), run by the test on the same texts. RFC 5322's own examples (Appendix A) are among them.
final class MailDateTests: XCTestCase {
    /// The moment Python's email package reads in each text (seconds since 1970; a date without a zone it knows as
    /// UTC, as RFC 5322 says of -0000), or nil where it finds none.
    private func python(_ texts: [String]) throws -> [Double?] {
        let script = """
        import json, sys, datetime, email.utils
        out = []
        for text in json.load(sys.stdin):
            try:
                moment = email.utils.parsedate_to_datetime(text)
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=datetime.timezone.utc)
                out.append(moment.timestamp())
            except (TypeError, ValueError, IndexError):
                out.append(None)
        print(json.dumps(out))
        """
        return try JSONDecoder().decode([Double?].self, from: PythonReference.run(script, input: JSONEncoder().encode(texts)))
    }

    func testDatesAreReadAsPythonsEmailPackageReadsThem() throws {
        let texts = [
            "Fri, 21 Nov 1997 09:55:06 -0600",                                     // RFC 5322 A.1.1
            "Tue, 1 Jul 2003 10:52:37 +0200",                                      // A.1.2
            "Thu, 13 Feb 1969 23:32:54 -0330",                                     // A.1.3
            "Thu,\r\n      13\r\n        Feb\r\n          1969\r\n      23:32\r\n               -0330 (Newfoundland Time)",  // A.5
            "21 Nov 97 09:55:06 GMT",                                              // A.6.2, obsolete
            "Fri, 21 Nov 1997 09:55:06 -0000",
            "Mon, 5 Jan 2026 09:41:00 +0000",
            "Wed, 3 Jul 2019 23:30:00 +0900",
            "Fri, 29 Feb 2008 12:00:00 EST",
            "Sun, 1 Mar 2026 00:00 PDT",
            "Tue, 31 Dec 2024 23:59:59 -1200",
            "1 Jan 2000 00:00:00 +1400",
            "Sat, 28 Nov 2026 03:00:01 +0100 (CET)",
            "Sat, 28 Nov 2026 03:00:01 CET",
            "Mon, 05 Jan 2026 09:41:00 +0000",
            "5 January 2026 09:41 +0530",
            "Thu, 1 Jan 1970 00:00:00 +0000",
            "Sat, 1 Jan 2000 00:00:00 -0800",
            "01 Jan 2001 00:01+0000",                                              // Python's own test mail (msg_47)
            "not a date",
            "",
            "Mon, 5 Jan 2026",
            "Mon, 31 Feb 2026 10:00:00 +0000",
            "Mon, 5 Jan 2026 25:00:00 +0000",
        ]
        let expected = try python(texts)
        for (text, moment) in zip(texts, expected) {
            XCTAssertEqual(MailDate.parse(text)?.timeIntervalSince1970, moment, text.debugDescription)
        }
    }

    func testFormsPythonDoesNotReadAreReadAsTheRFCSays() throws {
        // RFC 5322 §4.3: two-digit years 00–49 are 2000–2049, 50–99 are 1950–1999 (Python's cut is 68/69).
        XCTAssertEqual(MailDate.parse("1 Jan 55 00:00:00 +0000")?.timeIntervalSince1970, -473_385_600)  // 1955-01-01
        XCTAssertEqual(MailDate.parse("1 Jan 49 00:00:00 +0000")?.timeIntervalSince1970, 2_493_072_000)  // 2049-01-01
        // A comma with no space after it; the month before the day.
        XCTAssertEqual(MailDate.parse("Mon,5 Jan 2026 09:41:00 +0000")?.timeIntervalSince1970, 1_767_606_060)
        XCTAssertEqual(MailDate.parse("Mon, Jan 5 2026 09:41:00 +0000")?.timeIntervalSince1970, 1_767_606_060)
    }

    func testMessagesAreListedNewestFirstWithTheUndatedAfter() {
        func message(_ id: String, _ seconds: Double?) -> MailMessage {
            var message = MailMessage(id: id, sender: "Ana", subject: id, snippet: "", time: "")
            message.date = seconds.map(Date.init(timeIntervalSince1970:))
            return message
        }
        let listed = [message("a", 100), message("x", nil), message("b", 300), message("y", nil), message("c", 200), message("d", 300)].newestFirst()
        XCTAssertEqual(listed.map(\.id), ["b", "d", "c", "a", "x", "y"], "equal dates and undated ones keep their order")
    }
}
