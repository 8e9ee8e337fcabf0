import XCTest
@testable import KineticApps
import Foundation

/// The moments the reschedule options name, worked out by hand on a calendar: chosen on Monday 5 January 2026 at
/// 09:00 UTC, and on Saturday 10 January at 20:00.
final class RescheduleMomentTests: XCTestCase {
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!  // a fixed identifier Foundation always knows
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    private func date(_ day: Int, _ month: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        utc.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!  // a valid date
    }

    func testEachOptionNamesItsMoment() {
        let monday = date(5, 1, 9)
        let expected: [(RescheduleOption, Date?)] = [
            (.laterToday, date(5, 1, 12)), (.thisEvening, date(5, 1, 19)), (.tomorrow, date(6, 1, 8)),
            (.thisWeekend, date(10, 1, 9)), (.nextWeek, date(12, 1, 8)), (.inAMonth, date(5, 2, 9)), (.someday, nil),
        ]
        for (option, moment) in expected {
            XCTAssertEqual(RescheduleMoment.date(for: option, now: monday, calendar: utc), moment, option.title)
        }
        let saturdayNight = date(10, 1, 20)
        XCTAssertEqual(RescheduleMoment.date(for: .thisEvening, now: saturdayNight, calendar: utc), date(11, 1, 19), "past 19:00: tomorrow's")
        XCTAssertEqual(RescheduleMoment.date(for: .thisWeekend, now: saturdayNight, calendar: utc), date(17, 1, 9), "during a weekend: the next")
        XCTAssertEqual(RescheduleMoment.date(for: .nextWeek, now: saturdayNight, calendar: utc), date(12, 1, 8))
    }

    func testTheLaterListSaysWhenEachComesBack() {
        let monday = date(5, 1, 9)
        XCTAssertEqual(RescheduleMoment.label(for: date(5, 1, 12), now: monday, calendar: utc), "Today 12:00")
        XCTAssertEqual(RescheduleMoment.label(for: date(6, 1, 8), now: monday, calendar: utc), "Tomorrow 08:00")
        XCTAssertEqual(RescheduleMoment.label(for: date(10, 1, 9), now: monday, calendar: utc), "Sat 09:00")
        XCTAssertEqual(RescheduleMoment.label(for: date(5, 2, 9), now: monday, calendar: utc), "5 Feb 09:00")
        XCTAssertEqual(RescheduleMoment.label(for: nil, now: monday, calendar: utc), "Someday")
    }
}
