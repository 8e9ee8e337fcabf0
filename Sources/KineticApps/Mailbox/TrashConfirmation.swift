import KineticCore
import KineticRuntime
import KineticScene

/// "Empty the Trash?" (`trash.confirm`, its panel `trash.confirm.panel`, `trash.confirm.cancel` and
/// `trash.confirm.empty`): asked before the Trash is emptied, since what it does is for good (though one undo still
/// brings everything back).
final class TrashConfirmation {
    private let context: MailboxViewContext
    /// The dimmed cover with the question's panel; a tap outside the panel cancels.
    let layer = Layer(identifier: "trash.confirm")

    init(context: MailboxViewContext) {
        self.context = context
        let size = context.size
        layer.frame = Rect(origin: .zero, size: size)
        layer.backgroundColor = Color.black.withAlpha(0.45)
        layer.zPosition = 7
        layer.isHidden = true
        layer.cursor = .arrow
        layer.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.cancelEmptyTrash) }]
        let panel = Typography.panel("trash.confirm.panel", frame: Rect(center: Point(x: size.width / 2, y: size.height / 2), size: Size(width: 440, height: 190)),
                                     color: .white, cornerRadius: 16)
        panel.gestureRecognizers = [TapRecognizer { _ in }]
        panel.cursor = .arrow
        panel.addSublayer(Typography.label("trash.confirm.title", context.texts(MailboxText.emptyTheTrash), frame: Rect(x: 20, y: 22, width: 400, height: 30), size: 22, bold: true,
                                           color: Palette.ink, alignment: .center))
        panel.addSublayer(Typography.label("trash.confirm.text", "", frame: Rect(x: 30, y: 60, width: 380, height: 44), size: 16, color: Palette.muted, alignment: .center))
        for (id, title, x, action) in [("trash.confirm.cancel", context.texts(MailboxText.cancel), 30.0, MailboxAction.cancelEmptyTrash), ("trash.confirm.empty", context.texts(MailboxText.emptyTrash), 230.0, .emptyTrash)] {
            let empties = id.hasSuffix("empty")
            let button = Typography.panel(id, frame: Rect(x: x, y: 124, width: 180, height: 44), color: empties ? MailboxViewContext.destructive : Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE),
                                          cornerRadius: 10)
            button.addSublayer(Typography.label(nil, title, frame: Rect(x: 0, y: 11, width: 180, height: 22), size: 17, bold: true,
                                                color: empties ? .white : Palette.ink, alignment: .center))
            button.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(action) }]
            panel.addSublayer(button)
        }
        layer.addSublayer(panel)
    }

    /// The cover fills the stage, the question's panel stays in its middle.
    func resize(to size: Size) {
        layer.frame = Rect(origin: .zero, size: size)
        layer.layer(withIdentifier: "trash.confirm.panel")?.position = Point(x: size.width / 2, y: size.height / 2)
    }

    /// The question as a dialog with its two buttons, for screen readers and the keyboard.
    func describe() {
        guard let panel = layer.layer(withIdentifier: "trash.confirm.panel") else { return }
        panel.accessibility = Accessibility(role: .dialog, name: context.texts(MailboxText.emptyTheTrash),
                                            description: MailboxViewContext.text(of: layer.layer(withIdentifier: "trash.confirm.text")))
        for (id, name) in [("trash.confirm.cancel", context.texts(MailboxText.cancel)), ("trash.confirm.empty", context.texts(MailboxText.emptyTrash))] {
            guard let button = layer.layer(withIdentifier: id) else { continue }
            button.accessibility = Accessibility(role: .button, name: name, actions: [.tapping(button)])
        }
    }

    /// Shows the question while the state asks it, saying how many messages go.
    func show() {
        let state = context.state
        guard layer.isHidden == state.confirmingEmptyTrash else { return }
        layer.isHidden = !state.confirmingEmptyTrash
        let count = state.visibleIDs.count
        if let text = layer.layer(withIdentifier: "trash.confirm.text"), case .text(var content) = text.contents {
            content.string = context.texts(MailboxText.willBeDeleted, count: count)
            text.contents = .text(content)
        }
    }
}
