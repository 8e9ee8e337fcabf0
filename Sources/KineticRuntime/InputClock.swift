/// Gives each input event the stage time at which it really happened, from the platform's own timestamps.
///
/// A window collects a frame's events in one go; stamped all with the stage's current time, a fast drag's moves
/// would seem simultaneous, and velocities (which pans measure from timestamps) would be wrong. Instead, at each
/// frame the window anchors the platform's clock to the stage's (`anchor`), and each event's platform timestamp is
/// carried over by its distance from that anchor. Times never go backwards, and never run ahead of the anchor's
/// stage time.
public struct InputClock: Sendable {
    private var anchor: (platform: Double, stage: Double)?
    private var last = -Double.infinity

    /// A clock with no anchor yet: until the window's first `anchor`, every event is stamped at stage time 0.
    public init() {}

    /// Ties the platform's time `platform` (seconds) to the stage's time `stage` (seconds), once a frame.
    public mutating func anchor(platform: Double, stage: Double) {
        anchor = (platform, stage)
    }

    /// The stage time of an event the platform stamped `platform` seconds.
    public mutating func stageTime(forPlatform platform: Double) -> Double {
        guard let anchor else { return max(last, 0) }
        let time = min(max(anchor.stage + (platform - anchor.platform), last), anchor.stage)
        last = time
        return time
    }
}
