import Foundation
import KineticRuntime

/// When each reschedule option brings a message back, from the moment it is chosen: Later today in three hours,
/// This evening at 19:00, Tomorrow at 08:00, This weekend on Saturday at 09:00, Next week on Monday at 08:00, In a
/// month at the same time a month on; Someday never. A time already past today moves to the next day (This evening
/// chosen at 20:00 is tomorrow evening), and "This weekend" chosen during a weekend is the next one.
public enum RescheduleMoment {
    /// The moment `option` names, chosen at `now` in `calendar`; `nil` for Someday (and Pick date, which asks).
    public static func date(for option: RescheduleOption, now: Date, calendar: Calendar) -> Date? {
        switch option {
        case .laterToday: return now.addingTimeInterval(3 * 3600)
        case .thisEvening: return next(hour: 19, after: now, calendar: calendar)
        case .tomorrow:
            let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
            return calendar.date(bySettingHour: 8, minute: 0, second: 0, of: tomorrow)
        case .thisWeekend: return next(weekday: 7, hour: 9, after: now, calendar: calendar)   // Saturday
        case .nextWeek: return next(weekday: 2, hour: 8, after: now, calendar: calendar)      // Monday
        case .inAMonth: return calendar.date(byAdding: .month, value: 1, to: now)
        case .someday, .pickDate: return nil
        }
    }

    /// The first `hour`:00 after `now`: today's, or tomorrow's when today's has passed.
    static func next(hour: Int, after now: Date, calendar: Calendar) -> Date? {
        calendar.nextDate(after: now, matching: DateComponents(hour: hour, minute: 0, second: 0), matchingPolicy: .nextTime)
    }

    /// The first `weekday` (1 Sunday … 7 Saturday) at `hour`:00 after `now`, not counting the day `now` is in.
    static func next(weekday: Int, hour: Int, after now: Date, calendar: Calendar) -> Date? {
        let endOfToday = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
        return calendar.nextDate(after: endOfToday.addingTimeInterval(-1), matching: DateComponents(hour: hour, minute: 0, second: 0, weekday: weekday),
                                 matchingPolicy: .nextTime)
    }

    /// How a Later row says when it comes back, as seen at `now`, in the run's language: "Today 19:00", "Tomorrow
    /// 08:00", "Sat 09:00" within the week, "5 Feb 09:00" further on, or "Someday" (`DateWords`).
    public static func label(for until: Date?, now: Date, calendar: Calendar, texts: Localization = .english) -> String {
        guard let until else { return texts(RescheduleOption.someday.text) }
        let words = DateWords(texts)
        let clock = words.time(until, calendar: calendar)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: until)).day ?? 0
        let day: String
        switch days {
        case ...0: day = words.today
        case 1: day = words.tomorrow
        case 2...6: day = words.weekday(until, calendar: calendar)
        default: day = words.dayMonth(until, calendar: calendar)
        }
        return texts(MailboxText.dayAndTime, ["day": day, "time": clock])
    }
}
