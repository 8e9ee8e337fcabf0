import Foundation
import KineticData

/// What can happen to the reschedule and list options (and the date picker in their place), a child feature of the
/// Mailbox's (`MailboxAction.options`). They open when a swipe slides a message off; Undo closing them is the
/// Mailbox's.
public enum OptionsAction: Equatable, Sendable {
    /// An option chosen: a moment, Pick Date (the picker takes the grid's place), or a list.
    case choose(MailboxOption)
    /// The date picker's Schedule: the message comes back at `date` (refused unless `date` is after now).
    case schedule(Date)
    /// The date picker's Cancel (or Esc, or a tap outside it): back to the reschedule options.
    case cancelPicker
    /// A tap outside the options: the hide finishes, filed by the options' default (the seed's dismissal).
    case dismiss
}

/// What the options tell the Mailbox: where the message they are over goes (filing is the Mailbox's).
public enum OptionsOutcome: Equatable, Sendable {
    /// File the message at `placement`.
    case file(messageID: String, Placement)
}

/// The options' rules: their state (`nil` while closed) + action → new state + what the Mailbox is to do, pure. The
/// time and calendar a moment is worked out in come from the Mailbox.
public enum OptionsRules {
    /// Applies one action to the options, at `now` in `calendar`.
    public static func reduce(_ options: inout MailboxState.Options?, _ action: OptionsAction, now: Date,
                              calendar: Calendar) -> [OptionsOutcome] {
        guard let shown = options else { return [] }
        switch action {
        case .choose(let option):
            guard shown.kind != .date else { return [] }
            switch (shown.kind, option) {
            case (.reschedule, .reschedule(.pickDate)):
                options?.kind = .date  // the picker asks for the moment in the grid's place
                return []
            case (.reschedule, .reschedule(let moment)):
                let until = RescheduleMoment.date(for: moment, now: now, calendar: calendar)
                return [.file(messageID: shown.messageID, Placement(.later, moment.rawValue, until: until))]
            case (.list, .list(let list)):
                return [.file(messageID: shown.messageID, Placement(.list, list.rawValue))]
            default:
                return []  // an option of the other sheet: not one on offer
            }
        case .schedule(let date):
            guard shown.kind == .date, date > now else { return [] }
            return [.file(messageID: shown.messageID, Placement(.later, RescheduleOption.pickDate.rawValue, until: date))]
        case .cancelPicker:
            guard shown.kind == .date else { return [] }
            options?.kind = .reschedule
            return []
        case .dismiss:
            if shown.kind == .date {
                options?.kind = .reschedule  // a tap outside the picker cancels it, as its Cancel does
                return []
            }
            // The seed's dismissal finishes the hide: the message is filed by the options' default.
            let placement = shown.kind == .reschedule ? Placement(.later, RescheduleOption.someday.rawValue)
                                                      : Placement(.list, MailList.allCases[0].rawValue)
            return [.file(messageID: shown.messageID, placement)]
        }
    }
}
