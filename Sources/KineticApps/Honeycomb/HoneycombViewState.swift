/// What the Honeycomb's screen keeps from frame to frame besides the app's state: its own clock for staggered moves,
/// the moves waiting their turn, and where the panel is. It only places layers; every decision is the rules'
/// (`HoneycombState`).
struct HoneycombViewState {
    /// Seconds of simulated time since the screen appeared, the clock `pending` is timed by.
    var time = 0.0
    /// Retargets waiting for their turn in a stagger: when (on `time`), which layer, and what to do.
    var pending: [(time: Double, id: String, apply: () -> Void)] = []
    /// The panel's current placement, so a new one can start from it.
    var panelPlacement: HoneycombGeometry.PanelPlacement?
    /// The placement the grid's scroll range was last set for (see `syncGridScroll`).
    var scrolledForPlacement: HoneycombGeometry.PanelPlacement?
    /// The cell the grid last scrolled into view for the keyboard's focus.
    var focusScrolledTo: String?
}
