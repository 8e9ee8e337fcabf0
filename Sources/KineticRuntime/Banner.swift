import KineticCore
import KineticScene

/// A message along the bottom of a screen that fades in and goes away by itself, for news that needs no
/// answer ("Couldn’t update costumes — showing saved ones"). Apps add `layer` to their tree and call
/// `update(dt:)` each step.
public final class Banner {
    /// How long a message stays, in seconds.
    public static let seconds = 4.0
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
    /// - Parameter control: a control along the bottom that the banner must never cover (the Mailbox's Undo): the
    ///   banner then sits 12 pt above it.
    public func place(in size: Size, width: Double = 460, clearOf control: Rect? = nil) {
        layer.frame = Rect(center: Point(x: size.width / 2, y: size.height - 40), size: Size(width: width, height: 40))
        if let control, layer.frame.intersects(control) {
            layer.position.y = control.minY - 12 - layer.bounds.height / 2
        }
    }

    /// Places the banner at the bottom of a screen of `size` and adds it to `parent` at `zPosition`, above the app's
    /// own layers.
    /// - Parameter control: as `place(in:width:clearOf:)`'s.
    public func add(to parent: Layer, size: Size, zPosition: Double, clearOf control: Rect? = nil) {
        place(in: size, clearOf: control)
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

    /// Shows `message`, fading in, for `Banner.seconds` (once let go, while held). With `measure` (the stage's text
    /// measure), a message too wide for the banner's one line is shortened in its middle, "…" standing for what was
    /// left out, so it stays inside the banner and keeps its start and its end (a link's address and its last part).
    public func show(_ message: String, animator: Animator, measure: TextMeasuring? = nil) {
        if isHeld {
            waiting = message
            return
        }
        if case .text(var text) = layer.contents {
            text.string = message
            if let measure { text.string = Self.shortened(text, toFit: layer.bounds.width - 2 * Self.padding, measure: measure) }
            layer.contents = .text(text)
        }
        layer.isHidden = false
        layer.opacity = 0
        // The whole message for a screen reader's review, even where the line on screen is shortened.
        layer.accessibility = Accessibility(role: .label, name: message)
        onShow?(message)
        remaining = Banner.seconds
        animator.animate(layer, \.opacity, to: 1, with: .tween(duration: 0.25))
    }

    /// The room kept between a shortened message and each end of the banner, in points (the corners' radius).
    public static let padding = 20.0

    /// `text`'s string, or as much of its start and its end as fits on one line of `width` points with "…" between.
    public static func shortened(_ text: TextContent, toFit width: Double, measure: TextMeasuring) -> String {
        func fits(_ string: String) -> Bool {
            var candidate = text
            candidate.string = string
            return measure.size(of: candidate, width: nil).width <= width
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
