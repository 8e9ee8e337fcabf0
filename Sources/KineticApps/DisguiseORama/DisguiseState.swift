import KineticData

/// Everything Disguise-O-Rama's rules know: where in the sequence the person is, the costumes, which of them are
/// on the wheel, and the keyboard's focus. A plain value: `DisguiseRules.reduce` changes it; the screen draws it.
///
/// The physics (the wheel's angle, the bubbles' bodies) is not here: it is a simulation the screen runs, told what
/// to do by the changes of this state (a phase, an arrow key's `wheelTurn`) and by the person's drag. No tuned
/// number is here either: what the rules need of the tuning comes with the action (`DisguiseAction.tick`, `.key`).
public struct DisguiseState: Equatable, Sendable {
    /// Where in the sequence the person is; each phase has its state name in scene dumps (see `stateName`).
    public enum Phase: Equatable, Sendable {
        /// The wordmark around Scotch, for the tuned splash duration (`DisguiseTuning.splashDuration`).
        case splash
        /// The wordmark leaving and Scotch moving to the intro (or straight to the wheel).
        case splashLeaving
        /// A page of the new-user intro, from 0.
        case intro(page: Int)
        /// The intro's panels leaving.
        case introLeaving
        /// The wheel, every bubble on its spoke.
        case wheel
        /// A costume worn, the other bubbles fallen.
        case selected(String)
        /// Bubbles on their way home after a deselection, until the physics comes to rest.
        case returning
    }

    /// The phase now: a launch starts on the splash.
    public var phase = Phase.splash
    /// Seconds on the splash so far.
    public var splashTime = 0.0
    /// How many times the sequence has started from the splash (the menu's "Replay intro" starts it again).
    public var launch = 0
    /// Whether the intro has been seen: then the splash goes straight to the wheel.
    public var introCompleted = false
    /// The intro's pages, in order: the bundled ones, or a served order's (fixed once the intro has begun).
    public var introPages = IntroPage.bundled
    /// The last served order's pages, for the next time the intro begins (a replay); `nil` when none came.
    public var servedIntroPages: [IntroPage]?
    /// Every costume known, in the order they join the wheel.
    public var costumes: [Costume]
    /// Costumes that arrived while the wheel was not whole (being built, or a costume worn); they join it once it is.
    public var pendingCostumes: [Costume] = []
    /// The ids of the bubbles on the wheel, in spoke order: the costumes of the page that shows.
    public var wheel: [String] = []
    /// The page of costumes on the wheel, from 0. The wheel holds `wheelCapacity` bubbles; a catalogue with more is
    /// shown a page at a time, so every costume the server offers can be reached (the seeds set no cap, and a smaller
    /// bubble or a second ring would still run out, and go below a tappable size first).
    public var page = 0
    /// The most bubbles on the wheel at once: twelve bubbles of 15% of the stage's height sit round its ring (radius
    /// 32.5% of the height) with room between them, each whole and tappable.
    public static let wheelCapacity = 12
    /// Set when the wheel could not be built: no bubble joins it, and Scotch stands alone.
    public var wheelUnavailable = false
    /// The last turn an arrow key asked of the wheel, `nil` before the first: a motion no lasting difference implies,
    /// so it is named here and the screen starts it when this changes.
    public var wheelTurn: WheelTurn?

    /// An arrow key's turn of the wheel by whole spokes. The serial number grows with each turn, so two equal turns
    /// in a row are two changes of the state.
    public struct WheelTurn: Equatable, Sendable {
        /// Whole spokes to turn by; positive is clockwise.
        public var spokes: Int
        /// The fastest the turn goes, in rad/s; it comes to rest on a spoke.
        public var speed: Double
        /// Which turn this is, from 1.
        public var serial: Int
        /// A held key's repeat: the turn counts from the spoke the wheel is passing, not from where the turns before
        /// were heading, so the wheel never runs ahead of the key and stops within a spoke once it comes up.
        public var held: Bool

        /// A turn by `spokes` at up to `speed` rad/s, the `serial`th; `held` for a held key's repeat.
        public init(spokes: Int, speed: Double, serial: Int, held: Bool = false) {
            (self.spokes, self.speed, self.serial, self.held) = (spokes, speed, serial, held)
        }
    }

    /// A launch on the splash, with `costumes` known and none on the wheel yet; `introCompleted` skips the intro.
    public init(costumes: [Costume], introCompleted: Bool = false) {
        self.costumes = costumes
        self.introCompleted = introCompleted
    }

    /// The name written into scene dumps: `splash`, `splash.leaving`, `intro.<page from 1>`, `intro.leaving`,
    /// `wheel`, `selected.<costumeId>` or `wheel.returning`.
    public var stateName: String {
        switch phase {
        case .splash: return "splash"
        case .splashLeaving: return "splash.leaving"
        case .intro(let page): return "intro.\(page + 1)"
        case .introLeaving: return "intro.leaving"
        case .wheel: return "wheel"
        case .selected(let id): return "selected.\(id)"
        case .returning: return "wheel.returning"
        }
    }

    /// Whether the wheel takes taps, drags and keys (it does while bubbles return, as it looks whole).
    public var wheelIsInteractive: Bool { phase == .wheel || phase == .returning }
    /// Whether the wheel shows, whole or with a costume worn.
    public var wheelIsShown: Bool {
        if case .selected = phase { return true }
        return wheelIsInteractive
    }

    /// The costume with `id`.
    public func costume(_ id: String) -> Costume? { costumes.first { $0.id == id } }

    /// How many pages the known costumes fill: at least one.
    public var pageCount: Int { max(1, (costumes.count + Self.wheelCapacity - 1) / Self.wheelCapacity) }

    /// The ids of the costumes on page `page` (held to the pages there are), in the order they join the wheel.
    public func costumeIDs(onPage page: Int) -> [String] {
        let page = min(max(page, 0), pageCount - 1)
        return costumes.dropFirst(page * Self.wheelCapacity).prefix(Self.wheelCapacity).map(\.id)
    }
}
