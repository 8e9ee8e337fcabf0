import KineticCore

extension CostumeWheel {
    /// The wheel's physics, as numbers a designer tunes (see `DisguiseTuning`); a change applies from the next step.
    struct Settings: Equatable {
        /// The spring that holds a bubble on its spoke: quick, with a little swing (Hz, ratio).
        var bubbleSpring: (frequency: Double, dampingRatio: Double)
        /// The soft spring that brings bubbles home, from the centre or from the floor (Hz, ratio).
        var returnSpring: (frequency: Double, dampingRatio: Double)
        /// Friction on the armature: a viscous part (per second) and a constant part (rad/s²) that stops it for good.
        var viscousFriction: Double
        var constantFriction: Double
        /// The fastest the wheel turns, in rad/s. Faster, the bubbles' springs (soft ones most of all) stretch far
        /// enough to carry bubbles off the screen, and a bubble let go at that speed could outrun the walls.
        var maximumSpeed: Double
        /// Gravity on fallen bubbles, in UIKit's units (1 = 1000 pt/s²).
        var gravity: Double
        /// How fallen bubbles bounce (0…1) and rub (Coulomb coefficient) against the floor and each other.
        var elasticity: Double
        var friction: Double
        /// A bubble's drag through the air, per second.
        var resistance = 0.2

        static let standard = Settings(bubbleSpring: (2.5, 0.55), returnSpring: (0.9, 1.0), viscousFriction: 0.6, constantFriction: 0.35,
                                       maximumSpeed: 3 * Double.pi, gravity: 1, elasticity: 0.25, friction: 0.5)

        static func == (a: Settings, b: Settings) -> Bool {
            a.bubbleSpring == b.bubbleSpring && a.returnSpring == b.returnSpring && a.viscousFriction == b.viscousFriction
                && a.constantFriction == b.constantFriction && a.maximumSpeed == b.maximumSpeed && a.gravity == b.gravity
                && a.elasticity == b.elasticity && a.friction == b.friction && a.resistance == b.resistance
        }
    }
}
