/// A turn of a mouse wheel or a stretch of a trackpad's two-finger scroll, as the platform reports it.
///
/// `delta` is in the wheel's own units, signed as SDL signs them: `dy > 0` is away from the person (the content moves
/// down, towards its top), and one click of a mouse wheel is 1. A trackpad sends a stream of fractional deltas
/// (`isPrecise`); a mouse wheel sends whole clicks.
public struct WheelEvent: Hashable, Sendable {
    /// Where the pointer is, in screen points: the scroll view under it is the one that scrolls.
    public var location: Point
    /// How far the wheel turned, in its own units (a click is 1; `dy > 0` is away from the person).
    public var delta: Vector
    /// A trackpad's continuous stream (moved 1:1, then coasting) rather than a wheel's clicks (a line each).
    public var isPrecise: Bool
    /// Seconds of simulated time.
    public var timestamp: Double

    /// A wheel event at `location` (screen points) turning by `delta`, at `timestamp` seconds of simulated time.
    public init(location: Point, delta: Vector, isPrecise: Bool, timestamp: Double) {
        self.location = location
        self.delta = delta
        self.isPrecise = isPrecise
        self.timestamp = timestamp
    }
}
