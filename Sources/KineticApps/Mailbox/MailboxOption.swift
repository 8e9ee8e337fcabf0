import KineticRuntime

/// A choice saved by its id (its raw value) and shown by its text.
public protocol SavedChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// What a person reads for it, in English and by key for the catalogues.
    var text: LocalizedText { get }
}

extension SavedChoice {
    /// Its English title (what files written before ids held).
    public var title: String { text.english }

    /// The choice a saved placement names: by its id, or by the English title that files written before ids held.
    public init?(saved: String) {
        guard let choice = Self(rawValue: saved) ?? Self.allCases.first(where: { $0.title == saved }) else { return nil }
        self = choice
    }
}

/// A reschedule option of the seed's grid, by what it means. Its id (the raw value) is what is decided on and saved;
/// its title is what a person reads, and may be translated or renamed without changing what the rules do or what
/// saved files mean.
public enum RescheduleOption: String, SavedChoice {
    case laterToday = "later-today"
    case thisEvening = "this-evening"
    case tomorrow
    case thisWeekend = "this-weekend"
    case nextWeek = "next-week"
    case inAMonth = "in-a-month"
    case someday
    /// Opens the date picker rather than naming a moment.
    case pickDate = "pick-date"

    /// What the grid shows.
    public var text: LocalizedText {
        switch self {
        case .laterToday: return LocalizedText("mailbox.option.later-today", "Later today")
        case .thisEvening: return LocalizedText("mailbox.option.this-evening", "This evening")
        case .tomorrow: return LocalizedText("mailbox.option.tomorrow", "Tomorrow")
        case .thisWeekend: return LocalizedText("mailbox.option.this-weekend", "This weekend")
        case .nextWeek: return LocalizedText("mailbox.option.next-week", "Next week")
        case .inAMonth: return LocalizedText("mailbox.option.in-a-month", "In a month")
        case .someday: return LocalizedText("mailbox.option.someday", "Someday")
        case .pickDate: return LocalizedText("mailbox.option.pick-date", "Pick date")
        }
    }
}

/// A list a message can be filed in, by id (the raw value: saved, and in identifiers such as `list.to-read`); its
/// title is what a person reads.
public enum MailList: String, SavedChoice {
    case toRead = "to-read"
    case toBuy = "to-buy"
    case toWatch = "to-watch"
    case travel

    /// The list's name, in the options, the menu and the bar.
    public var text: LocalizedText {
        switch self {
        case .toRead: return LocalizedText("mailbox.list.to-read", "To Read")
        case .toBuy: return LocalizedText("mailbox.list.to-buy", "To Buy")
        case .toWatch: return LocalizedText("mailbox.list.to-watch", "To Watch")
        case .travel: return LocalizedText("mailbox.list.travel", "Travel")
        }
    }
}

/// One of the options a left swipe opens: a moment to come back at, or a list to file into.
public enum MailboxOption: Equatable, Sendable {
    case reschedule(RescheduleOption)
    case list(MailList)

    /// What the option's cell shows.
    public var text: LocalizedText {
        switch self {
        case .reschedule(let option): return option.text
        case .list(let list): return list.text
        }
    }

    /// Its id, in layer identifiers (`option.tomorrow`, `option.to-read`).
    public var id: String {
        switch self {
        case .reschedule(let option): return option.rawValue
        case .list(let list): return list.rawValue
        }
    }
}
