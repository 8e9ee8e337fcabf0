import KineticCore
import KineticRuntime

/// Where everything sits on a 1024×768-point stage (and proportionally on any other).
struct DisguiseLayout {
    let size: Size

    /// The seed's accent colour, #E15926.
    static let orange = Color(red8: 0xE1, green8: 0x59, blue8: 0x26)
    static let background = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)

    // MARK: Splash (seed 001): the O centred; Rama's top 10 pt under the O's bottom; Disguise's bottom 10 pt
    // above the O's top. (The seed's "bottom of Disguise to the top of Rama plus 50" would stack Disguise
    // under the O; the issue says Disguise is above, so it mirrors Rama.)

    var splashO: Rect {
        let side = min(size.width, size.height) * 0.5
        return Rect(center: Point(x: size.width / 2, y: size.height / 2), size: Size(width: side, height: side))
    }
    var splashRama: Rect {
        let wordmark = Size(width: splashO.width * 0.9, height: splashO.width * 0.9 * 120 / 520)
        return Rect(x: size.width / 2 - wordmark.width / 2, y: splashO.maxY + 10, width: wordmark.width, height: wordmark.height)
    }
    var splashDisguise: Rect {
        let wordmark = splashRama.size
        return Rect(x: size.width / 2 - wordmark.width / 2, y: splashO.minY - 10 - wordmark.height, width: wordmark.width, height: wordmark.height)
    }

    // MARK: Scotch at his three sizes (his art is 2:3).

    var scotchInSplash: Rect { Rect(center: splashO.center + Vector(dx: 0, dy: splashO.height * 0.04), size: scotchSize(height: splashO.height * 0.68)) }
    var scotchInIntro: Rect {
        let middle = (topPanel.maxY + bottomPanel.minY) / 2
        return Rect(center: Point(x: size.width / 2, y: middle), size: scotchSize(height: (bottomPanel.minY - topPanel.maxY) * 0.86))
    }
    var scotchOnWheel: Rect { Rect(center: wheelCenter, size: scotchSize(height: size.height * 0.33)) }

    private func scotchSize(height: Double) -> Size { Size(width: height * 2 / 3, height: height) }

    // MARK: Intro panels (seed 001): a top panel 30% of the height, a bottom button 12%.

    var topPanel: Rect { Rect(x: 0, y: 0, width: size.width, height: (size.height * 0.30).rounded()) }
    var bottomPanel: Rect { Rect(x: 0, y: size.height - (size.height * 0.12).rounded(), width: size.width, height: (size.height * 0.12).rounded()) }
    static let lineHeight = 24.0

    // MARK: Wheel

    var wheelCenter: Point { Point(x: size.width / 2, y: size.height * 0.55) }
    var wheelRadius: Double { size.height * 0.325 }
    var bubbleDiameter: Double { size.height * 0.15 }

    /// The angle of spoke `index` of `count`: five spokes while there are five costumes or fewer, one pointing
    /// straight down (π/2, since y grows downwards), then evenly round.
    static func spokeAngle(_ index: Int, costumeCount: Int) -> Double {
        let spokes = max(costumeCount, 5)
        return .pi / 2 + Double(index) * 2 * .pi / Double(spokes)
    }

    // MARK: Titles (seed 001): title bold 34 #E15926, subtitle bold 16 black, centred at the top.

    /// The worn costume's title: centred, and clear of the ☰ button on both sides (12 pt past it), so a long served
    /// title wraps before it reaches the button rather than running under it.
    var title: Rect {
        let inset = Shell.menuButtonFrame.maxX + 12
        return Rect(x: inset, y: size.height * 0.035, width: size.width - 2 * inset, height: 44)
    }
    /// Where a point of the `old` layout's stage belongs on this one: the layout is centred across and in proportion
    /// to the height, so the point keeps its distance from the middle and its height, both scaled by the heights'
    /// ratio; held inside this stage by a bubble's radius.
    func carried(_ point: Point, from old: DisguiseLayout) -> Point {
        let k = size.height / max(old.size.height, 1), r = bubbleDiameter / 2
        let x = size.width / 2 + (point.x - old.size.width / 2) * k, y = point.y * k
        return Point(x: min(max(x, r), max(size.width - r, r)), y: min(max(y, r), max(size.height - r, r)))
    }

    var subtitle: Rect { Rect(x: 40, y: size.height * 0.035 + 50, width: size.width - 80, height: 44) }
}
