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
        let texts = context.texts
        let note = state.search?.matches != nil ? texts(MailboxText.searchFoundNothing, ["query": state.search?.query ?? ""])
            : state.shelf.map { Self.note(for: $0, texts) } ?? Self.note(for: state.segment, texts)
        if text.string != note {
            text.string = note
            layer.contents = .text(text)
        }
    }

    static func note(for shelf: MailboxShelf, _ texts: Localization) -> String {
        switch shelf {
        case .trash: return texts(MailboxText.emptyTrashNote)
        case .sent: return texts(MailboxText.emptySentNote)
        case .drafts: return texts(MailboxText.emptyDraftsNote)
        case .list(let list): return texts(MailboxText.emptyListNote, ["list": texts(list.text)])
        case .folder: return texts(MailboxText.emptyFolderNote, ["folder": shelf.name(in: texts)])
        }
    }

    static func note(for segment: MailboxSegment, _ texts: Localization) -> String {
        switch segment {
        case .inbox: return texts(MailboxText.emptyInboxNote)
        case .later: return texts(MailboxText.emptyLaterNote)
        case .archive: return texts(MailboxText.emptyArchiveNote)
        }
    }

    /// A label while it shows.
    func describe() {
        layer.accessibility = layer.isHidden ? nil : Accessibility(role: .label, name: MailboxViewContext.text(of: layer))
    }
}
