import XCTest
@testable import KineticApps
import KineticData
import KineticRuntime
import Foundation

/// How rows and the reader say when a message was written, worked out by hand on a calendar: the person in Tokyo
/// (UTC+9, no summer time), looking on Saturday 28 November 2026 at 12:00 there (03:00 UTC).
final class MessageTimeTests: XCTestCase {
    private var tokyo: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
    /// 2026-11-28 03:00:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_795_834_800)

    private func row(_ utcSeconds: Double?, time: String = "", placement: Placement = .inbox) -> String {
        var message = MailMessage(id: "m", sender: "Ana", subject: "Hi", snippet: "", time: time)
        message.date = utcSeconds.map(Date.init(timeIntervalSince1970:))
        return MessageTime.row(message, placement: placement, now: now, calendar: tokyo, texts: .english)
    }

    func testARowSaysTodayATimeThisWeekADayOlderADateAnotherYearItsYear() {
        XCTAssertEqual(row(1_795_834_800 - 2.5 * 3600), "09:30", "this morning, on the person's clock")
        // Written at 00:30 on the sender's clock in London, 09:30 in Tokyo: the person's clock is what a row says.
        XCTAssertEqual(row(1_795_825_800), "09:30")
        XCTAssertEqual(row(1_795_834_800 - 12 * 3600 - 60), "Fri", "23:59 yesterday in Tokyo")
        XCTAssertEqual(row(1_795_834_800 - 3 * 86_400), "Wed")
        XCTAssertEqual(row(1_795_834_800 - 6 * 86_400), "Sun", "six days back: still its weekday")
        XCTAssertEqual(row(1_795_834_800 - 7 * 86_400), "21 Nov", "a week back: its date")
        XCTAssertEqual(row(1_767_225_600), "1 Jan", "1 January 2026 09:00 in Tokyo: this year")
        XCTAssertEqual(row(1_546_558_200), "4 Jan 2019", "3 January 2019 23:30 UTC is the 4th in Tokyo")
        XCTAssertEqual(row(1_795_834_800 + 2 * 86_400), "30 Nov", "a sender's clock ahead: its date, never a weekday")
        XCTAssertEqual(row(nil, time: "9:41 AM"), "9:41 AM", "a document's message says its time as written")
    }

    func testTheReaderSaysTheWholeMoment() {
        var message = MailMessage(id: "m", sender: "Ana", subject: "Hi", snippet: "", time: "")
        message.date = Date(timeIntervalSince1970: 1_546_558_200)
        XCTAssertEqual(MessageTime.whole(message, now: now, calendar: tokyo, texts: .english), "Fri 4 Jan 2019 08:30")
    }

    /// Issue #57: in French the bundled sample's rows said "Yesterday", "Mon", "Oct 10" and "9:41 AM". A time a
    /// document writes in words is read for what it says and said in the person's language (French's own abbreviations
    /// and 24-hour clock, as ICU has them); anything else stays as written, and English keeps every word as written.
    func testADocumentsWrittenTimeIsSaidInThePersonsLanguage() {
        let french = Localization(languages: ["fr"], catalogues: KineticApps.shippedCatalogues())
        func said(_ time: String, _ texts: Localization) -> String {
            MessageTime.row(MailMessage(id: "m", sender: "Ana", subject: "Hi", snippet: "", time: time), placement: .inbox, now: now, calendar: tokyo, texts: texts)
        }
        XCTAssertEqual(said("9:41 AM", french), "09:41")
        XCTAssertEqual(said("9:41 PM", french), "21:41")
        XCTAssertEqual(said("12:05 AM", french), "00:05", "12 AM is midnight")
        XCTAssertEqual(said("Yesterday", french), "Hier")
        XCTAssertEqual(said("Mon", french), "lun.", "the Monday before Saturday 28 November")
        XCTAssertEqual(said("Sat", french), "sam.", "a week ago: today is a Saturday")
        XCTAssertEqual(said("Oct 10", french), "10 oct.")
        XCTAssertEqual(said("soon", french), "soon", "no time in words: as written")
        XCTAssertEqual(said("13:75", french), "13:75", "no such time: as written")
        for time in ["9:41 AM", "Yesterday", "Mon", "Oct 10"] {
            XCTAssertEqual(said(time, .english), time, "English keeps the sample's words")
        }
    }
}
