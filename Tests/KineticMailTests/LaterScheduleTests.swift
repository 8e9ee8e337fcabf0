import XCTest
import Foundation
import KineticData
@testable import KineticMail

/// Later's moments as the server keeps them (`LaterSchedule`), and which mailbox holds which list (`ServerPlaces`).
final class LaterScheduleTests: XCTestCase {
    /// 2026-11-27 08:00:00 UTC, worked out by hand: 1970-01-01 to 2026-01-01 is 56 × 365 + 14 leap days = 20,454
    /// days; January to October 2026 add 304 and November 26 more: 20,784 days, plus 8 hours.
    private let tomorrowEight = Date(timeIntervalSince1970: 20_784 * 86_400 + 8 * 3_600)

    func testAScheduleReadsBackWhatItWrote() {
        let schedule = LaterSchedule(entries: ["<lunch@example.org>": .init(until: tomorrowEight, option: "tomorrow"),
                                               "<slides@example.org>": .init(until: nil, option: "someday")])
        let lines = schedule.text.components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("<lunch@example.org> 2026-11-27T08:00:00Z tomorrow"), "\(lines)")
        XCTAssertTrue(lines.contains("<slides@example.org> someday someday"), "\(lines)")
        XCTAssertEqual(LaterSchedule(text: schedule.text), schedule)
    }

    func testABadLineCostsOnlyItself() {
        let text = """
        A sentence for people.
        <a@example.org> 2026-11-27T08:00:00Z tomorrow
        <b@example.org> next-tuesday tomorrow
        <c@example.org>
        <d@example.org> someday SOME/THING
        """
        let schedule = LaterSchedule(text: text)
        XCTAssertEqual(schedule.entries, ["<a@example.org>": .init(until: tomorrowEight, option: "tomorrow"),
                                          "<d@example.org>": .init(until: nil, option: nil)])
    }

    func testTheScheduleIsAMessageMarkedByItsHeader() {
        let bytes = LaterSchedule(entries: ["<a@example.org>": .init(until: nil, option: "someday")]).message(from: "ana@example.org", date: tomorrowEight)
        let text = String(decoding: bytes, as: UTF8.self)
        let headers = text.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        XCTAssertTrue(headers.contains("X-Kinetic-Schedule: later"), "\(headers)")
        XCTAssertTrue(headers.contains("Date: Fri, 27 Nov 2026 08:00:00 +0000"), "\(headers)")
        XCTAssertTrue(headers.contains { $0.hasPrefix("Message-ID: <later-") && $0.hasSuffix("@example.org>") }, "a Message-ID of its own: \(headers)")
        XCTAssertTrue(text.hasSuffix("<a@example.org> someday someday\r\n"))
    }

    func testEachListHasAMailboxOfItsOwn() {
        let places = ServerPlaces([
            IMAPMailbox(name: "INBOX", attributes: [], delimiter: "."),
            IMAPMailbox(name: "Old Mail", attributes: ["\\Archive"], delimiter: "."),
            IMAPMailbox(name: "Deleted Items", attributes: ["\\Trash"], delimiter: "."),
            IMAPMailbox(name: "Later", attributes: [], delimiter: "."),
            IMAPMailbox(name: "Lists", attributes: ["\\Noselect"], delimiter: "."),
            IMAPMailbox(name: "Lists.to-read", attributes: [], delimiter: "."),
            IMAPMailbox(name: "Lists.to-read.deeper", attributes: [], delimiter: "."),
        ], namespace: IMAPNamespace(prefix: "", delimiter: "."))
        XCTAssertEqual(places.mailbox(for: Placement(.archive)), "Old Mail", "the special use wins over the name")
        XCTAssertEqual(places.mailbox(for: Placement(.deleted)), "Deleted Items")
        XCTAssertEqual(places.mailbox(for: Placement(.later, "tomorrow")), "Later")
        XCTAssertEqual(places.mailbox(for: Placement(.list, "to-read")), "Lists.to-read")
        XCTAssertNil(places.mailbox(for: Placement(.list, "to-buy")), "not made yet")
        XCTAssertEqual(places.nameToCreate(for: Placement(.list, "to-buy")), "Lists.to-buy", "made with the server's delimiter")
        XCTAssertNil(places.nameToCreate(for: Placement(.list, "a.b")), "a name holding the delimiter would be a child")
        XCTAssertEqual(places.all.map(\.mailbox), ["INBOX", "Old Mail", "Deleted Items", "Later", "Lists.to-read", "Lists.to-read.deeper"],
                       "a mailbox under a list's is no list, but a folder of the person's")
        XCTAssertEqual(places.folders, ["Lists.to-read.deeper"])
    }
}
