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
    /// Points of content scrolled off the top; below `minimumOffset` or past `maximumOffset` while rubber-banding.
    public var offset = 0.0 { didSet { content.position = Point(x: 0, y: contentInset.top - offset) } }
    /// The content's height, in points: it runs from `minimumOffset` (0 unless content reaches above the origin) to
    /// here, in content coordinates.
    public var contentHeight = 0.0
    /// The smallest offset at rest, 0 or less: content that reaches above its origin (a grid whose rows moved up to
    /// make room for a panel) can be scrolled down to by this much, while the origin stays where the app put it.
    public var minimumOffset = 0.0
    /// Room kept free above and below the content (under a bar, say), in points.
    public var contentInset: (top: Double, bottom: Double) = (0, 0) { didSet { content.position.y = contentInset.top - offset } }
    /// The pan that scrolls; vertical only, so a horizontal drag on the content is left to the content.
    /// Made in `init`, right after the scroll view itself (the pan's handler needs `self`).
    public private(set) var pan: PanRecognizer!
    /// Told whenever the finger starts scrolling (an app closes what a scroll should close).
    public var onScrollBegan: (() -> Void)?
    private let animator: () -> Animator
    private var dragStartOffset = 0.0
    /// The bar that shows where the content is while it moves (see `ScrollIndicator`).
    private let indicator: ScrollIndicator
    /// Where the bar was when a drag of it began (track points).
    private var barDragStart = 0.0

    /// - Parameter identifier: the clipping layer's identifier (`frame`'s), and the start of its indicator's.
    /// - Parameter rect: the clipping layer's frame in its superlayer; the content starts the same size.
    /// - Parameter animator: the animator to coast and spring with (the stage's, looked up when needed).
    public init(identifier: String?, frame rect: Rect, animator: @escaping () -> Animator) {
        frame = Layer(identifier: identifier, frame: rect)
        frame.masksToBounds = true
        indicator = ScrollIndicator(identifier: identifier)
        self.animator = animator
        content.anchorPoint = .zero
        content.bounds = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
        content.isUserInteractionEnabled = false
        frame.addSublayer(content)
        pan = PanRecognizer(minimumDistance: 10, axis: .vertical) { [weak self] in self?.handlePan($0) }
        frame.gestureRecognizers = [pan]
        frame.onWheel = { [weak self] in self?.scroll(by: $0) ?? false }
        frame.addSublayer(indicator.track)
        indicator.track.gestureRecognizers = [PanRecognizer(minimumDistance: 2) { [weak self] in self?.dragBar($0) }]
        frame.onPointerWithin = { [weak self] in self?.indicator.pointerIsOver = $0 }
        offset = 0
    }

    /// One step of the scroll view's own clock: the indicator shows while the content moves and fades after. The
    /// owner calls it from its screen's `update(dt:)`.
    public func update(dt: Double) {
        indicator.update(dt: dt, offset: offset - minimumOffset, contentHeight: contentHeight - minimumOffset, visibleHeight: visibleHeight,
                         top: contentInset.top, frameWidth: frame.bounds.width)
    }

    /// Whether the indicator shows and will fade: a screen is not at rest until it is gone. One held by the pointer
    /// resting over the view is at rest (the pointer leaving wakes the stage).
    public var isIndicatorFading: Bool { indicator.isFading }

    /// The indicator dragged: the content follows, the bar's travel standing for the whole content.
    private func dragBar(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            stop()
            stream = nil
            barDragStart = indicator.bar.frame.minY
        case .changed:
            offset = minimumOffset + indicator.offset(forBarAt: barDragStart + pan.translation.dy, contentHeight: contentHeight - minimumOffset,
                                                      visibleHeight: visibleHeight)
        default:
            break
        }
    }

    /// The view's owner laid it out anew (its window was resized): the frame is `rect`, the content as wide, and the
    /// offset stays where it was, held to the range the new height leaves (a coast under way stops there).
    public func resize(to rect: Rect) {
        frame.frame = rect
        content.bounds.size.width = rect.width
        guard !offsetRange.contains(offset) else { return }
        stop()
        offset = clamped(offset)
    }

    /// The visible height less the insets.
    public var visibleHeight: Double { frame.bounds.height - contentInset.top - contentInset.bottom }

    /// The largest offset at rest: the content's end at the bottom of the visible area (0 when it all fits).
    public var maximumOffset: Double { max(contentHeight - visibleHeight, minimumOffset) }

    /// The offsets the content can rest at.
    public var offsetRange: ClosedRange<Double> { minimumOffset...maximumOffset }

    /// `value` held to `offsetRange`.
    public func clamped(_ value: Double) -> Double { min(max(value, minimumOffset), maximumOffset) }

    /// The nearest offset in range, for a value outside it (what a coast that crosses an end springs back to).
    private var limits: @Sendable (Double) -> Double? {
        let (lower, upper) = (minimumOffset, maximumOffset)
        return { value in value < lower ? lower : value > upper ? upper : nil }
    }

    /// Whether the content is moving by itself (coasting or springing back).
    public var isMoving: Bool { animator().isAnimating(self, \ScrollView.offset) }

    /// Stops any coasting where it is.
    public func stop() { animator().stop(self, \ScrollView.offset) }

    /// Scrolls so that content from `top` to `bottom` (content points) is visible, with a spring, doing nothing
    /// when it already is.
    public func scroll(toShow top: Double, _ bottom: Double) {
        var target = offset
        if top < offset { target = top } else if bottom > offset + visibleHeight { target = bottom - visibleHeight }
        target = clamped(target)
        if abs(target - offset) > 0.5 { animator().animate(self, \ScrollView.offset, to: target, with: .spring(response: 0.4, dampingRatio: 1)) }
    }

    /// Puts the offset back inside its range (after the content shrank), with a spring.
    public func settleInRange() {
        guard !isMoving, offset > maximumOffset + 0.5 || offset < minimumOffset - 0.5 else { return }
        animator().animate(self, \ScrollView.offset, to: clamped(offset), with: .spring(response: 0.4, dampingRatio: 1))
    }

    /// Springs to `target` (held to the range), as a page key does: what an app calls to bring content home.
    public func scroll(to target: Double) {
        guard abs(clamped(target) - offset) > 0.5 || isMoving else { return }
        glide(to: target, with: Self.pageSpring)
    }

    /// A keyboard's move through the content.
    public enum PageMove: Sendable { case up, down, top, bottom, lineUp, lineDown }

    /// Page Up / Page Down scroll by the visible height less a row's worth of overlap (48 pt), so the line read last
    /// stays in view; Home and End go to either end; ↑ and ↓ (`lineUp`, `lineDown`) a line, 48 pt, as a wheel's click.
    /// With a spring, and never past an end.
    public func page(_ move: PageMove) {
        let page = max(visibleHeight - Self.lineStep, Self.lineStep)
        switch move {
        case .lineUp: glide(to: heading - Self.lineStep, with: Self.pageSpring)
        case .lineDown: glide(to: heading + Self.lineStep, with: Self.pageSpring)
        case .up: glide(to: heading - page, with: Self.pageSpring)
        case .down: glide(to: heading + page, with: Self.pageSpring)
        case .top: glide(to: minimumOffset, with: Self.pageSpring)
        case .bottom: glide(to: maximumOffset, with: Self.pageSpring)
        }
    }

    /// Where the offset is going: the end of the move under way, or where it is. A step (a key press, a wheel click)
    /// counts from here, so quick presses add up rather than each starting from wherever the last had reached.
    private var heading: Double { animator().target(of: self, \ScrollView.offset) ?? offset }

    /// Springs the offset to `target`, held inside its range, ending any trackpad stream.
    private func glide(to target: Double, with spring: Spring) {
        stream = nil
        animator().animate(self, \ScrollView.offset, to: clamped(target), with: .spring(spring))
    }

    // MARK: Wheel and trackpad

    /// Points a wheel click scrolls: half of a 96 pt list row.
    public static let lineStep = 48.0
    /// The short spring a click's scroll moves with.
    static let lineSpring = Spring(response: 0.22, dampingRatio: 1)
    /// The spring a page key's scroll moves with.
    static let pageSpring = Spring(response: 0.35, dampingRatio: 1)
    /// Seconds after which a trackpad's next delta starts a new stream rather than continuing one.
    public static let streamGapSeconds = 0.1
    /// A trackpad stream's velocity, in points per second, once a delta of `points` has come `interval` seconds after
    /// the last: a stream's first delta counts as one frame's (1/60 s) movement; each later one is averaged half and
    /// half with the estimate so far, over at least 1/240 s, so one uneven delta does not jerk the coast.
    public static func streamVelocity(_ previous: Double?, adding points: Double, after interval: Double) -> Double {
        guard let previous else { return points * 60 }
        return 0.5 * previous + 0.5 * points / max(interval, 1.0 / 240)
    }
    /// The running trackpad stream: where its 1:1 movement has brought the content (before rubber-banding), the
    /// last delta's time, and the stream's velocity in points per second.
    private var stream: (raw: Double, time: Double, velocity: Double)?

    /// Scrolls by a wheel's click or a trackpad's delta; returns whether the view took it (a view with nothing to
    /// scroll, or a sideways delta, is left to the views behind).
    func scroll(by wheel: WheelEvent) -> Bool {
        guard wheel.delta.dy != 0, maximumOffset > minimumOffset || offset != minimumOffset else { return false }
        let points = -wheel.delta.dy * Self.lineStep
        if wheel.isPrecise {
            followStream(points, at: wheel.timestamp)
        } else {
            glide(to: heading + points, with: Self.lineSpring)
        }
        return true
    }

    /// A trackpad moves the content 1:1 and, between its deltas, lets it coast with the stream's velocity, as a flick
    /// does: when the stream stops, the last coast simply goes on and decays, rubber-banding back past an end.
    private func followStream(_ points: Double, at time: Double) {
        stop()
        if var running = stream, time - running.time <= Self.streamGapSeconds {
            running.velocity = Self.streamVelocity(running.velocity, adding: points, after: time - running.time)
            running.raw += points
            running.time = time
            stream = running
        } else {
            onScrollBegan?()
            stream = (raw: offset + points, time: time, velocity: Self.streamVelocity(nil, adding: points, after: 0))
        }
        guard let running = stream else { return }
        offset = rubberBand(running.raw, range: offsetRange, dimension: visibleHeight)
        animator().decay(self, \ScrollView.offset, velocity: running.velocity, decay: Decay(decelerationRate: Decay.normal), limits: limits)
    }

    private func handlePan(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            stop()
            dragStartOffset = offset
            onScrollBegan?()
        case .changed:
            offset = rubberBand(dragStartOffset - pan.translation.dy, range: offsetRange, dimension: visibleHeight)
        case .ended, .cancelled:
            animator().decay(self, \ScrollView.offset, velocity: -pan.velocity.dy, decay: Decay(decelerationRate: Decay.normal), limits: limits)
        default:
            break
        }
    }
}

/// The scroll offset, set without a key-path write (see `DirectAnimationTarget`).
extension ScrollView: DirectAnimationTarget {
    /// Sets `offset` for the animator (a coast, a spring back); any other key path or value type is refused.
    public func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool {
        guard keyPath == \ScrollView.offset, let offset = value as? Double else { return false }
        self.offset = offset
        return true
    }
}
