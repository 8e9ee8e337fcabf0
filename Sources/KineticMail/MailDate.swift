import Foundation
import KineticData

/// A message's Date header read as the moment it names (RFC 5322 §3.3, with §4.3's obsolete forms that real mail
/// still carries): `Fri, 21 Nov 1997 09:55:06 -0600`, `21 Nov 97 09:55:06 GMT`, `Thu, 13 Feb 1969 23:32 -0330
/// (Newfoundland Time)`, folded over lines, with or without the weekday and the seconds.
///
/// Zones: a numeric offset; UT, GMT and Z; the American zones RFC 5322 lists (EST, EDT, CST, CDT, MST, MDT, PST, PDT);
/// none, or one it does not know (a military letter, `CET`), read as UTC, as the RFC says of `-0000`. Two-digit years
/// are 2000–2049 for 00–49 and 1950–1999 for 50–99, three-digit years 1900 and on (§4.3). A weekday that does not match
/// the date is not a reason to refuse it. Anything else that is not a date is `nil`: the row then says nothing rather
/// than a wrong day.
package enum MailDate {
    /// The moment `text` names, or `nil` when it names none.
    package static func parse(_ text: String) -> Date? {
        var words = tokens(in: text)
        if let first = words.first, first.last == "," || weekdays.contains(String(first.prefix(3)).lowercased()) && first.allSatisfy(\.isLetter) {
            words.removeFirst()
        }
        words = words.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        // `00:01+0000`: a zone written against the time, as some programs do.
        if words.count >= 4, words[3].contains(":"), let sign = words[3].firstIndex(where: { $0 == "+" || $0 == "-" }) {
            let clock = words[3]
            words[3] = String(clock[..<sign])
            words.insert(String(clock[sign...]), at: 4)
        }
        guard words.count >= 4 else { return nil }
        // `21 Nov 1997` as the RFC writes it, or `Nov 21 1997` as some programs do.
        var (dayWord, monthWord) = (words[0], words[1])
        if month(monthWord) == nil, month(dayWord) != nil { swap(&dayWord, &monthWord) }
        guard let day = Int(dayWord), (1...31).contains(day), let month = month(monthWord), let year = year(words[2]),
              let clock = clock(words[3]) else { return nil }
        let offset = words.count >= 5 ? zoneOffset(words[4]) ?? 0 : 0
        guard day <= daysIn(month: month, year: year) else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + clock.hour * 3_600 + clock.minute * 60 + clock.second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The words of `text` with comments (nested parentheses) and folding taken out.
    private static func tokens(in text: String) -> [String] {
        var plain = "", depth = 0
        for character in text.prefix(300) {
            switch character {
            case "(": depth += 1; plain.append(" ")
            case ")": depth = max(depth - 1, 0); plain.append(" ")
            default: if depth == 0 { plain.append(character.isWhitespace ? " " : character) }
            }
        }
        // `Fri,21 Nov` holds no space after its comma.
        return plain.replacingOccurrences(of: ",", with: ", ").split(separator: " ").map(String.init)
    }

    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// 1–12 for a month's English name or its first three letters.
    private static func month(_ word: String) -> Int? {
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
        return months.firstIndex(of: String(word.prefix(3)).lowercased()).map { $0 + 1 }
    }

    private static func year(_ word: String) -> Int? {
        guard word.allSatisfy(\.isNumber), let number = Int(word) else { return nil }
        switch word.count {
        case 2: return number < 50 ? 2000 + number : 1900 + number
        case 3: return 1900 + number
        case 4: return number >= 1900 ? number : nil
        default: return nil
        }
    }

    private static func clock(_ word: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        let (hour, minute, second) = (parts[0] ?? 0, parts[1] ?? 0, parts.count == 3 ? parts[2] ?? 0 : 0)
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        return (hour, minute, min(second, 59))
    }

    /// Seconds east of UTC: `+0900` → 32,400; `EST` → −18,000; `nil` for what is no zone.
    private static func zoneOffset(_ word: String) -> Int? {
        if let sign = word.first, sign == "+" || sign == "-", word.count == 5, let digits = Int(word.dropFirst()), word.dropFirst().allSatisfy(\.isNumber) {
            let (hours, minutes) = (digits / 100, digits % 100)
            guard minutes < 60 else { return nil }
            return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        }
        let named = ["UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7]
        return named[word.uppercased()].map { $0 * 3_600 }
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to the proleptic Gregorian `year`-`month`-`day` (negative before it).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Counted from 1 March, so the leap day is the year's last: era of 400 years, then day of era.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Array where Element == MailMessage {
    /// The messages by their Date, newest first, as mail programs list them; those without one keep their place
    /// relative to each other, after the dated ones. Sorted whatever order the servers gave (UIDs, accounts).
    package func newestFirst() -> [MailMessage] {
        enumerated().sorted { first, second in
            switch (first.element.date, second.element.date) {
            case let (a?, b?) where a != b: return a > b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return first.offset < second.offset
            }
        }.map(\.element)
    }
}
