import Foundation

/// When each message in the server's Later mailbox comes back to the Inbox, kept on the server itself so that a
/// relaunch, or the Mailbox on another machine, finds it.
///
/// IMAP keeps no dates of a person's choosing on a message, and a keyword per moment would soon fill a server's
/// keywords (Dovecot's maildir holds 26 per mailbox), so the schedule is one message of its own in the Later mailbox:
/// marked by its `X-Kinetic-Schedule: later` header, read and deleted (`\Seen`), its text a line per message:
///
///     <message-id@example.org> 2026-11-27T08:00:00Z tomorrow
///     <other@example.org> someday someday
///
/// The Message-ID, the moment in UTC (ISO 8601, or `someday`), and the option chosen. Each change writes a new
/// schedule and then removes the old one; two machines writing at once keep the later write (documented in mail.md).
struct LaterSchedule: Equatable {
    /// One message's return.
    struct Entry: Equatable {
        /// When it comes back; `nil` for Someday.
        var until: Date?
        /// The option chosen (`tomorrow`), when it is one the line can hold.
        var option: String?
    }

    /// The header that marks the schedule, and its value.
    static let header = (name: "X-Kinetic-Schedule", value: "later")
    /// The most entries read from one schedule (a Later mailbox's worth, not an endless text).
    static let entryLimit = 100_000

    /// Each message's return, by Message-ID.
    var entries: [String: Entry] = [:]

    /// An empty schedule, or the one `entries` says.
    init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The schedule a message's text says, line by line: a line that is not an entry is passed by, and costs only
    /// itself.
    init(text: String) {
        for line in text.split(whereSeparator: \.isNewline).prefix(Self.entryLimit) {
            let words = line.split(separator: " ")
            guard words.count >= 2, let messageID = words.first.map(String.init), Self.isWritable(messageID) else { continue }
            let until: Date?
            if words[1] == "someday" {
                until = nil
            } else if let moment = Self.moment(String(words[1])) {
                until = moment
            } else {
                continue
            }
            let option = words.count >= 3 ? String(words[2]) : nil
            entries[messageID] = Entry(until: until, option: option.flatMap { Self.isWritable(option: $0) ? $0 : nil })
        }
    }

    /// The text of the schedule's message: a sentence for a person who opens it in another program, then the lines.
    var text: String {
        let formatter = Self.momentFormatter()
        let lines = entries.keys.sorted().compactMap { messageID -> String? in
            guard let entry = entries[messageID] else { return nil }
            let moment = entry.until.map { Self.formatted($0, with: formatter) } ?? "someday"
            return ([messageID, moment] + (entry.option.map { [$0] } ?? [])).joined(separator: " ")
        }
        return (["Kinetic's Mailbox keeps here when each message in Later comes back to the Inbox."] + lines).joined(separator: "\r\n") + "\r\n"
    }

    /// The schedule as a message to APPEND, from `address`, dated `date`, with a Message-ID of its own (RFC 5322 says
    /// every message should have one; other mail programs thread and dedupe by it).
    func message(from address: String, date: Date) -> [UInt8] {
        let domain = address.split(separator: "@").last.map(String.init) ?? "kinetic.localdomain"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm:ss '+0000'"
        let headers = ["From: \(address)", "Subject: Later: when each message comes back", "Date: \(formatter.string(from: date))",
                       "Message-ID: <later-\(UUID().uuidString.lowercased())@\(domain)>",
                       "\(Self.header.name): \(Self.header.value)", "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8"]
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n" + text).utf8)
    }

    /// Whether a Message-ID can be a line's first word: printable ASCII without spaces, at most 500 characters. A
    /// message whose Message-ID cannot keeps its moment on this machine only.
    static func isWritable(_ messageID: String) -> Bool {
        !messageID.isEmpty && messageID.utf8.count <= 500 && messageID.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Whether an option id can be a line's last word: lowercase letters, digits and `-`, at most 40.
    static func isWritable(option: String) -> Bool {
        !option.isEmpty && option.count <= 40 && option.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// `2026-11-27T08:00:00Z`: whole seconds, UTC (`formatter`, made once for a whole schedule, or one of its own).
    static func formatted(_ date: Date, with formatter: ISO8601DateFormatter = momentFormatter()) -> String {
        formatter.string(from: date)
    }

    /// A formatter of moments as the schedule writes them.
    static func momentFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }

    /// The moment a line's second word says (`2026-11-27T08:00:00Z`, exactly so), or `nil` when it is not one. Read by
    /// hand, digit by digit: a schedule of thousands of lines makes no formatter per line.
    static func moment(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } : nil
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        return Date(timeIntervalSince1970: Double(daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Days from 1970-01-01 to a date of the Gregorian calendar: whole 400-year eras of 146,097 days, counted from a
    /// year that starts in March so that February's leap day falls at a year's end.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension IMAPSession {
    /// The schedule the open mailbox's schedule messages (`uids`) say together, the newest's line winning for a
    /// message both name. Each is read up to 4 MB.
    func laterSchedule(in uids: [UInt64]) async throws -> LaterSchedule {
        guard !uids.isEmpty else { return LaterSchedule() }
        let reply = try await run("UID FETCH \(IMAPUIDSet.compressed(uids)) (UID BODY.PEEK[TEXT]<0.4000000>)")
        let texts = reply.fetched.compactMap { fetched -> (uid: UInt64, text: String)? in
            guard let uid = fetched.uid, uids.contains(uid), let bytes = fetched.bytes(prefixed: "BODY[TEXT]") else { return nil }
            return (uid, String(decoding: bytes, as: UTF8.self))
        }
        var schedule = LaterSchedule()
        for (_, text) in texts.sorted(by: { $0.uid < $1.uid }) {
            schedule.entries.merge(LaterSchedule(text: text).entries) { _, newer in newer }
        }
        return schedule
    }

    /// Writes `entry` for `messageID` into the schedule of the Later mailbox `later`: the schedule read, the lines of
    /// messages no longer in Later left out, the new one appended, read, and then the old ones deleted (by UID, when
    /// the server offers UIDPLUS; else they are only marked deleted, and the newest is read last).
    func schedule(_ messageID: String, _ entry: LaterSchedule.Entry, in later: String, from address: String) async throws {
        _ = try await select(later)
        let headers = try await self.headers(of: try await allUIDs())
        let old = headers.filter { IMAPMailServer.isSchedule($0, writtenBy: address) }
        var schedule = try await laterSchedule(in: old.filter { !$0.flags.contains("\\Deleted") }.map(\.uid))
        let inLater = Set(headers.compactMap { $0.fields["message-id"] })
        schedule.entries = schedule.entries.filter { inLater.contains($0.key) }
        if LaterSchedule.isWritable(messageID) { schedule.entries[messageID] = entry }
        try await append(schedule.message(from: address, date: Date()), to: later, flags: ["\\Seen"])
        try await deleteMessages(old.map(\.uid))
    }
}
