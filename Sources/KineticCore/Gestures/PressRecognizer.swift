/// A button's touch tracking: a tap that also reports, from the moment the finger lands, whether the button
/// should look pressed.
///
/// Like `UIControl`, it shows the press at once but claims nothing until the finger lifts, so a pan or a scroll
/// behind the button can still win the touch. The press ends (and `onPressChange(false)` is called) when the
/// finger lifts, leaves the button (`contains` says no), moves further than `slop`, or another recognizer
/// claims the touch; only a lift inside, within `slop`, is recognized as a tap.
public final class PressRecognizer: GestureRecognizer {
    /// Whether a point in screen coordinates is on the button (its hit shape, not just its box).
    public var contains: (Point) -> Bool
    /// How far, in points, the finger may move and still press.
    public var slop: Double
    /// Called with `true` when the press starts and `false` when it ends, whatever ended it.
    public var onPressChange: ((Bool) -> Void)?
    /// Whether the button looks pressed now.
    public private(set) var isPressed = false

    /// A press that shows through `onPressChange` while the finger stays on the button (`contains`) within `slop`
    /// points, and tells `handler` when it is recognized as a tap.
    public init(slop: Double = 10, contains: @escaping (Point) -> Bool, onPressChange: ((Bool) -> Void)? = nil,
                handler: ((GestureRecognizer) -> Void)? = nil) {
        self.slop = slop
        self.contains = contains
        self.onPressChange = onPressChange
        super.init(handler: handler)
    }

    public override func touchBegan(_ event: TouchEvent) {
        setPressed(contains(event.location))
    }

    public override func touchMoved(_ event: TouchEvent) {
        guard state == .possible else { return }
        if event.location.distance(to: startLocation) > slop || !contains(event.location) {
            setPressed(false)
            fail()
        }
    }

    public override func touchEnded(_ event: TouchEvent) {
        let wasPressed = isPressed
        setPressed(false)
        if state == .possible, wasPressed, contains(event.location) { transition(to: .recognized) } else { fail() }
    }

    public override func touchCancelled(_ event: TouchEvent) { setPressed(false) }

    public override func didReset() { setPressed(false) }

    private func setPressed(_ pressed: Bool) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        onPressChange?(pressed)
    }
}
