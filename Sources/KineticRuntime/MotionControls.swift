import KineticCore

/// Tools for seeing motion as it happens: slow motion, pause and single steps, and the debug overlay.
///
/// The fixed-step clock makes slow motion exact: at ½× the stage takes the same steps, each over twice the wall
/// time, so every frame is one a 1× run shows, later. Keys reach these tools only when the screen has no use for
/// them (while typing in the Mailbox's compose sheet, S is a letter), or with Alt held, always.
public struct MotionControls: Sendable, Equatable {
    /// The speeds **S** cycles through.
    public static let speeds: [Double] = [1, 0.5, 0.25, 0.1]

    /// Which of `speeds` the clock runs at; 0 is 1×.
    public private(set) var speedIndex = 0
    /// While paused the clock stands still; **.** moves it one step.
    public var isPaused = false
    /// Whether the debug overlay (**O**) is drawn: velocities, projected rest positions, thresholds, bodies and springs.
    public var showsOverlay = false
    /// Whether the tuning panel (**T**) shows.
    public var showsTuningPanel = false
    /// Steps asked for with **.** while paused, not yet taken.
    public private(set) var pendingSingleSteps = 0

    /// Full speed, running, no overlay and no tuning panel.
    public init() {}

    /// Simulated seconds per wall-clock second.
    public var speed: Double { Self.speeds[speedIndex] }

    /// **S**: the next speed, back to 1× after 1/10×.
    public mutating func cycleSpeed() { speedIndex = (speedIndex + 1) % Self.speeds.count }

    /// Answers the tools' keys: S, P, the full stop, O and T (any case); returns whether the key was one of them.
    public mutating func handle(_ key: KeyEvent.Key) -> Bool {
        switch key {
        case .character("s"), .character("S"): cycleSpeed()
        case .character("p"), .character("P"): isPaused.toggle()
        case .character("."): if isPaused { pendingSingleSteps += 1 } else { isPaused = true }
        case .character("o"), .character("O"): showsOverlay.toggle()
        case .character("t"), .character("T"): showsTuningPanel.toggle()
        default: return false
        }
        return true
    }

    /// Takes one pending single step, if there is one.
    public mutating func takeSingleStep() -> Bool {
        guard pendingSingleSteps > 0 else { return false }
        pendingSingleSteps -= 1
        return true
    }
}
