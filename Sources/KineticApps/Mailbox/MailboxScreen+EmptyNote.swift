import KineticCore
import KineticRuntime

/// A list with nothing in it, and the name of the Trash or list that shows, in the bar.
extension MailboxScreen {
    /// A list with nothing in it says what goes there (once the last row has left it).
    func showEmptyNoteIfNeeded() {
        let empty = shownMessages.isEmpty
        let title = state.shelf?.title ?? ""
        if case .text(var text) = shelfTitle.contents, text.string != title {
            text.string = title
            shelfTitle.contents = .text(text)
        }
        if emptyNote.isHidden == !empty, !empty { return }
        emptyNote.isHidden = !empty
        guard empty, case .text(var text) = emptyNote.contents else { return }
        let note = state.shelf.map(Self.emptyNote(for:)) ?? Self.emptyNote(for: state.segment)
        if text.string != note {
            text.string = note
            emptyNote.contents = .text(text)
        }
    }

    static func emptyNote(for shelf: MailboxShelf) -> String {
        switch shelf {
        case .trash: return "Nothing in the Trash. Swipe a message far right, past the second line, to delete it."
        case .sent: return "Nothing sent yet. Messages you write and send appear here."
        case .drafts: return "No drafts. Cancel a message you are writing and choose Save Draft to keep it here."
        case .list(let name): return "Nothing in \(name). Swipe a message far left, past the second line, and choose \(name)."
        }
    }

    static func emptyNote(for segment: MailboxSegment) -> String {
        switch segment {
        case .inbox: return "Nothing in the Inbox. New messages arrive here."
        case .later: return "Nothing for later. Swipe a message left to bring it back when you choose."
        case .archive: return "Nothing archived. Swipe a message right to archive it."
        }
    }
}
