import KineticCore

/// Every motion parameter of the Honeycomb, in one place (`kinetic run honeycomb --tune DIR` writes
/// `DIR/honeycomb.json`). Where the hexagons go (`HoneycombTargets`: the burst's scale and how far the other
/// categories fly) is the layout's, not the motion's, and stays there.
public enum HoneycombTuning {
    public static let defaults = Tuning(app: "honeycomb", tunables: tunables)

    static let tunables: [Tunable] =
        Tunable.spring("morph.cellSpring", group: "Morph", label: "Hexagons moving and growing", default: Spring(response: 0.5, dampingRatio: 0.8))
        + Tunable.spring("morph.fadeSpring", group: "Morph", label: "Hexagons fading", default: Spring(response: 0.3, dampingRatio: 1))
        + [
            Tunable("morph.stagger", group: "Morph", label: "Cells growing out, nearest first, over", unit: "s", range: 0...1, default: 0.2),
            Tunable("morph.replaceFade", group: "Morph", label: "A replaced grid's cells fading", unit: "s", range: 0.02...1, default: 0.15),
            Tunable("assemble.delay", group: "Opening", label: "First category flying in after", unit: "s", range: 0...1, default: 0.1),
            Tunable("assemble.stagger", group: "Opening", label: "Between one category and the next", unit: "s", range: 0...0.5, default: 0.07),
          ]
        + Tunable.spring("press.down", group: "Pressing", label: "Hexagon pushed in", default: Spring(response: 0.12, dampingRatio: 1))
        + Tunable.spring("press.up", group: "Pressing", label: "Hexagon springing back", default: Spring(response: 0.3, dampingRatio: 0.55))
        + Tunable.spring("press.shade", group: "Pressing", label: "Pressed shade", default: Spring(response: 0.15, dampingRatio: 1))
        + Tunable.spring("update.pop", group: "Updates", label: "A changed cell's pop", default: Spring(response: 0.35, dampingRatio: 0.5))
        + [
            Tunable("reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1, default: 0.2),
            Tunable("reducedMotion.chromeFade", group: "Reduced motion", label: "Back button and title fading", unit: "s", range: 0.05...1, default: 0.25),
          ]
}
