import KineticCore

/// What Disguise-O-Rama's screen keeps from frame to frame besides the app's state: how far the intro's text has
/// scrolled, and the finger on the wheel. It only places layers and measures gestures; every decision is the rules'
/// (`DisguiseState`). Each part is kept by the component it belongs to (`IntroPager`, `CostumeWheelView`); the
/// screen reads them together (`DisguiseScreen.viewState`).
struct DisguiseViewState {
    /// The intro's scroll and a press waiting for it.
    var intro: IntroViewState
    /// The finger turning the wheel.
    var drag: WheelDrag
}

/// The intro's part of the view state.
struct IntroViewState {
    /// The content offset of the intro's text (points), animated to scroll between pages.
    var offset = 0.0
    /// A press of the intro's button (or Enter, Space) that came while the page was still scrolling into view: it
    /// turns the page once that page has settled, so no page is skipped half-read and no press is lost.
    var pendingPress = false
}
