import Foundation
import XCTest
@testable import KineticRuntime

/// The date picker's wheels read as a calendar reads: a day from today, an hour, a minute in fives.
final class DateWheelsTests: XCTestCase {
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!  // a fixed identifier Foundation always knows
        return calendar
    }

    /// 2026-01-05 is a Monday (1 January 2026 was a Thursday).
    private func date(_ day: Int, _ hour: Int, _ minute: Int, month: Int = 1) -> Date {
        utc.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!  // a valid date
    }

    func testTheRowsNameADayFromTodayAnHourAndAMinute() {
        let wheels = DateWheels(now: date(5, 9, 0), calendar: utc)
        XCTAssertEqual(wheels.date(rows: [0, 10, 0]), date(5, 10, 0))
        XCTAssertEqual(wheels.date(rows: [2, 19, 6]), date(7, 19, 30), "two days on, 19:30 (six steps of five minutes)")
        XCTAssertEqual(wheels.date(rows: [27, 0, 11]), date(1, 0, 55, month: 2), "27 days after 5 January is 1 February")
        XCTAssertNil(wheels.date(rows: [0, 1]), "three wheels or none")
    }

    func testTheColumnsSayTodayTomorrowThenTheWeekdayAndDate() {
        let columns = DateWheels(now: date(5, 9, 0), calendar: utc).columns
        XCTAssertEqual(columns.map(\.name), ["day", "hour", "minute"])
        XCTAssertEqual(Array(columns[0].titles.prefix(4)), ["Today", "Tomorrow", "Wed 7 Jan", "Thu 8 Jan"])
        XCTAssertEqual(columns[0].values[2], "2026-01-07")
        XCTAssertEqual(columns[0].titles.count, 366)
        XCTAssertEqual(columns[1].titles.first, "00")
        XCTAssertEqual(columns[1].titles.last, "23")
        XCTAssertEqual(columns[2].titles, ["00", "05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"])
    }

    func testThePickerOpensOnTheNextWholeHour() {
        XCTAssertEqual(DateWheels(now: date(5, 9, 0), calendar: utc).initialRows, [0, 10, 0])
        XCTAssertEqual(DateWheels(now: date(5, 9, 41), calendar: utc).initialRows, [0, 10, 0])
        XCTAssertEqual(DateWheels(now: date(5, 23, 10), calendar: utc).initialRows, [1, 0, 0], "after 23:00 it is tomorrow at midnight")
    }
}
