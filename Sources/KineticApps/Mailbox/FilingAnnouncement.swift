import KineticData
import KineticRuntime

/// What a screen reader hears once a message has been filed: where it went, in the person's language ("Archived",
/// "Later: Tomorrow 08:00", "Moved to To Buy").
enum FilingAnnouncement {
    /// The words for a message now at `placement`, its moment read at `state`'s time and calendar.
    static func words(for placement: Placement, in state: MailboxState, texts: Localization) -> String {
        switch placement.list {
        case .archive: return texts(MailboxText.archived)
        case .deleted: return texts(MailboxText.deleted)
        case .later:
            return texts(MailboxText.laterUntil, ["moment": RescheduleMoment.label(for: placement.until, now: state.now, calendar: state.calendar, texts: texts)])
        case .list: return texts(MailboxText.movedToList, ["list": texts(placement.detail.flatMap(MailList.init(rawValue:))?.text ?? MailboxText.aList)])
        case .folder, .sent, .draft:
            // Back where it was (an Undo): the folder, Sent or Drafts, by the name the menu gives it.
            return texts(MailboxText.movedToList, ["list": MailboxShelf.holding(placement)?.name(in: texts) ?? ""])
        case .gone: return texts(MailboxText.deletedForGood)
        default: return texts(MailboxText.movedToInbox)
        }
    }
}
