import Foundation
import KineticRuntime

/// A time a message document writes as words instead of a date (the bundled sample's and a served document's `time`:
/// "9:41 AM", "Yesterday", "Mon", "Oct 10"), read for what it says, so a row in French says "09:41", "Hier", "lun."
/// and "10 oct." as a dated message's row would. What it is not (any other words) is shown as written; English keeps
/// the words as written, as the seed's sample shows them.
enum WrittenTime: Equatable {
    /// A time of day today, on the 24-hour clock.
    case clock(hour: Int, minute: Int)
    /// The day before today.
    case yesterday
    /// A weekday of the six days before today (1 Sunday … 7 Saturday, as `Calendar` counts).
    case weekday(Int)
    /// A day of a month of this year.
    case dayOfMonth(month: Int, day: Int)

    /// What `text` says, when it is one of the forms above in English ("9:41 AM", "21:05", "Yesterday", "Mon",
    /// "Monday", "Oct 10", "10 Oct"); `nil` otherwise.
    init?(_ text: String) {
        let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        func month(_ word: String) -> Int? { months.firstIndex(of: String(word.lowercased().prefix(3))).map { $0 + 1 } }
        func day(_ word: String) -> Int? { Int(word).flatMap { (1...31).contains($0) ? $0 : nil } }
        switch words.count {
        case 1 where words[0].lowercased() == "yesterday":
            self = .yesterday
        case 1 where words[0].contains(":"):
            guard let clock = Self.clock(words[0], meridiem: nil) else { return nil }
            self = clock
        case 1:
            let word = words[0].lowercased()
            let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
            guard let index = weekdays.firstIndex(of: word) ?? full.firstIndex(of: word) else { return nil }
            self = .weekday(index + 1)
        case 2 where words[0].contains(":"):
            guard let clock = Self.clock(words[0], meridiem: words[1].uppercased()) else { return nil }
            self = clock
        case 2:
            if let month = month(words[0]), let day = day(words[1]), words[0].count >= 3 { self = .dayOfMonth(month: month, day: day) }
            else if let day = day(words[0]), let month = month(words[1]), words[1].count >= 3 { self = .dayOfMonth(month: month, day: day) }
            else { return nil }
        default:
            return nil
        }
    }

    /// "9:41" with "AM", "PM" or none (24-hour).
    private static func clock(_ text: String, meridiem: String?) -> WrittenTime? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, var hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute) else { return nil }
        switch meridiem {
        case nil: guard (0..<24).contains(hour) else { return nil }
        case "AM"?, "PM"?:
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        default: return nil
        }
        return .clock(hour: hour, minute: minute)
    }

    /// `text` in the run's language, seen from `now`: as written in English (and the pseudo-locale), or when it says
    /// none of the forms above.
    static func said(_ text: String, now: Date, calendar: Calendar, texts: Localization) -> String {
        guard DateWords.languageOfDates(texts) != nil, let time = WrittenTime(text) else { return text }
        let words = DateWords(texts)
        let today = calendar.startOfDay(for: now)
        switch time {
        case .yesterday:
            return words.yesterday
        case .clock(let hour, let minute):
            guard let date = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: today) else { return text }
            return words.time(date, calendar: calendar)
        case .weekday(let weekday):
            // The last such weekday before today (a week ago when today is one).
            let back = (calendar.component(.weekday, from: today) - weekday + 6) % 7 + 1
            guard let date = calendar.date(byAdding: .day, value: -back, to: today) else { return text }
            return words.weekday(date, calendar: calendar)
        case .dayOfMonth(let month, let day):
            var parts = calendar.dateComponents([.year], from: today)
            (parts.month, parts.day) = (month, day)
            guard let date = calendar.date(from: parts) else { return text }
            return words.dayMonth(date, calendar: calendar)
        }
    }
}
