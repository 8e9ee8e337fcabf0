/// Recognizes a touch that lifts close to where it landed, soon enough.
///
/// A touch that wanders more than `slop` points is not a tap (it is probably a swipe), and neither is one held
/// longer than `maximumDuration`.
public final class TapRecognizer: GestureRecognizer {
    /// How far, in points, the finger may move and still tap.
    public var slop: Double
    /// How long, in seconds, the finger may stay down and still tap.
    public var maximumDuration: Double

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
        if inTime && still { transition(to: .recognized) } else { fail() }
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
