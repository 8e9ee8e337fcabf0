/// The mouse's press and drag, claimed the moment the button goes down where `accepts` says: a press on text a
/// person selects. A finger's touch (or a press elsewhere) fails at once, so the touch goes on to a scroll's pan or a
/// button's tap. `began` at the press, `changed` at each move, `ended` at the release.
public final class MousePressRecognizer: GestureRecognizer {
    /// Whether a press at this point (on the stage) is the recognizer's.
    private let accepts: (Point) -> Bool

    /// A recognizer for presses `accepts` takes, telling `handler` of each change.
    public init(accepts: @escaping (Point) -> Bool = { _ in true }, handler: ((GestureRecognizer) -> Void)? = nil) {
        self.accepts = accepts
        super.init(handler: handler)
    }

    public override func touchBegan(_ event: TouchEvent) {
        if event.isMouse, accepts(event.location) { transition(to: .began) } else { transition(to: .failed) }
    }

    public override func touchMoved(_ event: TouchEvent) {
        if state == .began || state == .changed { transition(to: .changed) }
    }

    public override func touchEnded(_ event: TouchEvent) {
        if state == .began || state == .changed { transition(to: .ended) }
    }
}
