import Foundation

/// The three wheels of a date-and-time picker (day, hour, minute) and the date their rows name, worked in a given
/// calendar from a given moment: plain data, so the rows a scenario turns give the same date on every machine.
///
/// Days run from today for a year (`Today`, `Tomorrow`, then `Wed 7 Jan`); hours 00–23; minutes in steps of
/// `minuteStep` (5 by default: a time to be reminded at, where a single minute is noise and makes the wheel twelve
/// times longer).
public struct DateWheels: Sendable {
    /// The moment the picker opened at, and the calendar its days and hours are read in.
    public let now: Date
    /// The calendar the days and hours are worked in: its time zone decides where a day starts.
    public let calendar: Calendar
    /// Minutes between the minute wheel's rows, from 1 to 30.
    public let minuteStep: Int
    /// How many days the day wheel offers, today first.
    public static let dayCount = 366

    /// How the day wheel's rows are said: in the run's language.
    public let words: DateWords

    /// Wheels counted from `now` in `calendar`, their days said in `words`; a `minuteStep` outside 1…30 is held to
    /// the nearer end.
    public init(now: Date, calendar: Calendar, minuteStep: Int = 5, words: DateWords = DateWords()) {
        self.now = now
        self.calendar = calendar
        self.minuteStep = min(max(minuteStep, 1), 30)
        self.words = words
    }

    /// The wheels' columns, `day`, `hour` and `minute`, with their widths.
    public var columns: [WheelPicker.Column] {
        let today = calendar.startOfDay(for: now)
        var dayTitles: [String] = [], dayValues: [String] = []
        for offset in 0..<Self.dayCount {
            let day = calendar.date(byAdding: .day, value: offset, to: today) ?? today
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            dayValues.append(String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1))
            switch offset {
            case 0: dayTitles.append(words.today)
            case 1: dayTitles.append(words.tomorrow)
            default: dayTitles.append(words.weekdayDayMonth(day, calendar: calendar))
            }
        }
        let hours = (0..<24).map { String(format: "%02d", $0) }
        let minutes = stride(from: 0, to: 60, by: minuteStep).map { String(format: "%02d", $0) }
        return [
            WheelPicker.Column(name: "day", titles: dayTitles, values: dayValues, width: 200, spokenName: words.texts(EngineText.day)),
            WheelPicker.Column(name: "hour", titles: hours, values: hours, width: 90, spokenName: words.texts(EngineText.hour)),
            WheelPicker.Column(name: "minute", titles: minutes, values: minutes, width: 90, spokenName: words.texts(EngineText.minute)),
        ]
    }

    /// The date the rows name: the day `rows[0]` days from today, at `rows[1]` o'clock and `rows[2]` steps of minutes.
    public func date(rows: [Int]) -> Date? {
        guard rows.count == 3 else { return nil }
        let today = calendar.startOfDay(for: now)
        let day = min(max(rows[0], 0), Self.dayCount - 1)
        let hour = min(max(rows[1], 0), 23)
        let minute = min(max(rows[2], 0), 60 / minuteStep - 1) * minuteStep
        guard let date = calendar.date(byAdding: .day, value: day, to: today) else { return nil }
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: date)
    }

    /// The rows the picker opens on: the next whole hour after `now` (today's, or tomorrow's at midnight).
    public var initialRows: [Int] {
        let next = calendar.nextDate(after: now, matching: DateComponents(minute: 0, second: 0), matchingPolicy: .nextTime) ?? now
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: next)).day ?? 0
        return [min(max(days, 0), Self.dayCount - 1), calendar.component(.hour, from: next), 0]
    }
}
