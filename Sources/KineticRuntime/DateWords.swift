import Foundation

/// How a run says a day and a time in the person's language: "Today" and "Tomorrow" from the catalogue; other days by
/// the locale's own abbreviated weekday, day and month, in its order ("mer. 7 janv.", "أربعاء، 7 يناير"), from
/// Foundation's formatters with ICU behind them; times on the 24-hour clock, in the locale's form.
///
/// English keeps the app's own form ("Wed 7 Jan", "5 Feb 09:00"), which it has always shown and its scenarios were
/// drawn with; the pseudo-locale too, so its days read as English's do.
public struct DateWords: Sendable {
    /// The run's texts: "Today", "Tomorrow", and the language the other words follow.
    public let texts: Localization

    /// The language the names follow when it was given apart from `texts` (`init(language:)`).
    private let language: String?

    /// Days and times said in `texts`' language.
    public init(_ texts: Localization = .english) {
        self.texts = texts
        language = nil
    }

    /// Dates and times (not "Today" and "Tomorrow", which need the catalogue) in `language`, or the app's own English
    /// form when `nil` (`languageOfDates`): for rules that keep a language's name in their state, not its catalogue.
    public init(language: String?) {
        texts = .english
        self.language = language
    }

    /// The language `texts`' dates follow: `nil` for the app's own English form.
    public static func languageOfDates(_ texts: Localization) -> String? { texts.catalogues.isEmpty ? nil : texts.language }

    /// The locale the names come from: the catalogue's language, or `nil` for the app's own English form.
    private var locale: Locale? { (language ?? Self.languageOfDates(texts)).map { Locale(identifier: $0) } }

    /// "Today".
    public var today: String { texts(EngineText.today) }
    /// "Tomorrow".
    public var tomorrow: String { texts(EngineText.tomorrow) }
    /// "Yesterday".
    public var yesterday: String { texts(EngineText.yesterday) }

    /// A day as a picker's row or a list's date says it: weekday, day and month ("Wed 7 Jan").
    public func weekdayDayMonth(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "EEEdMMM") { calendar in
            "\(weekdayName(date, calendar)) \(calendar.component(.day, from: date)) \(monthName(date, calendar))"
        }
    }

    /// A weekday alone ("Sat").
    public func weekday(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "EEE") { weekdayName(date, $0) }
    }

    /// A day and month ("5 Feb").
    public func dayMonth(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "dMMM") { "\($0.component(.day, from: date)) \(monthName(date, $0))" }
    }

    /// A day, month and year ("5 Feb 2019").
    public func dayMonthYear(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "dMMMy") { "\($0.component(.day, from: date)) \(monthName(date, $0)) \($0.component(.year, from: date))" }
    }

    /// A whole moment: weekday, day, month, year and time ("Sat 28 Nov 2026 09:12").
    public func whole(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "EEEdMMMyHHmm") { calendar in
            "\(weekdayName(date, calendar)) \(calendar.component(.day, from: date)) \(monthName(date, calendar)) \(calendar.component(.year, from: date)) "
                + time(date, calendar: calendar)
        }
    }

    /// A time of day on the 24-hour clock ("09:00").
    public func time(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, template: "HHmm") { calendar in
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
    }

    /// `date` by the locale's pattern for `template` (its skeleton: which fields, never their order), in `calendar`'s
    /// time zone; in English, `english`'s own form.
    private func format(_ date: Date, calendar: Calendar, template: String, english: (Calendar) -> String) -> String {
        guard let locale else {
            // A calendar with no locale names months "M01": English names, whatever the machine's.
            var calendar = calendar
            calendar.locale = Locale(identifier: "en_US_POSIX")
            return english(calendar)
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
        return formatter.string(from: date)
    }

    private func weekdayName(_ date: Date, _ calendar: Calendar) -> String {
        calendar.shortWeekdaySymbols[(calendar.component(.weekday, from: date) - 1 + 7) % 7]
    }

    private func monthName(_ date: Date, _ calendar: Calendar) -> String {
        calendar.shortMonthSymbols[(calendar.component(.month, from: date) - 1 + 12) % 12]
    }
}
