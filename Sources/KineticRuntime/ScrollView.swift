import KineticCore
import KineticScene

/// A vertically scrolling area, like `UIScrollView`: the finger drags the content, a release keeps its velocity and
/// coasts with UIScrollView's deceleration, and past either end the content rubber-bands and springs back.
///
/// `frame` clips; `content` is where the app puts its rows, in content coordinates (y from 0 at the top of the
/// content). The scroll is one number, `offset` (points of content scrolled off the top), animated by the stage's
/// animator, so a touch that lands while the content coasts catches it where it is.
public final class ScrollView {
    /// The clipping layer to add to a screen; it carries the pan.
    public let frame: Layer
    /// The content, moved by the scroll.
    public let content = Layer()
    /// Points of content scrolled off the top; negative or past `maximumOffset` while rubber-banding.
    public var offset = 0.0 { didSet { content.position = Point(x: 0, y: contentInset.top - offset) } }
    /// The content's height, in points.
    public var contentHeight = 0.0
    /// Room kept free above and below the content (under a bar, say), in points.
    public var contentInset: (top: Double, bottom: Double) = (0, 0) { didSet { content.position.y = contentInset.top - offset } }
    /// The pan that scrolls; vertical only, so a horizontal drag on the content is left to the content.
    /// Made in `init`, right after the scroll view itself (the pan's handler needs `self`).
    public private(set) var pan: PanRecognizer!
    /// Told whenever the finger starts scrolling (an app closes what a scroll should close).
    public var onScrollBegan: (() -> Void)?
    private let animator: () -> Animator
    private var dragStartOffset = 0.0

    /// - Parameter animator: the animator to coast and spring with (the stage's, looked up when needed).
    public init(identifier: String?, frame rect: Rect, animator: @escaping () -> Animator) {
        frame = Layer(identifier: identifier, frame: rect)
        frame.masksToBounds = true
        self.animator = animator
        content.anchorPoint = .zero
        content.bounds = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
        content.isUserInteractionEnabled = false
        frame.addSublayer(content)
        pan = PanRecognizer(minimumDistance: 10, axis: .vertical) { [weak self] in self?.handlePan($0) }
        frame.gestureRecognizers = [pan]
        offset = 0
    }

    /// The visible height less the insets.
    public var visibleHeight: Double { frame.bounds.height - contentInset.top - contentInset.bottom }

    /// The largest offset at rest: the content's end at the bottom of the visible area (0 when it all fits).
    public var maximumOffset: Double { max(contentHeight - visibleHeight, 0) }

    /// Whether the content is moving by itself (coasting or springing back).
    public var isMoving: Bool { animator().isAnimating(self, \ScrollView.offset) }

    /// Stops any coasting where it is.
    public func stop() { animator().stop(self, \ScrollView.offset) }

    /// Scrolls so that content from `top` to `bottom` (content points) is visible, with a spring, doing nothing
    /// when it already is.
    public func scroll(toShow top: Double, _ bottom: Double) {
        var target = offset
        if top < offset { target = top } else if bottom > offset + visibleHeight { target = bottom - visibleHeight }
        target = min(max(target, 0), maximumOffset)
        if abs(target - offset) > 0.5 { animator().animate(self, \ScrollView.offset, to: target, with: .spring(response: 0.4, dampingRatio: 1)) }
    }

    /// Puts the offset back inside its range (after the content shrank), with a spring.
    public func settleInRange() {
        guard !isMoving, offset > maximumOffset + 0.5 || offset < -0.5 else { return }
        animator().animate(self, \ScrollView.offset, to: min(max(offset, 0), maximumOffset), with: .spring(response: 0.4, dampingRatio: 1))
    }

    private func handlePan(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            stop()
            dragStartOffset = offset
            onScrollBegan?()
        case .changed:
            offset = rubberBand(dragStartOffset - pan.translation.dy, range: 0...maximumOffset, dimension: visibleHeight)
        case .ended, .cancelled:
            let upper = maximumOffset
            animator().decay(self, \ScrollView.offset, velocity: -pan.velocity.dy, decay: Decay(decelerationRate: Decay.normal),
                             limits: { value in value < 0 ? 0 : value > upper ? upper : nil })
        default:
            break
        }
    }
}

/// The scroll offset, set without a key-path write (see `DirectAnimationTarget`).
extension ScrollView: DirectAnimationTarget {
    public func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool {
        guard keyPath == \ScrollView.offset, let offset = value as? Double else { return false }
        self.offset = offset
        return true
    }
}
