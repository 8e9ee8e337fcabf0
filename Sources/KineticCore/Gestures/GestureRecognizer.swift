/// The life of a recognizer, as in UIKit: it starts `possible`; a discrete gesture (tap) goes straight to
/// `recognized`; a continuous one (pan, long press) goes `began` → `changed`… → `ended` or `cancelled`;
/// one that sees its touch is not for it goes to `failed`.
public enum GestureState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed, recognized

    /// Whether the recognizer has claimed its touch.
    public var hasClaimed: Bool { self == .began || self == .changed || self == .ended || self == .recognized }
}

/// The base of every recognizer: a small state machine fed one touch at a time.
///
/// Subclasses override `touchBegan/Moved/Ended` and `tick(time:)` and call `transition(to:)`. The owner is told
/// of each change through `handler`. A recognizer follows one touch at a time: the first that lands on it.
open class GestureRecognizer {
    public private(set) var state: GestureState = .possible
    /// Called on every change of state except to `failed` and back to `possible`.
    public var handler: ((GestureRecognizer) -> Void)?
    /// When false, the recognizer ignores touches.
    public var isEnabled = true
    /// The touch being followed, if any.
    public private(set) var touchID: Int?
    /// Where the followed touch is now, in screen points.
    public private(set) var location = Point.zero
    /// Where it landed.
    public private(set) var startLocation = Point.zero
    public private(set) var startTime = 0.0

    public init(handler: ((GestureRecognizer) -> Void)? = nil) {
        self.handler = handler
    }

    /// Feeds one event; the arena calls this, in order, for every recognizer in the touch's path.
    public final func handle(_ event: TouchEvent) {
        guard isEnabled else { return }
        switch event.phase {
        case .began:
            guard touchID == nil else { return }
            reset()
            touchID = event.id
            location = event.location
            startLocation = event.location
            startTime = event.timestamp
            touchBegan(event)
        case .moved:
            guard event.id == touchID else { return }
            location = event.location
            touchMoved(event)
        case .ended:
            guard event.id == touchID else { return }
            location = event.location
            touchEnded(event)
            touchID = nil
        case .cancelled:
            guard event.id == touchID else { return }
            if state == .began || state == .changed { transition(to: .cancelled) }
            touchCancelled(event)
            touchID = nil
        }
    }

    /// Lets time-based recognizers (long press) act when no event arrives.
    open func tick(time: Double) {}

    /// Fails the recognizer because another one claimed the touch.
    public final func fail() {
        if state == .possible { state = .failed }
    }

    /// Back to `possible`, forgetting the touch.
    public final func reset() {
        state = .possible
        touchID = nil
        didReset()
    }

    open func didReset() {}
    open func touchBegan(_ event: TouchEvent) {}
    open func touchMoved(_ event: TouchEvent) {}
    open func touchEnded(_ event: TouchEvent) {}
    /// The touch was taken away: by the platform, or because another recognizer claimed it.
    open func touchCancelled(_ event: TouchEvent) {}

    /// Moves to `newState` and tells the handler.
    public final func transition(to newState: GestureState) {
        state = newState
        if newState != .failed && newState != .possible { handler?(self) }
    }
}
