import KineticCore

/// What Disguise-O-Rama's screen keeps from frame to frame besides the app's state: how far the intro's text has
/// scrolled and where a drag on the wheel began. It only places layers and measures gestures; every decision is
/// the rules' (`DisguiseState`).
struct DisguiseViewState {
    /// The content offset of the intro's text (points), animated to scroll between pages.
    var introOffset = 0.0
    /// Where a drag on the wheel began: the finger's angle about the centre and the wheel's angle then (radians).
    var panStart: (fingerAngle: Double, wheelAngle: Double)?
    /// The finger's turn so far (radians), unwrapped across the ±π seam.
    var panLastTurn = 0.0
    /// Where the finger turning the wheel is and how fast it moves (pt, pt/s), for the debug overlay.
    var lastDrag: (location: Point, velocity: Vector)?
    /// A press of the intro's button (or Enter, Space) that came while the page was still scrolling into view: it
    /// turns the page once that page has settled, so no page is skipped half-read and no press is lost.
    var pendingIntroPress = false
}
