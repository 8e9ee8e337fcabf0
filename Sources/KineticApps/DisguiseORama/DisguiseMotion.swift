import KineticCore

/// What a component needs to move its layers, read from the screen as a move starts: the animator, whether motion
/// is reduced, the tuning and the layout. A value made per move, so no component holds the stage or a copy of the
/// tuning that `applyTuning` could leave behind.
struct DisguiseMotion {
    let animator: Animator
    let reduceMotion: Bool
    let tuning: DisguiseTuning
    let layout: DisguiseLayout

    /// The motion to use for a tuned spring, or a short cross-fade-length tween when motion is reduced.
    func motion(_ spring: Spring) -> Motion {
        reduceMotion ? .tween(duration: tuning.reducedMotionFade, curve: .easeInEaseOut) : .spring(spring)
    }

    /// The cross-fade that stands in for motion when motion is reduced.
    var fade: Double { tuning.reducedMotionFade }
}
