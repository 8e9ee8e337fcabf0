/// Recognizes a touch that lifts close to where it landed, soon enough.
///
/// A touch that wanders more than `slop` points is not a tap (it is probably a swipe), and neither is one held
/// longer than `maximumDuration`.
public final class TapRecognizer: GestureRecognizer {
    /// How far, in points, the finger may move and still tap.
    public var slop: Double
    /// How long, in seconds, the finger may stay down and still tap.
    public var maximumDuration: Double

    /// Whether the second press of a double-click is the same press as the first, not another: for a button whose
    /// press moves a page on (the intro's Next), where a double-click would otherwise show the next page for a few
    /// frames and move on again. Off for most controls, which, as GTK's buttons, count each click.
    public var countsDoubleClickAsOne = false
    /// How soon after a tap, in seconds, and how near it, in points, a press is the second press of a double-click:
    /// GTK's default double-click time and distance.
    public static let doubleClickTime = 0.4, doubleClickDistance = 5.0
    /// When and where the last tap lifted.
    private var lastTap: (time: Double, location: Point)?

    /// A tap that allows `slop` points of movement and `maximumDuration` seconds of contact.
    public init(slop: Double = 10, maximumDuration: Double = 0.6, handler: ((GestureRecognizer) -> Void)? = nil) {
        self.slop = slop
        self.maximumDuration = maximumDuration
        super.init(handler: handler)
    }

    public override func touchMoved(_ event: TouchEvent) {
        if event.location.distance(to: startLocation) > slop { fail() }
    }

    public override func touchEnded(_ event: TouchEvent) {
        guard state == .possible else { return }
        let inTime = event.timestamp - startTime <= maximumDuration
        let still = event.location.distance(to: startLocation) <= slop
        guard inTime && still else { return fail() }
        if countsDoubleClickAsOne, let last = lastTap, startTime - last.time < Self.doubleClickTime,
           startLocation.distance(to: last.location) <= Self.doubleClickDistance {
            lastTap = nil  // a third click starts a new press
            return fail()
        }
        lastTap = (event.timestamp, event.location)
        transition(to: .recognized)
    }

    public override func tick(time: Double) {
        if touchID != nil, state == .possible, time - startTime > maximumDuration { fail() }
    }
}

/// Recognizes a touch held still for `minimumDuration` seconds; it then reports moves until the finger lifts.
public final class LongPressRecognizer: GestureRecognizer {
    /// How long, in seconds, the finger must stay down before the press begins.
    public var minimumDuration: Double
    /// How far, in points, the finger may move before the press begins and still count as held.
    public var slop: Double

    /// A long press that begins after `minimumDuration` seconds within `slop` points of where the finger landed.
    public init(minimumDuration: Double = 0.5, slop: Double = 10, handler: ((GestureRecognizer) -> Void)? = nil) {
        self.minimumDuration = minimumDuration
        self.slop = slop
        super.init(handler: handler)
    }

    public override func tick(time: Double) {
        if touchID != nil, state == .possible, time - startTime >= minimumDuration { transition(to: .began) }
    }

    public override func touchMoved(_ event: TouchEvent) {
        if state == .possible {
            tick(time: event.timestamp)
            if state == .possible, event.location.distance(to: startLocation) > slop { fail() }
        } else if state == .began || state == .changed {
            transition(to: .changed)
        }
    }

    public override func touchEnded(_ event: TouchEvent) {
        if state == .possible { tick(time: event.timestamp) }
        if state == .began || state == .changed { transition(to: .ended) } else { fail() }
    }
}
