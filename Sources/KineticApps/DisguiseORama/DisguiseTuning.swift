import KineticCore

/// Every motion parameter of Disguise-O-Rama, in one place: the screen and the wheel read them from here
/// (`kinetic run disguise --tune DIR` writes them to `DIR/disguise.json` and applies every save live). The rules
/// never do: the splash's time and an arrow key's speed come to them with the tick and the key.
public struct DisguiseTuning: TunableSet {
    /// The app's id: it names the tuning file (`disguise.json`) and is written under the file's `app` key.
    public static let app = "disguise"

    // Splash
    /// Seconds on the splash.
    public var splashDuration = 0.6
    /// Seconds the wordmarks take to leave while Scotch moves.
    public var splashExit = 0.8
    // Intro
    /// Seconds the intro's panels take to slide in.
    public var introPanelSlide = 0.45
    /// Seconds they take to slide out.
    public var introPanelExit = 0.4
    /// The intro's text scrolling to the next page.
    public var introPageSpring = Spring(response: 0.45, dampingRatio: 0.82)
    /// Scotch moving to his place on the wheel.
    public var introScotchSpring = Spring(response: 0.6, dampingRatio: 0.8)
    // Choosing
    /// Seconds the chosen bubble's ring takes to grow off screen.
    public var selectRingGrow = 0.5
    /// Seconds its icon and disc take to fade.
    public var selectFade = 0.15
    /// Seconds the titles take to slide in.
    public var selectTitleSlide = 0.45
    /// The costume flying onto Scotch.
    public var selectCostumeSpring = Spring(response: 0.5, dampingRatio: 0.62)
    // Taking off
    /// The costume going back into its bubble.
    public var deselectSpring = Spring(response: 0.45, dampingRatio: 0.8)
    /// Seconds the titles take to slide out.
    public var deselectTitleSlide = 0.4
    /// Seconds the ring takes to come back.
    public var deselectRingFade = 0.2
    /// Seconds the icon and disc take to come back.
    public var deselectIconFade = 0.25
    /// Seconds the costume takes to fade off Scotch.
    public var deselectCostumeFade = 0.3
    // Wheel (Hz, ratio; 1/s; rad/s², rad/s)
    /// The spring holding a bubble on its spoke, in Hz.
    public var bubbleSpringFrequency = CostumeWheel.Settings.standard.bubbleSpring.frequency
    /// Its damping ratio.
    public var bubbleSpringDampingRatio = CostumeWheel.Settings.standard.bubbleSpring.dampingRatio
    /// The soft spring bringing bubbles home after a fall, in Hz.
    public var returnSpringFrequency = CostumeWheel.Settings.standard.returnSpring.frequency
    /// Its damping ratio.
    public var returnSpringDampingRatio = CostumeWheel.Settings.standard.returnSpring.dampingRatio
    /// Friction on the wheel in proportion to its speed, per second.
    public var viscousFriction = CostumeWheel.Settings.standard.viscousFriction
    /// Friction that stops the wheel for good, in rad/s².
    public var constantFriction = CostumeWheel.Settings.standard.constantFriction
    /// The fastest the wheel turns, in rad/s.
    public var maximumSpeed = CostumeWheel.Settings.standard.maximumSpeed
    /// How fast an arrow key turns the wheel by one spoke, in rad/s.
    public var keySpin = 1.5
    // Falling
    /// Gravity on fallen bubbles (1 = 1000 pt/s²).
    public var gravity = CostumeWheel.Settings.standard.gravity
    /// How fallen bubbles bounce off the floor and each other (0…1).
    public var elasticity = CostumeWheel.Settings.standard.elasticity
    /// Friction between bubbles (Coulomb).
    public var friction = CostumeWheel.Settings.standard.friction
    /// A bubble's drag through the air, per second.
    public var airResistance = CostumeWheel.Settings.standard.resistance
    // Reduced motion
    /// Seconds of the cross-fade that stands in for motion.
    public var reducedMotionFade = 0.2

    /// Every parameter at its default.
    public init() {}

    /// The file's keys and the panel's rows, in the panel's order.
    public static let table: [TunableField<DisguiseTuning>] = [
        .number(\.splashDuration, "splash.duration", group: "Splash", label: "Time on the splash", unit: "s", range: 0.1...5),
        .number(\.splashExit, "splash.exit", group: "Splash", label: "Wordmarks leaving, Scotch moving", unit: "s", range: 0.1...3),
        .number(\.introPanelSlide, "intro.panelSlide", group: "Intro", label: "Panels sliding in", unit: "s", range: 0.05...2),
        .number(\.introPanelExit, "intro.panelExit", group: "Intro", label: "Panels sliding out", unit: "s", range: 0.05...2),
        .spring(\.introPageSpring, "intro.pageSpring", group: "Intro", label: "Text scrolling to the next page"),
        .spring(\.introScotchSpring, "intro.scotchSpring", group: "Intro", label: "Scotch to his wheel place"),
        .number(\.selectRingGrow, "select.ringGrow", group: "Choosing", label: "Ring growing off screen", unit: "s", range: 0.05...2),
        .number(\.selectFade, "select.fade", group: "Choosing", label: "Icon and disc fading", unit: "s", range: 0.02...1),
        .number(\.selectTitleSlide, "select.titleSlide", group: "Choosing", label: "Titles sliding in", unit: "s", range: 0.05...2),
        .spring(\.selectCostumeSpring, "select.costumeSpring", group: "Choosing", label: "Costume onto Scotch"),
        .spring(\.deselectSpring, "deselect.spring", group: "Taking off", label: "Costume back into its bubble"),
        .number(\.deselectTitleSlide, "deselect.titleSlide", group: "Taking off", label: "Titles sliding out", unit: "s", range: 0.05...2),
        .number(\.deselectRingFade, "deselect.ringFade", group: "Taking off", label: "Ring coming back", unit: "s", range: 0.02...1),
        .number(\.deselectIconFade, "deselect.iconFade", group: "Taking off", label: "Icon and disc coming back", unit: "s", range: 0.02...1),
        .number(\.deselectCostumeFade, "deselect.costumeFade", group: "Taking off", label: "Costume fading off Scotch", unit: "s", range: 0.02...1),
        .number(\.bubbleSpringFrequency, "wheel.bubbleSpring.frequency", group: "Wheel", label: "Bubble spring: frequency", unit: "Hz", range: 0.2...10),
        .number(\.bubbleSpringDampingRatio, "wheel.bubbleSpring.dampingRatio", group: "Wheel", label: "Bubble spring: damping ratio", range: 0.05...2),
        .number(\.returnSpringFrequency, "wheel.returnSpring.frequency", group: "Wheel", label: "Spring home after a fall: frequency", unit: "Hz", range: 0.1...10),
        .number(\.returnSpringDampingRatio, "wheel.returnSpring.dampingRatio", group: "Wheel", label: "Spring home after a fall: damping ratio", range: 0.05...2),
        .number(\.viscousFriction, "wheel.viscousFriction", group: "Wheel", label: "Friction in proportion to speed", unit: "1/s", range: 0...5),
        .number(\.constantFriction, "wheel.constantFriction", group: "Wheel", label: "Friction that stops it for good", unit: "rad/s²", range: 0...5),
        .number(\.maximumSpeed, "wheel.maximumSpeed", group: "Wheel", label: "Fastest turn", unit: "rad/s", range: 0.5...20),
        .number(\.keySpin, "wheel.keySpin", group: "Wheel", label: "Arrow key: speed of its one-spoke turn", unit: "rad/s", range: 0.1...10),
        .number(\.gravity, "fall.gravity", group: "Falling", label: "Gravity (1 = 1000 pt/s²)", range: 0.05...5),
        .number(\.elasticity, "fall.elasticity", group: "Falling", label: "Bounce off the floor and each other", range: 0...1),
        .number(\.friction, "fall.friction", group: "Falling", label: "Friction between bubbles", range: 0...2),
        .number(\.airResistance, "fall.airResistance", group: "Falling", label: "Drag through the air", unit: "1/s", range: 0...5),
        .number(\.reducedMotionFade, "reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1),
    ]

    /// The wheel's part.
    var wheel: CostumeWheel.Settings {
        CostumeWheel.Settings(bubbleSpring: (bubbleSpringFrequency, bubbleSpringDampingRatio),
                              returnSpring: (returnSpringFrequency, returnSpringDampingRatio),
                              viscousFriction: viscousFriction, constantFriction: constantFriction, maximumSpeed: maximumSpeed,
                              gravity: gravity, elasticity: elasticity, friction: friction, resistance: airResistance)
    }
}
