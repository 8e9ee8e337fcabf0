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
    /// Where the recognizer is in its life; set only through `transition(to:)`, `fail()` and `reset()`.
    public private(set) var state: GestureState = .possible
    /// Called on every change of state except to `failed` and back to `possible`.
    public var handler: ((GestureRecognizer) -> Void)?
    /// When false, the recognizer ignores touches.
    public var isEnabled = true
    /// Whether the arena offers each event to this recognizer before the touched layers' own, whatever layer it sits
    /// on: a gesture of the whole window, as iOS's screen-edge pan comes before an app's (the shell's edge pan, which
    /// would otherwise lose a fast drag from the edge to a screen-wide pan that also crossed its slop on that event).
    public var isOfferedFirst = false
    /// The touch being followed, if any.
    public private(set) var touchID: Int?
    /// Where the followed touch is now, in screen points.
    public private(set) var location = Point.zero
    /// Where it landed.
    public private(set) var startLocation = Point.zero
    /// When the followed touch landed, in seconds of simulated time: taps and long presses time themselves from it.
    public private(set) var startTime = 0.0
    /// Recognizers that must fail before this one may claim a touch they also follow (a single tap waiting for a
    /// double tap to fail, say). Until then a claim is held back: the state is set but the handler not yet told.
    public private(set) var failureRequirements: [GestureRecognizer] = []
    /// Recognizers this one may recognize together with: when either claims a touch, the other is not failed and
    /// goes on receiving it (a pinch and a rotation, a drag and a long press that shows a menu).
    public private(set) var simultaneousPartners: [GestureRecognizer] = []
    /// Set while a claim waits for `failureRequirements`.
    public private(set) var isWaitingForFailures = false

    /// A recognizer in the `possible` state that tells `handler` of its changes of state.
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

    /// This recognizer claims only once `other` has failed on the same touch (and fails if `other` claims it).
    public func requireToFail(_ other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }

    /// This recognizer and `other` may both follow one touch.
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        guard other !== self else { return }
        if !simultaneousPartners.contains(where: { $0 === other }) { simultaneousPartners.append(other) }
        if !other.simultaneousPartners.contains(where: { $0 === self }) { other.simultaneousPartners.append(self) }
    }

    /// Whether a requirement still follows this recognizer's touch without having failed.
    var isBlockedByRequirements: Bool {
        failureRequirements.contains { $0.touchID == touchID && touchID != nil && $0.state != .failed }
    }

    /// The requirements failed: the held-back claim goes ahead and the handler is told.
    final func releaseHeldClaim() {
        guard isWaitingForFailures else { return }
        isWaitingForFailures = false
        notifyHandler()
    }

    /// Lets time-based recognizers (long press) act when no event arrives.
    open func tick(time: Double) {}

    /// Fails the recognizer because another one claimed the touch.
    public final func fail() {
        if state == .possible || isWaitingForFailures {
            state = .failed
            isWaitingForFailures = false
        }
    }

    /// Back to `possible`, forgetting the touch.
    public final func reset() {
        state = .possible
        touchID = nil
        isWaitingForFailures = false
        didReset()
    }

    /// Called at the end of `reset()`: a subclass forgets here what it kept about the last touch.
    open func didReset() {}
    /// The followed touch landed; `location` and `startLocation` are already set.
    open func touchBegan(_ event: TouchEvent) {}
    /// The followed touch moved; `location` is already updated.
    open func touchMoved(_ event: TouchEvent) {}
    /// The followed touch lifted; a subclass recognizes or fails here, before the touch is forgotten.
    open func touchEnded(_ event: TouchEvent) {}
    /// The touch was taken away: by the platform, or because another recognizer claimed it.
    open func touchCancelled(_ event: TouchEvent) {}

    /// Moves to `newState` and tells the handler.
    public final func transition(to newState: GestureState) {
        state = newState
        guard newState != .failed && newState != .possible else { return }
        if newState.hasClaimed && (isWaitingForFailures || isBlockedByRequirements) {
            isWaitingForFailures = true
            return
        }
        notifyHandler()
    }

    /// Tells the owner of a change. Subclasses with a handler of their own type (the pan's) add theirs here.
    open func notifyHandler() { handler?(self) }
}
