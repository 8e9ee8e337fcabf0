/// What the Honeycomb's screen keeps from frame to frame besides the app's state: the targets of the last state it
/// placed layers for. Its components keep their own (the staggered moves, the
/// panel's placement, the grid's scroll); every decision is the rules' (`HoneycombState`).
struct HoneycombViewState {
    /// The targets of the last state asked about (see `HoneycombScreen.targets`).
    var targets: (state: HoneycombState, targets: HoneycombTargets)?
}
