import KineticCore

/// Every motion parameter of the Honeycomb, in one place (`kinetic run honeycomb --tune DIR` writes
/// `DIR/honeycomb.json`). Where the hexagons go (`HoneycombTargets`: the burst's scale and how far the other
/// categories fly) is the layout's, not the motion's, and stays there.
public struct HoneycombTuning: TunableSet {
    /// The app's id: it names the tuning file (`honeycomb.json`) and is written under the file's `app` key.
    public static let app = "honeycomb"

    // Morph
    /// Hexagons moving and growing in a morph.
    public var cellSpring = Spring(response: 0.5, dampingRatio: 0.8)
    /// Hexagons fading in and out.
    public var fadeSpring = Spring(response: 0.3, dampingRatio: 1)
    /// Seconds over which a grid's cells grow out, nearest first.
    public var morphStagger = 0.2
    /// Seconds a replaced grid's cells take to fade.
    public var replaceFade = 0.15
    // Opening
    /// Seconds before the first category flies in.
    public var assembleDelay = 0.0
    /// Seconds between one category flying in and the next.
    public var assembleStagger = 0.07
    // Pressing
    /// A hexagon pushed in under the finger.
    public var pressDown = Spring(response: 0.12, dampingRatio: 1)
    /// A hexagon springing back when the finger lifts.
    public var pressUp = Spring(response: 0.3, dampingRatio: 0.55)
    /// The pressed shade coming and going.
    public var pressShade = Spring(response: 0.15, dampingRatio: 1)
    // Updates
    /// A changed cell's pop.
    public var updatePop = Spring(response: 0.35, dampingRatio: 0.5)
    // Reduced motion
    /// Seconds of the cross-fade that stands in for motion.
    public var reducedMotionFade = 0.2
    /// Seconds the back button and the title take to fade.
    public var reducedMotionChromeFade = 0.25

    /// Every parameter at its default.
    public init() {}

    /// The file's keys and the panel's rows, in the panel's order.
    public static let table: [TunableField<HoneycombTuning>] = [
        .spring(\.cellSpring, "morph.cellSpring", group: "Morph", label: "Hexagons moving and growing"),
        .spring(\.fadeSpring, "morph.fadeSpring", group: "Morph", label: "Hexagons fading"),
        .number(\.morphStagger, "morph.stagger", group: "Morph", label: "Cells growing out, nearest first, over", unit: "s", range: 0...1),
        .number(\.replaceFade, "morph.replaceFade", group: "Morph", label: "A replaced grid's cells fading", unit: "s", range: 0.02...1),
        .number(\.assembleDelay, "assemble.delay", group: "Opening", label: "First category flying in after", unit: "s", range: 0...1),
        .number(\.assembleStagger, "assemble.stagger", group: "Opening", label: "Between one category and the next", unit: "s", range: 0...0.5),
        .spring(\.pressDown, "press.down", group: "Pressing", label: "Hexagon pushed in"),
        .spring(\.pressUp, "press.up", group: "Pressing", label: "Hexagon springing back"),
        .spring(\.pressShade, "press.shade", group: "Pressing", label: "Pressed shade"),
        .spring(\.updatePop, "update.pop", group: "Updates", label: "A changed cell's pop"),
        .number(\.reducedMotionFade, "reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1),
        .number(\.reducedMotionChromeFade, "reducedMotion.chromeFade", group: "Reduced motion", label: "Back button and title fading", unit: "s", range: 0.05...1),
    ]
}
