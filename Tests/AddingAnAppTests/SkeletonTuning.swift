import KineticCore

/// Every motion parameter of the Counter, in one place: code reads them as properties, and the table names them
/// for the tuning file (`kinetic run counter --tune DIR` would write `DIR/counter.json`), the panel (**T**) and the
/// overlay. Where the button goes is the layout's, not the motion's, and stays in the screen.
struct SkeletonTuning: TunableSet {
    static let app = "counter"

    /// The button springing to its next place.
    var slide = Spring(response: 0.4, dampingRatio: 0.8)
    /// Seconds of the fade that stands in for the slide with reduced motion.
    var reducedMotionFade = 0.2

    init() {}

    /// The file's keys and the panel's rows, in the panel's order.
    static let table: [TunableField<SkeletonTuning>] = [
        .spring(\.slide, "button.slide", group: "Button", label: "Button sliding to its place"),
        .number(\.reducedMotionFade, "reducedMotion.fade", group: "Reduced motion", label: "Fade instead of the slide", unit: "s",
                range: 0.05...1),
    ]
}
