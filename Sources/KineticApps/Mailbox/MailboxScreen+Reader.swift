import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The reader: a message opened from the list slides in from the right over it, with its sender, subject, time, the
/// whole body (wrapping, and scrolling when long) and its actions. Back, Esc or a drag from the left edge slides it
/// out with the finger, as iOS's navigation does: interruptible, the release's direction deciding.
extension MailboxScreen {
    static let readerActions: [(id: String, title: String)] = [("archive", "Archive"), ("delete", "Delete"), ("later", "Later"), ("list", "List"), ("reply", "Reply")]

    func buildReader(size: Size) {
        reader.anchorPoint = .zero
        reader.frame = Rect(origin: .zero, size: size)
        reader.backgroundColor = .white
        reader.zPosition = 4
        reader.isHidden = true
        reader.cursor = .arrow  // the page itself is no button
        reader.gestureRecognizers = [TapRecognizer { _ in }]
        content.addSublayer(reader)
        let bar = Layer(frame: Rect(x: 0, y: 0, width: size.width, height: Self.navHeight))
        bar.backgroundColor = Self.tint
        reader.addSublayer(bar)
        let back = Typography.panel("reader.back", frame: Rect(x: 16, y: 14, width: 96, height: 36), color: .white, cornerRadius: 8)
        back.addSublayer(Typography.label(nil, "‹ Back", frame: Rect(x: 0, y: 7, width: 96, height: 24), size: 17, bold: true, color: Palette.ink, alignment: .center))
        back.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.closeMessage) }]
        bar.addSublayer(back)
        var x = size.width - 16
        for action in Self.readerActions.reversed() {
            let width = 86.0
            x -= width + 8
            let button = Typography.panel("reader.action.\(action.id)", frame: Rect(x: x, y: 14, width: width, height: 36), color: .white, cornerRadius: 8)
            button.addSublayer(Typography.label(nil, action.title, frame: Rect(x: 0, y: 7, width: width, height: 24), size: 16, bold: true, color: Palette.ink, alignment: .center))
            button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.readerAction(action.id) }]
            bar.addSublayer(button)
        }
        for (id, frame, size, bold) in [("reader.sender", Rect(x: 40, y: 88, width: size.width - 260, height: 28), 22.0, true),
                                        ("reader.time", Rect(x: size.width - 220, y: 92, width: 180, height: 22), 15.0, false),
                                        ("reader.subject", Rect(x: 40, y: 124, width: size.width - 80, height: 34), 26.0, true)] {
            let label = Typography.label(id, "", frame: frame, size: size, bold: bold, color: id == "reader.time" ? Palette.muted : Palette.ink,
                                         alignment: id == "reader.time" ? .right : .left, lineLimit: 1)
            reader.addSublayer(label)
        }
        readerScroll = ScrollView(identifier: "reader.scroll", frame: Rect(x: 40, y: 176, width: size.width - 80, height: size.height - 196),
                                  animator: { [unowned self] in self.animator })
        readerBody.isUserInteractionEnabled = false
        readerScroll.content.addSublayer(readerBody)
        reader.addSublayer(readerScroll.frame)
    }

    /// Fills the reader with the open message and slides it in, or slides it out.
    func showReader(wasReading: String?) {
        guard let id = state.reading, let message = state.messages.first(where: { $0.id == id }) else {
            slideReader(to: 0)
            return
        }
        for (layerID, text) in [("reader.sender", message.sender), ("reader.time", message.time), ("reader.subject", message.subject)] {
            if let layer = reader.layer(withIdentifier: layerID), case .text(var content) = layer.contents {
                content.string = text
                layer.contents = .text(content)
            }
        }
        var body = TextContent(message.text, fontSize: 17, color: Palette.ink)
        body.lineLimit = 0
        let width = readerScroll.frame.bounds.width
        let height = requiredStage.textInput.measure.size(of: body, width: width).height + 8
        readerBody.identifier = "reader.body"
        readerBody.contents = .text(body)
        readerBody.frame = Rect(x: 0, y: 0, width: width, height: height)
        readerScroll.contentHeight = height
        readerScroll.content.bounds.size.height = max(height, 1)
        if wasReading != id { readerScroll.offset = 0 }
        slideReader(to: 1)
    }

    /// 0 off to the right … 1 covering the list; springs there (a fade with reduced motion).
    func slideReader(to progress: Double, velocity: Double = 0) {
        reader.isHidden = false
        let motion: Motion = settings.reduceMotion ? .tween(duration: motionTuning.reducedMotionFade, curve: .easeInEaseOut) : .spring(motionTuning.menuSpring)
        animator.animate(self, \MailboxScreen.viewState.readerProgress, to: progress, with: motion, initialVelocity: velocity)
    }

    /// Places the reader for `viewState.readerProgress` (each step).
    func placeReader() {
        let progress = viewState.readerProgress
        let hidden = progress <= 0.001
        if reader.isHidden != hidden { reader.isHidden = hidden }
        guard !hidden else { return }
        if settings.reduceMotion {
            reader.position.x = 0
            reader.opacity = min(max(progress, 0), 1)
        } else {
            reader.position.x = width * (1 - progress)
        }
    }

    /// A drag from the left edge while reading: the page follows the finger; let go, the direction decides.
    func handleReaderPan(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            animator.stop(self, \MailboxScreen.viewState.readerProgress)
        case .changed:
            viewState.readerProgress = min(max(1 - pan.translation.dx / width, 0), 1)
        case .ended, .cancelled:
            let velocity = -pan.velocity.dx / width
            let stays = abs(velocity) > motionTuning.menuFlickSpeed ? velocity > 0 : viewState.readerProgress > 0.5
            if stays { slideReader(to: 1, velocity: velocity) } else { send(.closeMessage) }
        default:
            break
        }
    }

    /// The reader's buttons: the swipe's actions on the open message, and Reply.
    func readerAction(_ id: String) {
        guard let message = state.reading else { return }
        switch id {
        case "archive": send(.command(id: message, zone: .archive))
        case "delete": send(.command(id: message, zone: .delete))
        case "later": send(.command(id: message, zone: .later))
        case "list": send(.command(id: message, zone: .list))
        default: send(.reply(message))
        }
    }

    /// The unread dots follow what the person opened.
    func paintUnread() {
        for message in state.messages {
            rows[message.id]?.setUnread(state.isUnread(message))
        }
    }

    /// Tells the rules the date about once a second (the system clock in a window, which wakes a resting window each
    /// second; a scenario's fixed start plus its time), so Later messages come back when their moment comes.
    func tellTheTime() {
        let now = settings.date(atStageTime: requiredStage.time)
        if let lastClock, abs(now.timeIntervalSince(lastClock)) < 1 { return }
        lastClock = now
        send(.clock(now, calendar: settings.calendar))
    }
}
