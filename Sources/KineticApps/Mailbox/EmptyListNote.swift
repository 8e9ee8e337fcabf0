import KineticCore
import KineticRuntime
import KineticScene

/// `list.empty`: what goes in a list that has nothing in it, rather than a blank page ("Nothing archived. Swipe a
/// message right to archive it."). It fades in once the last row has left the list (slid out with the list it
/// belonged to, or closed up), so it is never drawn across rows still moving out; it goes at once when a row comes.
final class EmptyListNote {
    private let context: MailboxViewContext
    /// The note.
    let layer = Typography.label("list.empty", "", frame: .zero, size: 17, color: Palette.muted, alignment: .center)

    init(context: MailboxViewContext) {
        self.context = context
        resize(to: context.size)
        layer.isHidden = true
        layer.isUserInteractionEnabled = false
    }

    /// Below the bar, 80 pt in from each side.
    func resize(to size: Size) {
        layer.frame = Rect(x: 80, y: MailboxViewContext.navHeight + 120, width: max(size.width - 160, 1), height: 60)
    }

    /// Shows the note for the list that shows while `listIsEmpty`, fading in once no row is `leaving` any more, and
    /// hides it as soon as the list has a row.
    func show(listIsEmpty empty: Bool, rowsLeaving leaving: Bool) {
        let state = context.state
        guard empty else {
            if !layer.isHidden {
                context.animator.stop(layer, \.opacity)
                layer.isHidden = true
            }
            return
        }
        if layer.isHidden {
            guard !leaving else { return }
            layer.isHidden = false
            layer.opacity = 0
            context.animator.animate(layer, \.opacity, to: 1, with: .tween(duration: context.tuning.rowFade))
        }
        guard case .text(var text) = layer.contents else { return }
        let note = state.shelf.map(Self.note(for:)) ?? Self.note(for: state.segment)
        if text.string != note {
            text.string = note
            layer.contents = .text(text)
        }
    }

    static func note(for shelf: MailboxShelf) -> String {
        switch shelf {
        case .trash: return "Nothing in the Trash. Swipe a message far right, past the second line, to delete it."
        case .sent: return "Nothing sent yet. Messages you write and send appear here."
        case .drafts: return "No drafts. Cancel a message you are writing and choose Save Draft to keep it here."
        case .list(let list): return "Nothing in \(list.title). Swipe a message far left, past the second line, and choose \(list.title)."
        }
    }

    static func note(for segment: MailboxSegment) -> String {
        switch segment {
        case .inbox: return "Nothing in the Inbox. New messages arrive here."
        case .later: return "Nothing for later. Swipe a message left to bring it back when you choose."
        case .archive: return "Nothing archived. Swipe a message right to archive it."
        }
    }

    /// A label while it shows.
    func describe() {
        layer.accessibility = layer.isHidden ? nil : Accessibility(role: .label, name: MailboxViewContext.text(of: layer))
    }
}
