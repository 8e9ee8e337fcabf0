import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The layers of one message row: the slot (`row.<id>`, which collapses), the revealed background
/// (`swipe.<id>`) with its icon (`swipe.icon.<id>`), and the sliding message (`message.<id>`, whose x is the swipe).
final class MessageRowView {
    static let height = 96.0
    static let iconSize = 32.0

    let id: String
    let slot: Layer
    let background: Layer
    let icon: Layer
    let message: Layer
    private let unreadDot = Layer()
    /// The icon the row shows now (`paint` sets its file only when this changes).
    private var iconName: String?
    /// Each icon's file, by name, once asked for: a swipe back and forth between zones builds no path twice.
    private var iconFiles: [String: String] = [:]
    /// The swipe: the message's x offset, in points (negative: left). Animated by the screen.
    var offset = 0.0 { didSet { paint() } }
    /// The zone the message was let go in, kept while it slides off (crossing 260 pt on the way changes nothing).
    var lockedZone: SwipeZone? { didSet { paint() } }
    /// The offset when the finger caught the message.
    var swipeStart = 0.0
    /// Set while the row leaves the list (it takes no more touches).
    var isLeaving = false
    /// Set while the message slides off after a release past the line; the seed's next step (the options, or the
    /// row closing) waits for the slide to end.
    var isSlidingOff = false
    /// The model filed the message while it slid: its row closes once the slide ends.
    var collapsesWhenOff = false

    /// What the row's time says instead of the message's own (a Later message: when it comes back).
    private var timeLabel: String?
    /// The layer that shows the time (or `timeLabel`).
    private var timeLayer: Layer?

    init(message model: MailMessage, width: Double, art: @escaping (String) -> String, timeLabel: String? = nil) {
        self.timeLabel = timeLabel
        id = model.id
        slot = Layer(identifier: "row.\(model.id)", frame: Rect(x: 0, y: 0, width: width, height: Self.height))
        slot.anchorPoint = .zero
        slot.position = .zero
        slot.masksToBounds = true
        background = Layer(identifier: "swipe.\(model.id)", frame: Rect(x: 0, y: 0, width: width, height: Self.height))
        background.isUserInteractionEnabled = false
        icon = Layer(identifier: "swipe.icon.\(model.id)", frame: Rect(x: 0, y: 0, width: Self.iconSize, height: Self.iconSize))
        icon.isUserInteractionEnabled = false
        message = Layer(identifier: "message.\(model.id)", frame: Rect(x: 0, y: 0, width: width, height: Self.height))
        message.anchorPoint = .zero
        message.position = .zero
        message.backgroundColor = .white
        message.isUserInteractionEnabled = false
        self.art = art
        slot.addSublayer(background)
        slot.addSublayer(icon)
        slot.addSublayer(message)
        fill(model, width: width)
        paint()
    }

    private let art: (String) -> String

    /// Says `label` where the time shows (a Later row's "Tomorrow 08:00" becoming "Today 08:00" at midnight); the
    /// same words change nothing, so nothing is drawn again.
    func showTimeLabel(_ label: String) {
        guard label != timeLabel, let timeLayer, case .text(var content) = timeLayer.contents else { return }
        timeLabel = label
        content.string = label
        timeLayer.contents = .text(content)
    }

    /// Sender, time, subject (with the account beside it, when the Mailbox reads several), the two-line snippet, the
    /// unread dot and the separator.
    private func fill(_ model: MailMessage, width: Double) {
        let ink = Palette.ink, muted = Palette.muted
        message.addSublayer(Typography.label("message.\(model.id).sender", model.sender, frame: Rect(x: 44, y: 12, width: width - 200, height: 22),
                                             size: 17, bold: true, color: ink, lineLimit: 1))
        let time = Typography.label("message.\(model.id).time", timeLabel ?? model.time, frame: Rect(x: width - 150, y: 13, width: 126, height: 20),
                                    size: 14, color: muted, alignment: .right, lineLimit: 1)
        message.addSublayer(time)
        timeLayer = time
        let accountWidth = model.account == nil ? 0.0 : 126.0
        message.addSublayer(Typography.label("message.\(model.id).subject", model.subject,
                                             frame: Rect(x: 44, y: 35, width: width - 80 - (accountWidth > 0 ? accountWidth - 12 : 0), height: 20),
                                             size: 15, color: ink, lineLimit: 1))
        if let account = model.account {
            message.addSublayer(Typography.label("message.\(model.id).account", account, frame: Rect(x: width - 24 - accountWidth, y: 36, width: accountWidth, height: 18),
                                                 size: 13, color: muted, alignment: .right, lineLimit: 1))
        }
        // Two lines at the rows' one size, the second ending in "…" where the text goes on: never shrunk to fit, so
        // every row's snippet reads alike (issue #58, item 6: long ones shrank at 800 × 600).
        message.addSublayer(Typography.label(nil, model.snippet, frame: Rect(x: 44, y: 53, width: width - 80, height: 41),
                                             size: 14, color: muted, lineLimit: 2, minimumScale: 1))
        unreadDot.frame = Rect(x: 16, y: 18, width: 11, height: 11)
        unreadDot.contents = .shape(ShapeContent(path: .circle, fill: Color(red8: 0x3A, green8: 0x9B, blue8: 0xDC)))
        unreadDot.isHidden = !model.unread
        unreadDot.identifier = "message.\(model.id).unread"
        message.addSublayer(unreadDot)
        let separator = Layer(frame: Rect(x: 44, y: Self.height - 1, width: width - 44, height: 1))
        separator.backgroundColor = Color(red8: 0xE6, green8: 0xE6, blue8: 0xE6)
        message.addSublayer(separator)
    }

    /// Shows or hides the unread dot (the person opened the message).
    func setUnread(_ unread: Bool) {
        if unreadDot.isHidden == unread { unreadDot.isHidden = !unread }
    }

    /// Colour, icon, its opacity and place for the current offset (`SwipeZone`).
    func paint() {
        message.position.x = offset
        let zone = lockedZone ?? SwipeZone(offset: offset)
        background.backgroundColor = zone.color
        background.isHidden = abs(offset) < 0.5
        // The dark icons are the same names in the art's `dark` folder, so dumps still name them `archive`, `later`, ….
        let name = (zone.iconIsDark ? "dark/" : "") + (lockedZone?.iconName ?? SwipeZone.icon(at: offset))
        // Only when the icon changes: its path is a new string each time it is made.
        if name != iconName {
            iconName = name
            let file = iconFiles[name] ?? art(name)
            iconFiles[name] = file
            icon.contents = .image(.file(file))
        }
        icon.opacity = SwipeZone.iconOpacity(at: offset)
        icon.position = Point(x: SwipeZone.iconCentreX(at: offset, rowWidth: slot.bounds.width, iconSize: Self.iconSize), y: Self.height / 2)
    }
}

/// The swipe offset, set without a key-path write (see `DirectAnimationTarget`).
extension MessageRowView: DirectAnimationTarget {
    func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool {
        guard keyPath == \MessageRowView.offset, let offset = value as? Double else { return false }
        self.offset = offset
        return true
    }
}
