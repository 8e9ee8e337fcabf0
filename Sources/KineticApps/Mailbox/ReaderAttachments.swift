import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The files the message read carries, listed under its text (`reader.attachments`): a row each
/// (`reader.attachment.N`, "Attachment: menu.pdf, 1 KB") with **Open** (`reader.attachment.N.open`: the desktop's
/// program for its kind, on a private copy) and **Save** (`reader.attachment.N.save`: into the person's Downloads,
/// never over a file there). The buttons are in Tab order after the text; a screen reader hears each with the file's
/// name ("Open menu.pdf").
///
/// It holds the reader's scoped store and sends only `ReaderAction.useAttachment`.
final class ReaderAttachments {
    /// The rows, placed by the reader under the text in its scroll view.
    let layer = Layer(identifier: "reader.attachments")
    private let context: MailboxViewContext
    private let store: ScopedStore<String?, ReaderAction>
    /// The files the rows show now, with the width they were laid out for: rows are made anew only when these change.
    private var shown: (files: [MailAttachment], width: Double)?

    /// A row's height and the space between two.
    static let rowHeight = 48.0, rowGap = 8.0

    init(context: MailboxViewContext, store: ScopedStore<String?, ReaderAction>) {
        self.context = context
        self.store = store
        layer.anchorPoint = .zero
    }

    /// Rows for `files`, `width` wide; returns their height (0 for none).
    @discardableResult
    func show(_ files: [MailAttachment], width: Double) -> Double {
        let height = files.isEmpty ? 0 : Double(files.count) * (Self.rowHeight + Self.rowGap) - Self.rowGap
        layer.bounds = Rect(x: 0, y: 0, width: width, height: height)
        if let shown, shown.files == files, shown.width == width { return height }
        shown = (files, width)
        for row in layer.sublayers { row.removeFromSuperlayer() }
        for (index, file) in files.enumerated() { layer.addSublayer(row(index, file, width: width)) }
        describe()
        return height
    }

    /// Row `index`: the file's line on a light panel, Save and Open at its right end, each as wide as its word.
    private func row(_ index: Int, _ file: MailAttachment, width: Double) -> Layer {
        let id = "reader.attachment.\(index)"
        let row = Typography.panel(id, frame: Rect(x: 0, y: Double(index) * (Self.rowHeight + Self.rowGap), width: width, height: Self.rowHeight),
                                   color: Self.rowFill, cornerRadius: 8)
        var right = width - 8
        var buttons: [Layer] = []
        for (use, title) in [(AttachmentUse.save, MailboxText.save), (.open, MailboxText.open)] {
            let words = context.texts(title)
            let buttonWidth = context.buttonWidth(for: words, fontSize: 16, padding: 12, least: 72)
            right -= buttonWidth
            let button = Typography.panel("\(id).\(use.rawValue)", frame: Rect(x: right, y: 7, width: buttonWidth, height: 34),
                                          color: MailboxViewContext.tint, cornerRadius: 8)
            button.addSublayer(Typography.label(nil, words, frame: Rect(x: 6, y: 6, width: buttonWidth - 12, height: 22), size: 16, bold: true,
                                                color: .white, alignment: .center, lineLimit: 1))
            button.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.useAttachment(index, use)) }]
            buttons.insert(button, at: 0)
            right -= 8
        }
        let line = context.texts(MailboxText.attachment, ["name": file.name, "size": MailboxReader.size(file.size, context.texts)])
        row.addSublayer(Typography.label("\(id).name", line, frame: Rect(x: 12, y: 13, width: max(right - 12, 1), height: 22), size: 16,
                                         color: Palette.ink, lineLimit: 1))
        // Open before Save in reading and Tab order, as they read left to right.
        for button in buttons { row.addSublayer(button) }
        return row
    }

    /// The row's fill: a light grey the ink reads on at 14:1 and the buttons' blue stands out from.
    static let rowFill = Color(red8: 0xF1, green8: 0xF3, blue8: 0xF5)

    /// Each row's line as a label, its buttons as buttons named with the file ("Open menu.pdf").
    func describe() {
        for (index, file) in (shown?.files ?? []).enumerated() {
            let id = "reader.attachment.\(index)"
            if let name = layer.layer(withIdentifier: "\(id).name") {
                name.accessibility = Accessibility(role: .label, name: MailboxViewContext.text(of: name))
            }
            for (use, title) in [(AttachmentUse.open, MailboxText.openFile), (.save, MailboxText.saveFile)] {
                guard let button = layer.layer(withIdentifier: "\(id).\(use.rawValue)") else { continue }
                button.accessibility = Accessibility(role: .button, name: context.texts(title, ["name": file.name]), actions: [.tapping(button)])
            }
        }
    }

    /// The frame of the row holding `control`, in the rows' own coordinates, when it is one of theirs: the reader
    /// scrolls it into view as the keyboard reaches it.
    func rowFrame(holding control: Layer?) -> Rect? {
        var current = control
        while let layer = current, layer !== self.layer {
            if layer.superlayer === self.layer { return layer.frame }
            current = layer.superlayer
        }
        return nil
    }
}
