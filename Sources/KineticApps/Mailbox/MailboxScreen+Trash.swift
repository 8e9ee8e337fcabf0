import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// Emptying the Trash: an "Empty Trash" button in the bar while the Trash shows something, and a confirmation, since
/// what it does is for good (though one undo still brings everything back).
extension MailboxScreen {
    func buildTrashControls(size: Size) {
        emptyTrashButton.frame = Rect(x: size.width - 200, y: 14, width: 126, height: 36)
        emptyTrashButton.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: .white))
        emptyTrashButton.addSublayer(Typography.label(nil, "Empty Trash", frame: Rect(x: 0, y: 8, width: 126, height: 22), size: 16, bold: true,
                                                      color: Palette.ink, alignment: .center))
        emptyTrashButton.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.askToEmptyTrash) }]
        emptyTrashButton.isHidden = true
        navBar.addSublayer(emptyTrashButton)

        trashConfirm.frame = Rect(origin: .zero, size: size)
        trashConfirm.backgroundColor = Color.black.withAlpha(0.45)
        trashConfirm.zPosition = 7
        trashConfirm.isHidden = true
        trashConfirm.cursor = .arrow
        trashConfirm.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.cancelEmptyTrash) }]
        let panel = Typography.panel("trash.confirm.panel", frame: Rect(center: Point(x: size.width / 2, y: size.height / 2), size: Size(width: 440, height: 190)),
                                     color: .white, cornerRadius: 16)
        panel.gestureRecognizers = [TapRecognizer { _ in }]
        panel.cursor = .arrow
        panel.addSublayer(Typography.label("trash.confirm.title", "Empty the Trash?", frame: Rect(x: 20, y: 22, width: 400, height: 30), size: 22, bold: true,
                                           color: Palette.ink, alignment: .center))
        panel.addSublayer(Typography.label("trash.confirm.text", "", frame: Rect(x: 30, y: 60, width: 380, height: 44), size: 16, color: Palette.muted, alignment: .center))
        for (id, title, x, action) in [("trash.confirm.cancel", "Cancel", 30.0, MailboxAction.cancelEmptyTrash), ("trash.confirm.empty", "Empty Trash", 230.0, .emptyTrash)] {
            let button = Typography.panel(id, frame: Rect(x: x, y: 124, width: 180, height: 44), color: id.hasSuffix("empty") ? SwipeZone.red : Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE),
                                          cornerRadius: 10)
            button.addSublayer(Typography.label(nil, title, frame: Rect(x: 0, y: 11, width: 180, height: 22), size: 17, bold: true,
                                                color: id.hasSuffix("empty") ? .white : Palette.ink, alignment: .center))
            button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(action) }]
            panel.addSublayer(button)
        }
        trashConfirm.addSublayer(panel)
        content.addSublayer(trashConfirm)
    }

    /// The button shows in a Trash with something in it; the confirmation while the state asks.
    func paintTrashControls() {
        let hasTrash = state.shelf == .trash && !state.visibleMessages.isEmpty
        if emptyTrashButton.isHidden == hasTrash { emptyTrashButton.isHidden = !hasTrash }
        if trashConfirm.isHidden == state.confirmingEmptyTrash {
            trashConfirm.isHidden = !state.confirmingEmptyTrash
            let count = state.visibleMessages.count
            if let text = trashConfirm.layer(withIdentifier: "trash.confirm.text"), case .text(var content) = text.contents {
                content.string = "\(count == 1 ? "One message" : "\(count) messages") will be deleted for good. Undo can still bring \(count == 1 ? "it" : "them") back."
                text.contents = .text(content)
            }
        }
    }
}
