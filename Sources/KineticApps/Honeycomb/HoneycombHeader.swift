import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The grid's header: the back hexagon at the top left (which sends `.back`) in the shown category's colour, and
/// the category's title beside it. Both show in a grid and on the way into one.
final class HoneycombHeader {
    private let back = Layer(identifier: "back")
    private let title = Layer(identifier: "grid.title")
    private let motion: HoneycombMotion
    private let send: (HoneycombAction) -> Void

    /// The header, hidden, added to `field`.
    /// The run's texts (set by the screen).
    var texts = Localization.english

    init(in field: Layer, motion: HoneycombMotion, send: @escaping (HoneycombAction) -> Void) {
        self.motion = motion
        self.send = send
        let radius = HoneycombGeometry.backRadius
        // The back hexagon's place is the same on every stage size.
        back.frame = Rect(center: HoneycombGeometry(size: .zero).backCentre, size: Size(width: 2 * radius, height: 2 * radius))
        back.hitShape = .hexagon(pointyTop: true)
        back.zPosition = 3
        back.opacity = 0
        back.gestureRecognizers = [TapRecognizer { _ in send(.back) }]
        let chevron = Typography.label(nil, "‹", frame: Rect(x: 0, y: 4, width: 52, height: 44), size: 30, bold: true, color: .white, alignment: .center)
        chevron.drawsMirroredRightToLeft = true  // back points towards the leading side, right in a right-to-left layout
        back.addSublayer(chevron)
        title.frame = Rect(x: 134, y: 24, width: 500, height: 36)
        title.isUserInteractionEnabled = false
        title.opacity = 0
        field.addSublayer(back)
        field.addSublayer(title)
    }

    /// Shows `category`'s title, and its colour on the back hexagon: darkened (keeping its hue) until its white chevron
    /// (30 pt bold: large text, 3:1) and the hexagon itself against the paper (a control's 3:1, WCAG 1.4.11) both stand
    /// out, whatever colour a server sends. The paper is a little darker than white, so white must reach
    /// 3 × (1 + 0.05) / (paper + 0.05) on the fill for the paper to reach 3. A served white category's back button
    /// vanished into the stage.
    func name(_ category: HoneycombNode) {
        title.contents = .text(TextContent(category.title, bold: true, fontSize: 26, color: Palette.ink))
        let whiteOnFill = max(3, 3 * (Color.white.relativeLuminance + 0.05) / (Palette.paper.relativeLuminance + 0.05))
        let fill = Color.readableLabel(on: HexCellView.fill(category), labels: [.white], minimumContrast: whiteOnFill).fill
        back.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: fill))
    }

    /// Fades the header in or out.
    func show(_ visible: Bool) {
        motion.fade(back, to: visible ? 1 : 0)
        motion.fade(title, to: visible ? 1 : 0)
    }

    /// Back as a button, and the title as the heading of the shown category (`nil`: none).
    func describe(_ shown: HoneycombNode?) {
        back.accessibility = Accessibility(role: .button, name: texts(HoneycombText.back), actions: [.init("press") { [send] in send(.back) }])
        title.accessibility = Accessibility(role: .heading, name: shown?.title ?? "")
    }
}
