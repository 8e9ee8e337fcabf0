import KineticCore

/// A text field's mouse: it claims the touch the moment it lands (a press in a field places the caret at once, and a
/// drag from there selects), and reports every move and the lift.
public final class TextPointerRecognizer: GestureRecognizer {
    public override func touchBegan(_ event: TouchEvent) { transition(to: .began) }
    public override func touchMoved(_ event: TouchEvent) { transition(to: .changed) }
    public override func touchEnded(_ event: TouchEvent) { transition(to: .ended) }
}

/// Tells a single click from a double and a triple one: a press counts as the next of a run when it comes within
/// `interval` seconds of the last and within `slop` points of it (GTK's defaults: 400 ms, a few pixels).
public struct ClickCounter: Equatable, Sendable {
    /// The longest wait between presses of one run, in seconds.
    public var interval = 0.4
    /// The farthest a press may land from the last one and still count, in points.
    public var slop = 5.0
    private var last: (time: Double, point: Point, count: Int)?

    /// A counter at GTK's defaults that has seen no press yet.
    public init() {}

    /// The press at `point` at `time`: 1, 2 or 3 (a fourth quick press starts over at 1).
    public mutating func press(at point: Point, time: Double) -> Int {
        var count = 1
        if let last, time - last.time <= interval, time >= last.time, point.distance(to: last.point) <= slop, last.count < 3 { count = last.count + 1 }
        last = (time, point, count)
        return count
    }

    /// Equal when the settings and the last press (its time, point and count) are.
    public static func == (a: ClickCounter, b: ClickCounter) -> Bool {
        a.interval == b.interval && a.slop == b.slop && a.last?.time == b.last?.time && a.last?.point == b.last?.point && a.last?.count == b.last?.count
    }
}
