import KineticCore

/// Every motion parameter of the Honeycomb, in one place (`kinetic run honeycomb --tune DIR` writes
/// `DIR/honeycomb.json`). Where the hexagons go (`HoneycombTargets`: the burst's scale and how far the other
/// categories fly) is the layout's, not the motion's, and stays there.
public struct HoneycombTuning: TunableSet {
    public static let app = "honeycomb"

    // Morph
    public var cellSpring = Spring(response: 0.5, dampingRatio: 0.8)
    public var fadeSpring = Spring(response: 0.3, dampingRatio: 1)
    public var morphStagger = 0.2
    public var replaceFade = 0.15
    // Opening
    public var assembleDelay = 0.1
    public var assembleStagger = 0.07
    // Pressing
    public var pressDown = Spring(response: 0.12, dampingRatio: 1)
    public var pressUp = Spring(response: 0.3, dampingRatio: 0.55)
    public var pressShade = Spring(response: 0.15, dampingRatio: 1)
    // Updates
    public var updatePop = Spring(response: 0.35, dampingRatio: 0.5)
    // Reduced motion
    public var reducedMotionFade = 0.2
    public var reducedMotionChromeFade = 0.25

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
