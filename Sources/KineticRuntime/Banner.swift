import KineticCore
import KineticScene

/// A message along the bottom of a screen that fades in and goes away by itself, for news that needs no
/// answer ("Couldn’t update costumes — showing saved ones"). Apps add `layer` to their tree and call
/// `update(dt:)` each step.
public final class Banner {
    /// How long a short message stays, in seconds; a longer one stays longer (`seconds(for:)`).
    public static let seconds = 4.0
    /// The most lines a message takes; a longer one is shortened in its middle to fit them.
    public static let lines = 3
    /// One line's height, in points (15-point bold).
    static let lineHeight = 20.0
    /// Where the banner was placed, to place it again when a message changes its height.
    private var placement: (size: Size, width: Double, control: Rect?)?
    /// The banner's layer, to add to the screen's tree; hidden while no message shows.
    public let layer: Layer
    private var remaining = 0.0
    /// Called with each message as it shows, whole (before any shortening): a screen hands it to its stage's
    /// `announce`, so a screen reader says what a sighted person reads at the bottom.
    public var onShow: ((String) -> Void)?

    /// A hidden banner whose layer is named `identifier` in dumps.
    public init(identifier: String = "banner") {
        layer = Layer(identifier: identifier)
        layer.backgroundColor = Palette.ink.withAlpha(0.9)
        layer.cornerRadius = 20
        layer.contents = .text(TextContent("", bold: true, fontSize: 15, color: .white, alignment: .center, centeredVertically: true))
        layer.isHidden = true
        layer.isUserInteractionEnabled = false
    }

    /// Centres the banner 40 pt above the bottom of a screen of `size` (and again when the screen is resized).
    /// - Parameter size: the screen's size, in points; the banner is centred across it, near its bottom.
    /// - Parameter width: the banner's width, in points.
    /// - Parameter control: a control along the bottom that the banner must never cover (the Mailbox's Undo): the
    ///   banner then sits 12 pt above it.
    public func place(in size: Size, width: Double = 460, clearOf control: Rect? = nil) {
        placement = (size, width, control)
        layOut(height: layer.isHidden ? 40 : max(layer.bounds.height, 40))
    }

    /// The banner `height` tall, its bottom edge 20 pt above the screen's (or 12 pt above `control`), centred.
    private func layOut(height: Double) {
        guard let (size, width, control) = placement else { return }
        layer.frame = Rect(x: (size.width - width) / 2, y: size.height - 20 - height, width: width, height: height)
        if let control, layer.frame.intersects(control) {
            layer.position.y = control.minY - 12 - layer.bounds.height / 2
        }
    }

    /// How long `message` stays: 4 s, and a third of a second more for each word past the ninth (some 180 words a
    /// minute, a slow reader's pace), at most 12 s.
    public static func seconds(for message: String) -> Double {
        let words = message.split(whereSeparator: \.isWhitespace).count
        return min(max(seconds, 1 + Double(words) / 3), 12)
    }

    /// Places the banner at the bottom of a screen of `size` and adds it to `parent` at `zPosition`, above the app's
    /// own layers.
    /// - Parameter parent: the layer the banner is added to, usually the screen's root.
    /// - Parameter size: the screen's size, in points, as `place(in:width:clearOf:)`'s.
    /// - Parameter zPosition: the banner's `zPosition` in `parent`: one above the app's own layers.
    /// - Parameter width: the banner's width, in points, as `place(in:width:clearOf:)`'s.
    /// - Parameter control: as `place(in:width:clearOf:)`'s.
    public func add(to parent: Layer, size: Size, zPosition: Double, width: Double = 460, clearOf control: Rect? = nil) {
        place(in: size, width: width, clearOf: control)
        layer.zPosition = zPosition
        parent.addSublayer(layer)
    }

    /// While held, a message waits instead of showing, and shows (for its whole time) once the banner is let go: for a
    /// screen in a transition that leaves it no free place (Disguise-O-Rama's splash, whose wordmarks fill the stage and
    /// fly off across it). The last message waiting is the one shown.
    public private(set) var isHeld = false
    private var waiting: String?

    /// Holds messages back (`true`) or lets go (`false`), showing the one that waited.
    public func hold(_ held: Bool, animator: Animator) {
        isHeld = held
        if !held, let message = waiting {
            waiting = nil
            show(message, animator: animator)
        }
    }

    /// Shows `message`, fading in, for `seconds(for:)` (once let go, while held). With `measure` (the stage's text
    /// measure), the banner grows to as many lines as the message needs, up to `lines`; a longer one is shortened in
    /// its middle, "…" standing for what was left out, so it keeps its start and its end (a link's address and its
    /// last part; "…so it is not sent again").
    public func show(_ message: String, animator: Animator, measure: TextMeasuring? = nil) {
        if isHeld {
            waiting = message
            return
        }
        if case .text(var text) = layer.contents {
            text.string = message
            var height = 40.0
            if let measure {
                let width = layer.bounds.width - 2 * Self.padding
                text.string = Self.shortened(text, toFit: width, lines: Self.lines, lineHeight: Self.lineHeight, measure: measure)
                let lines = (measure.size(of: text, width: width).height / Self.lineHeight).rounded()
                height = max(40, lines * Self.lineHeight + 20)
            }
            layer.contents = .text(text)
            // Taller or shorter from where it sits (the app may have placed it: Disguise-O-Rama's phases), its
            // bottom edge kept.
            let bottom = layer.frame.maxY
            layer.frame = Rect(x: layer.frame.minX, y: bottom - height, width: layer.frame.width, height: height)
        }
        layer.isHidden = false
        layer.opacity = 0
        // The whole message for a screen reader's review, even where the line on screen is shortened.
        layer.accessibility = Accessibility(role: .label, name: message)
        onShow?(message)
        remaining = Self.seconds(for: message)
        animator.animate(layer, \.opacity, to: 1, with: .tween(duration: 0.25))
    }

    /// The room kept between a shortened message and each end of the banner, in points (the corners' radius).
    public static let padding = 20.0

    /// `text`'s string, or as much of its start and its end as fits `lines` lines of `width` points (one line:
    /// unwrapped) with "…" between.
    public static func shortened(_ text: TextContent, toFit width: Double, lines: Int = 1, lineHeight: Double = 20,
                                 measure: TextMeasuring) -> String {
        func fits(_ string: String) -> Bool {
            var candidate = text
            candidate.string = string
            if lines <= 1 { return measure.size(of: candidate, width: nil).width <= width }
            return measure.size(of: candidate, width: width).height <= Double(lines) * lineHeight + lineHeight / 2
        }
        let characters = Array(text.string)
        if fits(text.string) { return text.string }
        func keeping(_ count: Int) -> String {
            let head = (count + 1) / 2
            return String(characters.prefix(head)) + "…" + String(characters.suffix(count - head))
        }
        // The most characters kept that still fit: fitting only gets easier as fewer are kept.
        var (low, high) = (0, characters.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(keeping(middle)) { low = middle } else { high = middle - 1 }
        }
        return keeping(low)
    }

    /// Whether a message is showing and counting down to its fade.
    public var isCounting: Bool { remaining > 0 }

    /// Counts the message's time down and fades it out at the end.
    public func update(dt: Double, animator: Animator) {
        guard remaining > 0 else { return }
        remaining -= dt
        if remaining <= 0 {
            animator.animate(layer, \.opacity, to: 0, with: .tween(duration: 0.4)) { [weak layer] finished in
                if finished { layer?.isHidden = true }
            }
        }
    }
}
