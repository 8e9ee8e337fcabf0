import KineticCore

/// Every motion parameter of Disguise-O-Rama, in one place: the screen, the wheel and the rules read them from here
/// (`kinetic run disguise --tune DIR` writes them to `DIR/disguise.json` and applies every save live).
public enum DisguiseTuning {
    public static let defaults = Tuning(app: "disguise", tunables: tunables)

    static let tunables: [Tunable] = [
        Tunable("splash.duration", group: "Splash", label: "Time on the splash", unit: "s", range: 0.1...5, default: DisguiseRules.splashDuration),
        Tunable("splash.exit", group: "Splash", label: "Wordmarks leaving, Scotch moving", unit: "s", range: 0.1...3, default: 0.8),
        Tunable("intro.panelSlide", group: "Intro", label: "Panels sliding in", unit: "s", range: 0.05...2, default: 0.45),
        Tunable("intro.panelExit", group: "Intro", label: "Panels sliding out", unit: "s", range: 0.05...2, default: 0.4),
    ] + Tunable.spring("intro.pageSpring", group: "Intro", label: "Text scrolling to the next page", default: Spring(response: 0.45, dampingRatio: 0.82))
      + Tunable.spring("intro.scotchSpring", group: "Intro", label: "Scotch to his wheel place", default: Spring(response: 0.6, dampingRatio: 0.8))
      + [
        Tunable("select.ringGrow", group: "Choosing", label: "Ring growing off screen", unit: "s", range: 0.05...2, default: 0.5),
        Tunable("select.fade", group: "Choosing", label: "Icon and disc fading", unit: "s", range: 0.02...1, default: 0.15),
        Tunable("select.titleSlide", group: "Choosing", label: "Titles sliding in", unit: "s", range: 0.05...2, default: 0.45),
      ] + Tunable.spring("select.costumeSpring", group: "Choosing", label: "Costume onto Scotch", default: Spring(response: 0.5, dampingRatio: 0.62))
      + Tunable.spring("deselect.spring", group: "Taking off", label: "Costume back into its bubble", default: Spring(response: 0.45, dampingRatio: 0.8))
      + [
        Tunable("deselect.titleSlide", group: "Taking off", label: "Titles sliding out", unit: "s", range: 0.05...2, default: 0.4),
        Tunable("deselect.ringFade", group: "Taking off", label: "Ring coming back", unit: "s", range: 0.02...1, default: 0.2),
        Tunable("deselect.iconFade", group: "Taking off", label: "Icon and disc coming back", unit: "s", range: 0.02...1, default: 0.25),
        Tunable("deselect.costumeFade", group: "Taking off", label: "Costume fading off Scotch", unit: "s", range: 0.02...1, default: 0.3),
        Tunable("wheel.bubbleSpring.frequency", group: "Wheel", label: "Bubble spring: frequency", unit: "Hz", range: 0.2...10, default: CostumeWheel.Settings.standard.bubbleSpring.frequency),
        Tunable("wheel.bubbleSpring.dampingRatio", group: "Wheel", label: "Bubble spring: damping ratio", range: 0.05...2, default: CostumeWheel.Settings.standard.bubbleSpring.dampingRatio),
        Tunable("wheel.returnSpring.frequency", group: "Wheel", label: "Spring home after a fall: frequency", unit: "Hz", range: 0.1...10, default: CostumeWheel.Settings.standard.returnSpring.frequency),
        Tunable("wheel.returnSpring.dampingRatio", group: "Wheel", label: "Spring home after a fall: damping ratio", range: 0.05...2, default: CostumeWheel.Settings.standard.returnSpring.dampingRatio),
        Tunable("wheel.viscousFriction", group: "Wheel", label: "Friction in proportion to speed", unit: "1/s", range: 0...5, default: CostumeWheel.Settings.standard.viscousFriction),
        Tunable("wheel.constantFriction", group: "Wheel", label: "Friction that stops it for good", unit: "rad/s²", range: 0...5, default: CostumeWheel.Settings.standard.constantFriction),
        Tunable("wheel.maximumSpeed", group: "Wheel", label: "Fastest turn", unit: "rad/s", range: 0.5...20, default: CostumeWheel.Settings.standard.maximumSpeed),
        Tunable("wheel.keySpin", group: "Wheel", label: "Push of an arrow key", unit: "rad/s", range: 0.1...10, default: DisguiseRules.keySpin),
        Tunable("fall.gravity", group: "Falling", label: "Gravity (1 = 1000 pt/s²)", range: 0.05...5, default: CostumeWheel.Settings.standard.gravity),
        Tunable("fall.elasticity", group: "Falling", label: "Bounce off the floor and each other", range: 0...1, default: CostumeWheel.Settings.standard.elasticity),
        Tunable("fall.friction", group: "Falling", label: "Friction between bubbles", range: 0...2, default: CostumeWheel.Settings.standard.friction),
        Tunable("fall.airResistance", group: "Falling", label: "Drag through the air", unit: "1/s", range: 0...5, default: CostumeWheel.Settings.standard.resistance),
        Tunable("reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1, default: 0.2),
      ]

    /// The wheel's part of a tuning.
    static func wheel(_ tuning: Tuning) -> CostumeWheel.Settings {
        CostumeWheel.Settings(bubbleSpring: (tuning["wheel.bubbleSpring.frequency"], tuning["wheel.bubbleSpring.dampingRatio"]),
                              returnSpring: (tuning["wheel.returnSpring.frequency"], tuning["wheel.returnSpring.dampingRatio"]),
                              viscousFriction: tuning["wheel.viscousFriction"], constantFriction: tuning["wheel.constantFriction"],
                              maximumSpeed: tuning["wheel.maximumSpeed"], gravity: tuning["fall.gravity"],
                              elasticity: tuning["fall.elasticity"], friction: tuning["fall.friction"], resistance: tuning["fall.airResistance"])
    }
}
