import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// Compose (`compose`): a sheet that slides up over the dimmed inbox (`compose.dim`) with To, Cc, Bcc, Subject and the
/// body (the engine's text fields, `compose.to`, `compose.cc`, `compose.bcc`, `compose.subject`, `compose.body`), Cancel
/// and Send; Cancel with something
/// written asks first (`compose.confirm`: Save Draft, Delete Draft, Keep Editing).
///
/// It holds compose's scoped store (`ComposeAction`, the state `MailboxState.compose`): it reads and sends nothing else
/// of the Mailbox's; the context gives it the stage, the texts and the motion.
final class ComposeSheet {
    private let context: MailboxViewContext
    /// Compose's feature: what is written (`nil` while closed) and its actions.
    private let store: ScopedStore<MailboxState.Compose?, ComposeAction>
    /// The sheet.
    let sheet = Layer(identifier: "compose")
    private let confirm = Layer(identifier: "compose.confirm")
    private let overlay: Overlay
    /// To, Subject and the body.
    private var fields: [MailboxState.ComposeField: TextField] = [:]

    /// A sheet presented over `container` (the list's content), hidden until compose opens.
    init(context: MailboxViewContext, in container: Layer) {
        self.context = context
        store = context.store.scope(state: { $0.compose }, action: MailboxAction.compose)
        let size = context.size
        sheet.bounds = Rect(x: 0, y: 0, width: 720, height: 560)
        sheet.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: .white))
        sheet.gestureRecognizers = [TapRecognizer { _ in }]
        sheet.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        overlay = Overlay(dimIdentifier: "compose.dim", sheet: sheet, restingOrigin: Self.restingOrigin(in: size), in: container, zPosition: 6)
        buildContents()
    }

    /// Where the sheet's top left rests on a stage of `size`: centred, 20 pt low, but 20 pt clear of the bottom edge
    /// on a stage too short for both (600 points tall, the least).
    private static func restingOrigin(in size: Size) -> Point {
        Point(x: (size.width - 720) / 2, y: min((size.height - 560) / 2 + 20, size.height - 560 - 20))
    }

    /// The sheet stays centred (or below the stage's new bottom edge, while hidden) and the dim covers the stage.
    func resize(to size: Size) {
        overlay.resize(to: size, restingOrigin: Self.restingOrigin(in: size), animator: context.animator)
    }

    private func buildContents() {
        sheet.addSublayer(Typography.label("compose.title", context.texts(MailboxText.newMessage), frame: Rect(x: 0, y: 18, width: 720, height: 30), size: 20, bold: true,
                                           color: Palette.ink, alignment: .center))
        // Cancel, the title and Send's word stand on one baseline, 41 pt down (the title's, 18 pt down at 20 pt; a
        // 17-point line's baseline is 20 pt below its top): issue #58 found them on three.
        let cancel = Typography.label("compose.cancel", context.texts(MailboxText.cancel), frame: Rect(x: 20, y: 21, width: 90, height: 30), size: 17, color: MailboxViewContext.deepTint)
        cancel.isUserInteractionEnabled = true
        cancel.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.close) }]
        sheet.addSublayer(cancel)
        let sendButton = Typography.panel("compose.send", frame: Rect(x: 610, y: 17, width: 90, height: 34), color: MailboxViewContext.tint, cornerRadius: 8)
        sendButton.addSublayer(Typography.label(nil, context.texts(MailboxText.send), frame: Rect(x: 0, y: 4, width: 90, height: 26), size: 17, bold: true, color: .white, alignment: .center))
        sendButton.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.send) }]
        sheet.addSublayer(sendButton)
        buildCancelConfirmation()
        let problem = Typography.label("compose.to.problem", "", frame: Rect(x: 20, y: 50, width: 680, height: 18), size: 13,
                                       color: Self.problemInk, alignment: .right, lineLimit: 1)
        problem.isHidden = true
        sheet.addSublayer(problem)
        // To, Cc, Bcc and Subject a line each; the body below. Where each sits is `layOutFields`'s: Cc and Bcc show
        // only once asked for or holding text.
        let specs: [(MailboxState.ComposeField, String, Double)] = [
            (.to, context.texts(MailboxText.toCaption), 40), (.cc, context.texts(MailboxText.ccCaption), 40),
            (.bcc, context.texts(MailboxText.bccCaption), 40), (.subject, context.texts(MailboxText.subjectCaption), 40), (.body, "", 370),
        ]
        let input = context.stage.textInput
        for (kind, caption, height) in specs {
            let box = Layer(identifier: "compose.\(kind.rawValue).box", frame: Rect(x: 20, y: 0, width: 680, height: height))
            // A click on the caption or the rule focuses the field with the caret where it was.
            box.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.fields[kind]?.focus() }]
            box.cursor = .ibeam
            if !caption.isEmpty {
                box.addSublayer(Typography.label(nil, caption, frame: Rect(x: 0, y: 10, width: 80, height: 22), size: 16, color: Palette.muted))
            }
            // To leaves room at its end for the Cc and Bcc buttons.
            let textArea = caption.isEmpty ? Rect(x: 0, y: 4, width: 680, height: height - 8)
                : Rect(x: 84, y: 4, width: kind == .to ? 596 - showButtonsWidth : 596, height: height - 8)
            let field = TextField(identifier: "compose.\(kind.rawValue)", frame: textArea, multiline: kind == .body,
                                  maximumLength: kind.maximumLength, style: TextContent("", fontSize: 16, color: Palette.ink), input: input)
            field.tint = MailboxViewContext.tint
            field.onChange = { [store] text in store.send(.edit(kind, text)) }
            // Enter goes on to the next field shown. Tab is the stage's keyboard focus's: through the fields, on to the Cc and
            // Bcc buttons, Cancel and Send.
            field.onEnter = { [weak self] in
                guard let self else { return true }
                var next = kind.next
                while !(self.store.state?.shows(next) ?? true) { next = next.next }
                self.fields[next]?.focus()
                return true
            }
            box.addSublayer(field.layer)
            fields[kind] = field
            let rule = Layer(frame: Rect(x: 0, y: height - 1, width: 680, height: 1))
            rule.backgroundColor = caption.isEmpty ? nil : Color(red8: 0xE3, green8: 0xE3, blue8: 0xE3)
            box.addSublayer(rule)
            sheet.addSublayer(box)
        }
        buildShowButtons()
        buildForwardedFiles()
        layOutFields(nil)
    }

    /// A forward's files, on a line at the sheet's foot (`compose.forwarded-files`: "Files sent with it: menu.pdf,
    /// 1 KB"), with **Leave Out** (`compose.forwarded-files.leave-out`); hidden for any other message.
    private func buildForwardedFiles() {
        let line = Layer(identifier: "compose.forwarded-files", frame: Rect(x: 20, y: 512, width: 680, height: 32))
        line.isHidden = true
        let leaveOut = context.texts(MailboxText.leaveOut)
        let buttonWidth = context.buttonWidth(for: leaveOut, fontSize: 15, padding: 12, least: 90)
        line.addSublayer(Typography.label("compose.forwarded-files.text", "", frame: Rect(x: 0, y: 6, width: 680 - buttonWidth - 12, height: 20), size: 14,
                                          color: Palette.muted, lineLimit: 1))
        // Outlined in the deep tint, which reads at over 4.5:1 on the white sheet: a control that shows as one.
        let button = Layer(identifier: "compose.forwarded-files.leave-out", frame: Rect(x: 680 - buttonWidth, y: 0, width: buttonWidth, height: 32))
        button.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: .white, stroke: MailboxViewContext.deepTint, lineWidth: 1.5))
        button.addSublayer(Typography.label(nil, leaveOut, frame: Rect(x: 6, y: 6, width: buttonWidth - 12, height: 20), size: 15, bold: true,
                                            color: MailboxViewContext.deepTint, alignment: .center, lineLimit: 1))
        button.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.leaveOutForwardedFiles) }]
        line.addSublayer(button)
        sheet.addSublayer(line)
    }

    /// The forwarded files' line for `compose`: shown with their names and sizes, or hidden.
    private func showForwardedFiles(_ compose: MailboxState.Compose?) {
        guard let line = sheet.layer(withIdentifier: "compose.forwarded-files") else { return }
        line.isHidden = compose?.forwardedFiles == nil
        guard let files = compose?.forwardedFiles?.files, let label = line.layer(withIdentifier: "compose.forwarded-files.text"),
              case .text(var content) = label.contents else { return }
        let names = files.map { "\($0.name), \(MailboxReader.size($0.size, context.texts))" }.joined(separator: "; ")
        let words = context.texts(MailboxText.forwardedFiles, ["files": names])
        if content.string != words {
            content.string = words
            label.contents = .text(content)
        }
    }

    /// Cc's and Bcc's buttons' widths, each as wide as its word in the person's language ("نسخة مخفية" is wider than
    /// "Bcc"), at least 52 pt.
    private lazy var showButtonWidths: [Double] = [MailboxText.ccField, MailboxText.bccField].map { title in
        context.buttonWidth(for: context.texts(title), fontSize: 16, padding: 8, least: 52)
    }

    /// The room the Cc and Bcc buttons take at the end of To's line, with 4 pt between them and 4 pt before them.
    private var showButtonsWidth: Double { showButtonWidths.reduce(0, +) + 8 }

    /// "Cc" and "Bcc" at the end of To's line (`compose.show-cc`, `compose.show-bcc`): each shows its field and puts
    /// the keyboard in it; gone once the field shows. After the text in the sheet's order, so Tab reaches them after
    /// the text and To, Subject and the text stay a Tab apart (Ctrl-Shift-C and Ctrl-Shift-B show them too).
    private func buildShowButtons() {
        var x = 20 + 680 - showButtonsWidth + 4
        for (index, (field, title)) in [(MailboxState.ComposeField.cc, MailboxText.ccField), (.bcc, MailboxText.bccField)].enumerated() {
            let width = showButtonWidths[index]
            let button = Layer(identifier: "compose.show-\(field.rawValue)", frame: Rect(x: x, y: 74, width: width, height: 32))
            x += width + 4
            button.addSublayer(Typography.label(nil, context.texts(title), frame: Rect(x: 0, y: 5, width: width, height: 22), size: 16, bold: true,
                                                color: MailboxViewContext.deepTint, alignment: .center, lineLimit: 1))
            button.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.show(field)) }]
            sheet.addSublayer(button)
        }
    }

    /// Each field's line, top to bottom from 70 pt down, 46 pt apart, for the fields `compose` shows (To and Subject
    /// alone while Cc and Bcc are hidden, as the sheet always was); the text 8 pt further, down to 20 pt above the
    /// sheet's foot. The Cc and Bcc buttons show while their field does not.
    private func layOutFields(_ compose: MailboxState.Compose?) {
        var y = 70.0
        for kind in MailboxState.ComposeField.allCases {
            guard let box = sheet.layer(withIdentifier: "compose.\(kind.rawValue).box") else { continue }
            let shows = compose?.shows(kind) ?? (kind != .cc && kind != .bcc)
            box.isHidden = !shows
            guard shows else { continue }
            if kind == .body {
                // The text ends 20 pt above the sheet's foot, or above a forward's files' line.
                let bottom = compose?.forwardedFiles == nil ? 540.0 : 506.0
                y += 8
                box.frame = Rect(x: 20, y: y, width: 680, height: bottom - y)
                fields[.body]?.layer.frame.size.height = bottom - y - 8
            } else {
                box.frame.origin.y = y
                y += 46
            }
        }
        for kind in [MailboxState.ComposeField.cc, .bcc] {
            sheet.layer(withIdentifier: "compose.show-\(kind.rawValue)")?.isHidden = compose?.shows(kind) ?? false
        }
    }

    /// The problem's text: 6.6:1 on the sheet's white.
    static let problemInk = Color(red8: 0xA8, green8: 0x36, blue8: 0x06)

    /// Why Send is grey, in the person's words: the entry that is not an address, named with its field when it is
    /// Cc's or Bcc's.
    private func problemWords(_ problem: (field: MailboxState.ComposeField, entry: String)) -> String {
        let words = problem.field == .cc ? MailboxText.notAnAddressInCc : problem.field == .bcc ? MailboxText.notAnAddressInBcc : MailboxText.notAnAddress
        return context.texts(words, ["text": problem.entry])
    }

    /// Why Send is grey, under it (`compose.to.problem`, the name it has had since To was the only field): the first
    /// entry of To, Cc or Bcc that is not an address; hidden when there is none (empty fields say nothing: there is
    /// nothing wrong yet).
    private func showAddressProblem(_ problem: String?) {
        guard let label = sheet.layer(withIdentifier: "compose.to.problem"), case .text(var content) = label.contents else { return }
        let words = problem ?? ""
        if content.string != words {
            content.string = words
            label.contents = .text(content)
        }
        label.isHidden = problem == nil
    }

    /// Cancel with something written: Save Draft, Delete Draft or Keep Editing, over the sheet.
    private func buildCancelConfirmation() {
        confirm.frame = Rect(x: 0, y: 0, width: 720, height: 560)
        confirm.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: Color.white.withAlpha(0.92)))
        confirm.zPosition = 10
        confirm.isHidden = true
        confirm.cursor = .arrow
        confirm.gestureRecognizers = [TapRecognizer { _ in }]
        confirm.addSublayer(Typography.label("compose.confirm.title", context.texts(MailboxText.keepThisMessage), frame: Rect(x: 0, y: 190, width: 720, height: 30), size: 22, bold: true,
                                             color: Palette.ink, alignment: .center))
        let choices: [(String, String, ComposeAction)] = [("save", context.texts(MailboxText.saveDraft), .saveDraft), ("delete", context.texts(MailboxText.deleteDraft), .deleteDraft), ("keep", context.texts(MailboxText.keepEditing), .keepEditing)]
        for (index, (id, title, action)) in choices.enumerated() {
            let fill = id == "delete" ? MailboxViewContext.destructive : id == "save" ? MailboxViewContext.tint : Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE)
            let button = Typography.panel("compose.confirm.\(id)", frame: Rect(x: 120 + Double(index) * 165, y: 250, width: 150, height: 44), color: fill, cornerRadius: 10)
            button.addSublayer(Typography.label(nil, title, frame: Rect(x: 0, y: 11, width: 150, height: 22), size: 17, bold: true,
                                                color: id == "keep" ? Palette.ink : .white, alignment: .center))
            button.gestureRecognizers = [TapRecognizer { [store] _ in store.send(action) }]
            confirm.addSublayer(button)
        }
        sheet.addSublayer(confirm)
    }

    /// Slides the sheet up over the dimmed inbox, or down; fills the fields. As it opens the keyboard goes to the field
    /// it starts in; after Cancel's question, back to the field that had it (the question is a dialog, which gives the
    /// focus back as it closes), else to the one writing resumes in.
    func show(before: MailboxState.Compose?) {
        let wasOpen = before != nil
        let animator = context.animator, reduceMotion = context.settings.reduceMotion
        guard let compose = store.state else {
            for field in fields.values { field.blur() }
            overlay.dismiss(animator: animator, reduceMotion: reduceMotion)
            return
        }
        // Send is enabled (tinted, taking clicks) only when To, Cc and Bcc hold addresses and nothing else; greyed otherwise.
        if let sendButton = sheet.layer(withIdentifier: "compose.send") { MailboxViewContext.paintSheetButton(sendButton, enabled: compose.canSend) }
        confirm.isHidden = !compose.confirmingCancel
        if compose.confirmingCancel { for field in fields.values { field.blur() } }
        layOutFields(compose)
        showForwardedFiles(compose)
        fields[.to]?.setText(compose.to)
        fields[.cc]?.setText(compose.cc)
        fields[.bcc]?.setText(compose.bcc)
        fields[.subject]?.setText(compose.subject)
        fields[.body]?.setText(compose.body)
        if !wasOpen, let caret = compose.bodyCaret { fields[.body]?.placeCaret(at: caret) }
        showAddressProblem(compose.addressProblem.map(problemWords))
        if compose.confirmingCancel {
            context.stage.textInput.focus(nil)
        } else if !wasOpen {
            fields[compose.startsIn]?.focus()
        } else if let before, let asked = [MailboxState.ComposeField.cc, .bcc].first(where: { compose.shows($0) && !before.shows($0) }) {
            // Cc or Bcc just asked for: the keyboard goes there, as it does in Thunderbird. Asked of the one focus, so the
            // button that asked (gone now) hands it to nothing else on the way.
            if let field = fields[asked] {
                field.focus()
                context.stage.keyboardFocus.request { [weak field] in field.map { .control($0.layer) } ?? .gone }
            }
        } else if before?.confirmingCancel == true, let resume = fields[compose.resumesIn] {
            let input = context.stage.textInput
            context.stage.keyboardFocus.request { input.focused == nil ? .control(resume.layer) : .gone }
        }
        guard !wasOpen else { return }
        overlay.present(animator: animator, reduceMotion: reduceMotion)
    }

    /// The sheet as a dialog: its fields as entries a screen reader can read, set and focus; Send (disabled until To, Cc and Bcc
    /// holds valid addresses) and Cancel as buttons. Hidden while Cancel's question covers it.
    func describe() {
        let compose = store.state
        // While Cancel's question shows, it is all a screen reader (and the keyboard) is offered: the sheet's own
        // parts step back, the question's buttons come forward.
        let asking = compose?.confirmingCancel == true
        // Once sent, saved or cancelled, the sheet on its way down is offered to no one.
        if sheet.accessibilityElementsHidden != (compose == nil) { sheet.accessibilityElementsHidden = compose == nil }
        for part in sheet.sublayers where part !== confirm { part.accessibilityElementsHidden = asking }
        confirm.accessibility = Accessibility(role: .dialog, name: context.texts(MailboxText.keepThisMessage))
        for (id, title) in [("save", MailboxText.saveDraft), ("delete", MailboxText.deleteDraft), ("keep", MailboxText.keepEditing)] {
            guard let button = confirm.layer(withIdentifier: "compose.confirm.\(id)") else { continue }
            button.accessibility = Accessibility(role: .button, name: context.texts(title), actions: [.tapping(button)])
        }
        sheet.accessibility = Accessibility(role: .dialog, name: context.texts(MailboxText.newMessage))
        for (kind, field) in fields {
            let name = context.texts([MailboxState.ComposeField.to: MailboxText.toField, .cc: MailboxText.ccField, .bcc: MailboxText.bccField,
                                      .subject: MailboxText.subjectField, .body: MailboxText.messageField][kind] ?? MailboxText.messageField)
            var states: Accessibility.States = [.focusable, .editable]
            if kind == .body { states.insert(.multiLine) }
            field.layer.accessibility = Accessibility(role: .entry, name: name, states: states, exposesText: true,
                                                      setText: { [store, weak field] text in
                                                          field?.setText(text)
                                                          store.send(.edit(kind, text))
                                                      },
                                                      focus: { [weak field] in field?.focus() })
        }
        if let line = sheet.layer(withIdentifier: "compose.forwarded-files") {
            if let label = line.layer(withIdentifier: "compose.forwarded-files.text") {
                label.accessibility = Accessibility(role: .label, name: MailboxViewContext.text(of: label))
            }
            if let button = line.layer(withIdentifier: "compose.forwarded-files.leave-out") {
                button.accessibility = Accessibility(role: .button, name: context.texts(MailboxText.leaveOutFiles), actions: [.tapping(button)])
            }
        }
        // Cc and Bcc's buttons, named as they read; each is gone (hidden) once its field shows.
        for (field, title) in [(MailboxState.ComposeField.cc, MailboxText.ccField), (.bcc, MailboxText.bccField)] {
            guard let button = sheet.layer(withIdentifier: "compose.show-\(field.rawValue)") else { continue }
            button.accessibility = Accessibility(role: .button, name: context.texts(title), actions: [.tapping(button)])
        }
        for (layerID, name) in [("compose.send", context.texts(MailboxText.send)), ("compose.cancel", context.texts(MailboxText.cancel))] {
            guard let button = sheet.layer(withIdentifier: layerID) else { continue }
            var states: Accessibility.States = []
            if layerID == "compose.send", compose?.canSend != true { states.insert(.disabled) }
            // Why it is greyed, as the sheet shows it under the button.
            let why = layerID == "compose.send" ? compose?.addressProblem.map(problemWords) ?? "" : ""
            button.accessibility = Accessibility(role: .button, name: name, description: why, states: states, actions: [.tapping(button)])
        }
    }
}
