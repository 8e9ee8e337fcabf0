import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The reader (`reader`): a message opened from the list slides in from the right over it, with its sender, subject,
/// time, the whole body (`reader.body`, wrapping, in `reader.scroll` when long) and its actions (`reader.back`,
/// `reader.action.<archive|delete|later|list|reply|reply-all|forward>`). Back, Esc or a drag from the left edge slides it out with the
/// finger, as iOS's navigation does: interruptible, the release's direction deciding.
final class MailboxReader {
    static let actions: [(id: String, title: LocalizedText)] = [("archive", MailboxText.archive), ("delete", MailboxText.delete), ("later", MailboxText.later),
                                                                ("list", MailboxText.list), ("reply", MailboxText.reply),
                                                                ("reply-all", MailboxText.replyAll), ("forward", MailboxText.forward)]

    private let context: MailboxViewContext
    /// The reader's feature: the message read (`nil` while closed) and the reader's actions, all this part sends.
    private let store: ScopedStore<String?, ReaderAction>
    /// The reader's page.
    let layer = Layer(identifier: "reader")
    private let scroll: ScrollView
    private let body = Layer(identifier: "reader.body")
    /// The body's text as the mouse selects it (a finger's drag scrolls), copied by Ctrl-C.
    private let selectable: SelectableText
    /// The files the message carries, under its text.
    private let attachments: ReaderAttachments
    /// The control the keyboard was on at the last step, so a file's row is scrolled into view once as it is reached.
    private weak var lastFocused: Layer?
    /// The start of the message just opened, to be said once the focus is in the body.
    private var pendingOpening: String?
    /// 0 the reader off to the right … 1 covering the list.
    var progress = 0.0
    /// Set while an edge drag that began over the reader is under way (it stays the reader's to its end).
    private(set) var isPanning = false

    /// The blue bar along the page's top, with Back and the actions.
    private let bar = Layer()
    /// The actions' buttons, right to left along the bar, as `actions` reversed.
    private var actionButtons: [Layer] = []
    /// Each button's width at rest, as its word needs in the person's language ("Répondre à tous" is wider than "Reply
    /// All"), in `actionButtons`' order.
    private var actionWidths: [Double] = []

    init(context: MailboxViewContext) {
        self.context = context
        let store = context.store.scope(state: { $0.reading }, action: MailboxAction.reader)
        self.store = store
        layer.anchorPoint = .zero
        layer.backgroundColor = .white
        layer.zPosition = 4
        layer.isHidden = true
        layer.cursor = .arrow  // the page itself is no button
        layer.gestureRecognizers = [TapRecognizer { _ in }]
        bar.backgroundColor = MailboxViewContext.tint
        layer.addSublayer(bar)
        let back = Typography.panel("reader.back", frame: Rect(x: 16, y: 14, width: 96, height: 36), color: .white, cornerRadius: 8)
        back.addSublayer(Typography.label(nil, "‹ " + context.texts(MailboxText.back), frame: Rect(x: 0, y: 7, width: 96, height: 24), size: 17, bold: true, color: Palette.ink, alignment: .center))
        back.gestureRecognizers = [TapRecognizer { _ in store.send(.close) }]
        bar.addSublayer(back)
        for action in Self.actions.reversed() {
            let title = context.texts(action.title)
            let width = context.buttonWidth(for: title, fontSize: 16, padding: Self.actionPadding, least: Self.actionWidth)
            let button = Typography.panel("reader.action.\(action.id)", frame: Rect(x: 0, y: 14, width: width, height: 36), color: .white, cornerRadius: 8)
            button.addSublayer(Typography.label(nil, title, frame: Rect(x: Self.actionPadding / 2, y: 7, width: width - Self.actionPadding, height: 24), size: 16, bold: true,
                                                color: Palette.ink, alignment: .center, lineLimit: 1))
            button.gestureRecognizers = [TapRecognizer { _ in store.send(Self.action(action.id)) }]
            bar.addSublayer(button)
            actionButtons.append(button)
            actionWidths.append(width)
        }
        // The sender and subject wrap (each up to 200 characters, as the data layer takes them): all of a long one
        // shows, the lines below moving down (`layOutHeader`). The time stays one line, beside the sender's first.
        for (id, size, bold) in [("reader.sender", 22.0, true), ("reader.time", 15.0, false), ("reader.subject", 26.0, true)] {
            let label = Typography.label(id, "", frame: .zero, size: size, bold: bold, color: id == "reader.time" ? Palette.muted : Palette.ink,
                                         alignment: id == "reader.time" ? .right : .left, lineLimit: id == "reader.time" ? 1 : 0)
            layer.addSublayer(label)
        }
        scroll = ScrollView(identifier: "reader.scroll", frame: .zero, animator: { [unowned context] in context.animator })
        body.isUserInteractionEnabled = false
        scroll.content.addSublayer(body)
        // The mouse's press on the text is the selection's (claimed at once); a finger's, or one on a file's row, is
        // left to the scroll's pan and the rows' buttons.
        selectable = SelectableText(layer: body, input: context.stage.textInput)
        scroll.frame.gestureRecognizers.append(selectable.recognizer)
        attachments = ReaderAttachments(context: context, store: store)
        scroll.content.addSublayer(attachments.layer)
        layer.addSublayer(scroll.frame)
        layOut(context.size)
    }

    /// An action button's width, and the space between two.
    /// An action button's least width, the space between two, and the room its word leaves at each end.
    private static let actionWidth = 86.0, actionGap = 8.0, actionPadding = 12.0
    /// Where Back's right edge is on the bar: the actions stay right of it.
    private static let backRight = 112.0

    /// The text's column: the page less 40 pt each side, up to `ReadingMeasure.widest`, centred.
    private var column: ReadingMeasure { ReadingMeasure(pageWidth: context.width) }

    /// The page filling a stage of `size`: the bar across it with the actions at its right end, the header and the
    /// body in the centred column.
    private func layOut(_ size: Size) {
        layer.bounds = Rect(origin: .zero, size: size)
        bar.frame = Rect(x: 0, y: 0, width: size.width, height: MailboxViewContext.navHeight)
        // Right to left from 16 pt in, each as wide as its word; where the bar is too narrow for all beside Back (a narrow
        // window in a language of long words), every button narrows alike and its word shrinks to fit (to 70 %, its
        // label's least scale; below that it is cut short, which a window of the Mailbox's least width never needs).
        let room = size.width - 16 - Self.backRight - Self.actionGap * Double(actionButtons.count)
        let scale = min(1, room / max(actionWidths.reduce(0, +), 1))
        var x = size.width - 16
        for (button, width) in zip(actionButtons, actionWidths) {
            let shown = (width * scale).rounded(.down)
            x -= shown + Self.actionGap
            button.frame = Rect(x: x, y: 14, width: shown, height: 36)
            button.sublayers.first?.frame = Rect(x: Self.actionPadding / 2, y: 7, width: shown - Self.actionPadding, height: 24)
        }
        let column = ReadingMeasure(pageWidth: size.width)
        // The time's 180-point box at the column's right end, the sender's beside it.
        let frames = [("reader.sender", Rect(x: column.left, y: 88, width: column.width - 180, height: Self.senderLine)),
                      ("reader.time", Rect(x: column.right - 180, y: 92, width: 180, height: 22)),
                      ("reader.subject", Rect(x: column.left, y: Self.subjectTop, width: column.width, height: Self.subjectLine))]
        for (id, frame) in frames { layer.layer(withIdentifier: id)?.frame = frame }
        scroll.frame.frame = Rect(x: column.left, y: Self.bodyTop, width: column.width, height: size.height - Self.bodyTop - 20)
    }

    /// The stage changed size: the page is laid out again, an open message's header and body wrap to the new column,
    /// and the body keeps the fraction of it scrolled past, so the same passage stays in view.
    func resize(to size: Size) {
        let fraction = scroll.maximumOffset > 0 ? scroll.offset / scroll.maximumOffset : 0
        layOut(size)
        guard store.state != nil, !layer.isHidden else { return }
        layOutHeader()
        fitBody()
        scroll.stop()
        scroll.offset = (fraction * scroll.maximumOffset).rounded()
        if !context.settings.reduceMotion { layer.position.x = context.width * (1 - progress) }
    }

    /// Fills the reader with the open message and slides it in, or slides it out.
    func show(wasReading: String?) {
        let state = context.state
        // Once closed, the page on its way out is offered to no one: screen readers and the keyboard go back to the list.
        if layer.accessibilityElementsHidden != (state.reading == nil) { layer.accessibilityElementsHidden = state.reading == nil }
        guard let id = state.reading, let message = state.message(withID: id) else {
            slide(to: 0)
            return
        }
        let time = MessageTime.whole(message, now: state.now, calendar: state.calendar, texts: context.texts)
        for (layerID, text) in [("reader.sender", message.sender), ("reader.time", time), ("reader.subject", message.subject)] {
            if let label = layer.layer(withIdentifier: layerID), case .text(var content) = label.contents {
                content.string = text
                label.contents = .text(content)
            }
        }
        layOutHeader()
        var text = TextContent(Self.shownText(of: message, context.texts), fontSize: 17, color: Palette.ink)
        text.lineLimit = 0
        if body.contents != .text(text) || wasReading != id { selectable.clear() }
        body.contents = .text(text)
        fitBody()
        if wasReading != id {
            scroll.offset = 0
            // As mail programs read a message that opens: its first paragraph is said after the subject and sender
            // (the focus, in the body, says those: see `update(dt:)`); the rest is read by line, flat review or say-all.
            pendingOpening = Self.opening(of: message.text)
        }
        slide(to: 1)
    }

    /// The start of a message's text a screen reader says as it opens: its first paragraph, at most 400 characters,
    /// cut after a word.
    static func opening(of text: String) -> String {
        let paragraph = text.split(separator: "\n\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let flat = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > 400 else { return flat }
        let cut = flat.prefix(400)
        return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
    }

    /// What the page shows of `message`: its text (and, where the reader was given only its start, how much more
    /// there is). Its files are listed in rows of their own below it (`ReaderAttachments`).
    static func shownText(of message: MailMessage, _ texts: Localization) -> String {
        var shown = message.text
        if message.charactersLeftOut > 0 { shown += " …\n\n" + texts(MailboxText.goesOn, count: message.charactersLeftOut) }
        return shown
    }

    /// A file's size as a person reads it: whole kilobytes (rounded up, so no file is "0 KB") under a megabyte,
    /// whole megabytes (rounded up) from there.
    static func size(_ bytes: Int, _ texts: Localization) -> String {
        let kilobytes = max(bytes, 0) / 1024 + (max(bytes, 0) % 1024 == 0 ? 0 : 1)
        guard kilobytes >= 1024 else { return texts(MailboxText.kilobytes, ["count": String(max(kilobytes, 1))]) }
        return texts(MailboxText.megabytes, ["count": String(kilobytes / 1024 + (kilobytes % 1024 == 0 ? 0 : 1))])
    }

    /// The body as wide as its scroll view and as tall as its wrapped lines, the message's files in rows below it.
    private func fitBody() {
        guard case .text(let text) = body.contents else { return }
        let width = scroll.frame.bounds.width
        let height = context.stage.textInput.measure.size(of: text, width: width).height + 8
        body.frame = Rect(x: 0, y: 0, width: width, height: height)
        let files = context.state.reading.flatMap { context.state.message(withID: $0)?.attachments } ?? []
        let filesHeight = attachments.show(files, width: width)
        attachments.layer.position = Point(x: 0, y: height + (filesHeight > 0 ? 8 : 0))
        let total = height + (filesHeight > 0 ? 8 + filesHeight + 8 : 0)
        scroll.content.bounds.size.width = width
        scroll.contentHeight = total
        scroll.content.bounds.size.height = max(total, 1)
        selectable.layOut()
    }

    /// The sender's and the subject's boxes on one line each (the page as it was always laid out), and where the
    /// subject and the body's scroll view then start.
    private static let senderLine = 28.0, subjectLine = 34.0, subjectTop = 124.0, bodyTop = 176.0

    /// The sender and subject as tall as their wrapped lines, and the body's scroll view below them down to the page's
    /// foot: each line past a label's first moves what is below it down by the line's height. A one-line sender and
    /// subject leave the page as it always was.
    private func layOutHeader() {
        guard let sender = layer.layer(withIdentifier: "reader.sender"), let subject = layer.layer(withIdentifier: "reader.subject") else { return }
        let measure = context.stage.textInput.measure
        func extraLines(of label: Layer) -> Double {
            guard case .text(let text) = label.contents else { return 0 }
            var oneLine = text
            oneLine.string = "X"
            let width = label.bounds.width
            return max(measure.size(of: text, width: width).height - measure.size(of: oneLine, width: width).height, 0).rounded(.up)
        }
        let senderExtra = extraLines(of: sender), subjectExtra = extraLines(of: subject)
        sender.frame.size.height = Self.senderLine + senderExtra
        subject.frame.origin.y = Self.subjectTop + senderExtra
        subject.frame.size.height = Self.subjectLine + subjectExtra
        let top = Self.bodyTop + senderExtra + subjectExtra
        let column = self.column
        let frame = Rect(x: column.left, y: top, width: column.width, height: max(context.size.height - 20 - top, Self.senderLine))
        if scroll.frame.frame != frame { scroll.frame.frame = frame }
    }

    /// 0 off to the right … 1 covering the list; springs there (a fade with reduced motion).
    private func slide(to target: Double, velocity: Double = 0) {
        layer.isHidden = false
        let motion = context.motion(spring: context.tuning.menuSpring, fade: context.tuning.reducedMotionFade)
        context.animator.animate(self, \MailboxReader.progress, to: target, with: motion, initialVelocity: velocity)
    }

    /// Each step: the body's scrolling, and the page placed for `progress` (faded instead with reduced motion).
    func update(dt: Double) {
        // The opened message's first paragraph, said once the focus is in its body (so after the subject and sender);
        // dropped if the reader closed first.
        if let opening = pendingOpening {
            if store.state == nil {
                pendingOpening = nil
            } else if body.hasKeyboardFocus {
                pendingOpening = nil
                if !opening.isEmpty { context.stage.announce(opening) }
            }
        }
        // A file's button reached by the keyboard: its row scrolls into view.
        let focused = context.stage.keyboardFocus.focused
        if focused !== lastFocused {
            lastFocused = focused
            if let row = attachments.rowFrame(holding: focused) {
                let top = attachments.layer.position.y + row.minY
                scroll.scroll(toShow: top, top + row.height)
            }
        }
        scroll.update(dt: dt)
        let hidden = progress <= 0.001
        if layer.isHidden != hidden { layer.isHidden = hidden }
        guard !hidden else { return }
        if context.settings.reduceMotion {
            layer.position.x = 0
            layer.opacity = min(max(progress, 0), 1)
        } else {
            layer.position.x = context.width * (1 - progress)
        }
    }

    /// A page key in the reader: the body scrolls (↑/↓ a line, Page Up/Page Down and Space a page, Home/End its ends).
    func page(_ move: ScrollView.PageMove) { scroll.page(move) }

    /// A drag from the left edge while reading: the page follows the finger; let go, the direction decides.
    func handlePan(_ pan: PanRecognizer) {
        isPanning = pan.state == .began || pan.state == .changed
        switch pan.state {
        case .began:
            context.animator.stop(self, \MailboxReader.progress)
        case .changed:
            progress = min(max(1 - pan.translation.dx / context.width, 0), 1)
        case .ended, .cancelled:
            let velocity = -pan.velocity.dx / context.width
            let stays = abs(velocity) > context.tuning.menuFlickSpeed ? velocity > 0 : progress > 0.5
            if stays { slide(to: 1, velocity: velocity) } else { store.send(.close) }
        default:
            break
        }
    }

    /// What the reader's button `id` asks: the swipe's actions on the open message, and Reply.
    private static func action(_ id: String) -> ReaderAction {
        switch id {
        case "archive": return .file(.archive)
        case "delete": return .file(.delete)
        case "later": return .file(.later)
        case "list": return .file(.list)
        case "reply-all": return .replyAll
        case "forward": return .forward
        default: return .reply
        }
    }

    /// Copies what is selected of the open message's text to the clipboard (Ctrl-C), or all of it when nothing is,
    /// and says so.
    func copyText() {
        guard let id = store.state, let message = context.state.message(withID: id) else { return }
        context.stage.textInput.clipboard.setText(selectable.selectedText ?? message.text)
        context.stage.announce(context.texts(MailboxText.copied))
    }

    /// Selects the whole of the open message's text (Ctrl-A), as a press and a drag over it would.
    func selectAllText() {
        guard store.state != nil else { return }
        selectable.selectAll()
    }

    /// The page as a dialog named by the subject and described by who wrote it when, its body as text that takes the
    /// focus as it opens (a screen reader says the subject, the sender and the first line, as mail programs do), its
    /// labels and buttons.
    func describe() {
        let state = context.state
        guard let id = state.reading, let message = state.message(withID: id) else { return }
        let from = context.texts(MailboxText.from, ["sender": message.sender, "time": MessageTime.whole(message, now: state.now, calendar: state.calendar, texts: context.texts)])
        layer.accessibility = Accessibility(role: .dialog, name: message.subject, description: from)
        // Named by what the dialog says (a screen reader meeting the body from a list that went says no ancestors).
        body.accessibility = Accessibility(role: .text, name: message.subject + ", " + from, exposesText: true, focus: {})
        for layerID in ["reader.sender", "reader.time", "reader.subject"] {
            if let label = layer.layer(withIdentifier: layerID) {
                label.accessibility = Accessibility(role: layerID == "reader.subject" ? .heading : .label, name: MailboxViewContext.text(of: label))
            }
        }
        attachments.describe()
        let buttons = [("reader.back", MailboxText.back)] + Self.actions.map { ("reader.action.\($0.id)", $0.title) }
        for (layerID, name) in buttons {
            guard let button = layer.layer(withIdentifier: layerID) else { continue }
            button.accessibility = Accessibility(role: .button, name: context.texts(name), actions: [.tapping(button)])
        }
    }
}

/// The reader's column of text on a page of a given width: 40 pt in from each side, and never wider than the seed's
/// page gave it (944 pt, on its 1024-point iPad), centred on a wider page. Lines longer than that are hard to follow
/// back to their starts; the seed's own width is kept so that its page at 1024×768 stays what it was.
struct ReadingMeasure: Equatable {
    /// The widest the column grows, in points.
    static let widest = 944.0
    /// The space kept between the page's sides and the column, at the least.
    static let margin = 40.0
    /// The column's left edge and width on the page.
    let left: Double, width: Double

    init(pageWidth: Double) {
        width = max(min(pageWidth - 2 * Self.margin, Self.widest), 1)
        left = ((pageWidth - width) / 2).rounded(.down)
    }

    /// The column's right edge.
    var right: Double { left + width }
}
