import Foundation
import KineticData
import KineticRuntime

/// How a message's row and the reader say when it was written, as mail programs say it, in the person's language and
/// time zone (the calendar's), seen from `now` on the stage's clock:
///
/// - today: its time ("09:41");
/// - in the six days before: its weekday ("Wed");
/// - earlier this year, or later (a sender's clock ahead): its day and month ("5 Feb");
/// - another year: with the year ("5 Feb 2019");
/// - in the reader, the whole moment ("Sat 28 Nov 2026 09:12").
///
/// A message with no date (a document's) says its `time` as written, in English; in another language, what it says
/// ("9:41 AM", "Yesterday", "Mon", "Oct 10": `WrittenTime`) in that language's words. One in Later says when it comes
/// back.
enum MessageTime {
    /// What a row says.
    static func row(_ message: MailMessage, placement: Placement, now: Date, calendar: Calendar, texts: Localization) -> String {
        if placement.list == .later { return RescheduleMoment.label(for: placement.until, now: now, calendar: calendar, texts: texts) }
        guard let date = message.date else { return WrittenTime.said(message.time, now: now, calendar: calendar, texts: texts) }
        let words = DateWords(texts)
        if calendar.isDate(date, inSameDayAs: now) { return words.time(date, calendar: calendar) }
        let daysAgo = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if (1...6).contains(daysAgo) { return words.weekday(date, calendar: calendar) }
        if calendar.component(.year, from: date) == calendar.component(.year, from: now) { return words.dayMonth(date, calendar: calendar) }
        return words.dayMonthYear(date, calendar: calendar)
    }

    /// What the reader says: the whole moment, or the document's `time`.
    static func whole(_ message: MailMessage, now: Date, calendar: Calendar, texts: Localization) -> String {
        message.date.map { DateWords(texts).whole($0, calendar: calendar) } ?? WrittenTime.said(message.time, now: now, calendar: calendar, texts: texts)
    }
}
