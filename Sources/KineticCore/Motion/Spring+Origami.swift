import Foundation

extension Spring {
    /// Origami's designer terms, `bounciness` (0 = no bounce) and `speed`, converted the way Facebook's Rebound
    /// and React Native's `Animated.spring` do, so a feel tuned there carries over.
    ///
    /// Both are first scaled to Origami's own ranges: bounciness / 1.7 over 0…20 maps to 0…0.8, and speed / 1.7 over
    /// 0…20 maps to a tension of 0.5…200. The friction is eased (quadratically, out) from the value that just avoids
    /// a bounce at that tension (Origami's fitted polynomial `noBounceFriction`) down to 0.01 as bounciness rises.
    /// Origami's tension and friction then become a stiffness and damping for a unit mass:
    /// k = (tension − 30) × 3.62 + 194, c = (friction − 8) × 3 + 25.
    public init(bounciness: Double, speed: Double) {
        let b = Self.project(Self.normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let tension = Self.project(Self.normalize(speed / 1.7, 0, 20), 0.5, 200)
        let eased = 2 * b - b * b
        let friction = eased * 0.01 + (1 - eased) * Self.noBounceFriction(tension: tension)
        self.init(mass: 1, stiffness: Self.stiffness(origamiTension: tension), damping: Self.damping(origamiFriction: friction))
    }

    /// Origami's tension and friction (Quartz Composer's spring patch), as a unit-mass spring.
    public init(origamiTension tension: Double, friction: Double) {
        self.init(mass: 1, stiffness: Self.stiffness(origamiTension: tension), damping: Self.damping(origamiFriction: friction))
    }

    static func stiffness(origamiTension tension: Double) -> Double { (tension - 30) * 3.62 + 194 }
    static func damping(origamiFriction friction: Double) -> Double { (friction - 8) * 3 + 25 }

    /// The friction that just keeps a spring of Origami `tension` from bouncing: three cubic fits, over tensions up to
    /// 18, up to 44, and beyond.
    static func noBounceFriction(tension x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }

    private static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double { (value - start) / (end - start) }
    private static func project(_ fraction: Double, _ start: Double, _ end: Double) -> Double { start + fraction * (end - start) }
}
