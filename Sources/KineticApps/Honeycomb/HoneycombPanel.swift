import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The detail panel of the open cell: it slides out from behind the cell's row into the gap the rows make for it,
/// with a triangle arrow pointing at the cell, and shows the cell's picture on its colour, the label, the text and
/// Learn More (which sends `.learnMore`). A tap on the panel itself keeps it open.
final class HoneycombPanel {
    let panel = Layer(identifier: "panel")
    let arrow = Layer(identifier: "panel.arrow")
    private let image = Layer(identifier: "panel.image")
    /// The hexagon of the cell's colour that the panel's picture sits on, as it does in the cell.
    private let backdrop = Layer()
    private let title = Layer(identifier: "panel.title")
    private let text = Layer(identifier: "panel.text")
    private let learnMore = Layer(identifier: "panel.learn-more")
    /// Where the panel is now, so that a new placement starts from it; `nil` while it is closed.
    private var placement: HoneycombGeometry.PanelPlacement?
    private let motion: HoneycombMotion
    private let send: (HoneycombAction) -> Void

    /// A closed panel and its arrow, added to `content` (the grid's scrolling content, in stage coordinates).
    /// The run's texts (set by the screen).
    var texts = Localization.english

    init(in content: Layer, motion: HoneycombMotion, send: @escaping (HoneycombAction) -> Void) {
        self.motion = motion
        self.send = send
        panel.anchorPoint = Point(x: 0, y: 0)
        panel.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 18), fill: .white, stroke: Palette.ink.withAlpha(0.08), lineWidth: 1))
        panel.zPosition = 0.5
        panel.opacity = 0
        panel.gestureRecognizers = [TapRecognizer { _ in }]  // a tap on the panel itself keeps it open
        panel.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        arrow.zPosition = 0.5
        arrow.opacity = 0
        arrow.isUserInteractionEnabled = false
        image.isUserInteractionEnabled = false
        backdrop.isUserInteractionEnabled = false
        backdrop.frame = Rect(x: 24, y: 20, width: 170, height: 170)
        // The cell's picture, large: 136 pt, half again the largest a cell shows (85 pt, the category honeycomb's size).
        image.frame = Rect(center: backdrop.frame.center, size: Size(width: 136, height: 136))
        layOut(Size(width: 880, height: HoneycombGeometry.panelHeight))
        learnMore.gestureRecognizers = [TapRecognizer { _ in send(.learnMore) }]
        for layer in [backdrop, image, title, text, learnMore] { panel.addSublayer(layer) }
        content.addSublayer(panel)
        content.addSublayer(arrow)
    }

    /// Opens, moves or closes the panel: it slides out from behind the row it belongs to while the rows on the far
    /// side make room; its arrow slides along to the cell. `node` is the open cell's.
    func show(_ placement: HoneycombGeometry.PanelPlacement?, node: HoneycombNode?, imageFiles: [String: String]) {
        guard let placement else {
            if let old = self.placement {
                motion.animateIfNeeded(panel, \.position, to: tucked(old), with: motion.cellSpring)
                motion.fade(panel, to: 0)
                motion.fade(arrow, to: 0)
            }
            self.placement = nil
            return
        }
        if let node { fill(node, imageFiles: imageFiles) }
        let arrowFrame = arrowRect(placement)
        let reduceMotion = motion.reduceMotion
        if self.placement == nil, panel.opacity <= 0.001 || reduceMotion {
            panel.bounds = Rect(origin: .zero, size: placement.frame.size)
            panel.position = reduceMotion ? placement.frame.origin : tucked(placement)
            arrow.frame = arrowFrame
            arrow.contents = .shape(ShapeContent(path: .polygon(arrowPoints(placement, in: arrowFrame)), fill: .white))
        }
        self.placement = placement
        panel.bounds.size = placement.frame.size
        layOut(placement.frame.size)
        if reduceMotion {
            panel.position = placement.frame.origin
            arrow.frame = arrowFrame
        } else {
            motion.animateIfNeeded(panel, \.position, to: placement.frame.origin, with: motion.cellSpring)
            motion.animateIfNeeded(arrow, \.position, to: arrowFrame.center, with: motion.cellSpring)
        }
        arrow.contents = .shape(ShapeContent(path: .polygon(arrowPoints(placement, in: arrowFrame)), fill: .white))
        motion.fade(panel, to: 1)
        motion.fade(arrow, to: 1)
    }

    /// The stage was resized: an open panel and its arrow are put at their (new) place at once.
    func settle() {
        guard let placement else { return }
        for layer in [panel, arrow] { motion.animator.stop(layer, \.position) }
        panel.position = placement.frame.origin
        arrow.frame = arrowRect(placement)
    }

    /// Fills the panel with `node`'s detail.
    func fill(_ node: HoneycombNode, imageFiles: [String: String]) {
        let tint = HexCellView.fill(node)
        backdrop.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: tint))
        if let file = node.detail.image.flatMap({ imageFiles[$0] }) {
            image.contents = .image(.file(file))
        } else {
            image.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color.white.withAlpha(0.18),
                                                 stroke: Color.white.withAlpha(0.55), lineWidth: 2))
        }
        title.contents = .text(TextContent(node.detail.label, bold: true, fontSize: 26, color: Palette.ink, lineLimit: 1))
        text.contents = .text(Self.description(node))
        let button = Self.learnMoreColours(on: tint)
        learnMore.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 20), fill: node.detail.learnMore == nil ? Palette.muted.withAlpha(0.4) : button.fill))
        if learnMore.sublayers.isEmpty {
            learnMore.addSublayer(Typography.label(nil, texts(HoneycombText.learnMore), frame: Rect(x: 0, y: 0, width: 150, height: 40), size: Self.learnMoreFontSize,
                                                   bold: true, color: button.text, alignment: .center))
        }
        if case .text(var text) = learnMore.sublayers[0].contents {
            text.centeredVertically = true
            text.color = button.text
            learnMore.sublayers[0].contents = .text(text)
        }
    }

    /// The description as the panel shows it: whole, on as many lines as it needs (the panel grows to hold them).
    static func description(_ node: HoneycombNode) -> TextContent {
        TextContent(node.detail.text, fontSize: 17, color: Palette.muted)
    }

    /// Every cell's description's height in `categories`, laid out by `measure` at `width` (the panel's text column),
    /// by cell id: what the panel needs to grow to (see `HoneycombGeometry.panelHeight(textHeight:)`).
    static func textHeights(of categories: [HoneycombNode], width: Double, measure: TextMeasuring) -> [String: Double] {
        var heights: [String: Double] = [:]
        for category in categories {
            for cell in category.children { heights[cell.id] = measure.size(of: description(cell), width: width).height.rounded(.up) }
        }
        return heights
    }

    /// Places the label, the description and Learn More in a panel of `size`: the description's column runs from
    /// right of the picture to the panel's right margin and down to just above Learn More, which keeps to the bottom.
    private func layOut(_ size: Size) {
        let left = HoneycombGeometry.panelTextLeading, top = HoneycombGeometry.panelTextTop
        let width = max(size.width - left - HoneycombGeometry.panelTextTrailing, 40)
        let buttonHeight = HoneycombGeometry.learnMoreHeight
        let buttonTop = size.height - HoneycombGeometry.learnMoreBottomMargin - buttonHeight
        title.frame = Rect(x: left, y: 24, width: width, height: 36)
        text.frame = Rect(x: left, y: top, width: width, height: max(buttonTop - HoneycombGeometry.panelTextGap - top, 0))
        learnMore.frame = Rect(x: left, y: buttonTop, width: 150, height: buttonHeight)
    }

    /// The panel's own colour, behind Learn More.
    static let background = Color.white
    /// Learn More's label: 16 pt bold, under WCAG's large-text line (18.67 px bold), so it needs 4.5:1.
    static let learnMoreFontSize = 16.0

    /// Learn More's fill and text for a cell of colour `tint`, derived for contrast by the rule the cells' labels
    /// use (`Color.readableLabel`): its text is the panel's own white, and the cell's colour is darkened, keeping its
    /// hue, until that white reads on it (4.5:1). The button then stands out from the white panel by the same ratio,
    /// above the 3:1 a control needs, so a served yellow or white cell no longer hides its text or its button.
    static func learnMoreColours(on tint: Color) -> (fill: Color, text: Color) {
        let minimum = Color.minimumTextContrast(fontSize: learnMoreFontSize, bold: true)
        let (fill, text) = Color.readableLabel(on: tint.withAlpha(1), labels: [background], minimumContrast: minimum)
        return (fill, text)
    }

    /// Learn More, for the stage's keyboard focus to ring while the Honeycomb's focus is on it (Tab from the open cell).
    var learnMoreButton: Layer { learnMore }

    /// The open panel as a region with its title, its text and Learn More as a link (which sends `.learnMore`);
    /// nothing while `node` (the open cell's) is `nil`.
    func describe(_ node: HoneycombNode?) {
        guard let node else {
            panel.accessibility = nil
            return
        }
        panel.accessibility = Accessibility(role: .panel, name: node.detail.label, description: node.detail.text)
        title.accessibility = Accessibility(role: .heading, name: node.detail.label)
        text.accessibility = Accessibility(role: .label, name: node.detail.text)
        image.accessibility = Accessibility(role: .image, name: node.title)
        learnMore.accessibility = Accessibility(role: .link, name: texts(HoneycombText.learnMore), description: node.detail.learnMore ?? "",
                                                states: node.detail.learnMore == nil ? [.disabled] : [],
                                                actions: [.init("jump") { [send] in send(.learnMore) }])
    }

    /// The panel's origin tucked 24 pt towards its row, where it slides out from.
    private func tucked(_ placement: HoneycombGeometry.PanelPlacement) -> Point {
        Point(x: placement.frame.minX, y: placement.frame.minY + (placement.below ? -24 : 24))
    }

    private func arrowRect(_ placement: HoneycombGeometry.PanelPlacement) -> Rect {
        let size = HoneycombGeometry.arrowSize
        let top = placement.below ? placement.arrowTip.y : placement.arrowTip.y - size.height
        // One point of overlap with the panel, so no seam shows between them.
        return Rect(x: placement.arrowTip.x - size.width / 2, y: top + (placement.below ? 0 : 1), width: size.width, height: size.height)
    }

    /// The triangle in the arrow layer's own coordinates: tip at the cell, base on the panel.
    private func arrowPoints(_ placement: HoneycombGeometry.PanelPlacement, in rect: Rect) -> [Point] {
        let (w, h) = (rect.width, rect.height)
        return placement.below
            ? [Point(x: w / 2, y: 0), Point(x: w, y: h + 1), Point(x: 0, y: h + 1)]
            : [Point(x: 0, y: -1), Point(x: w, y: -1), Point(x: w / 2, y: h)]
    }
}
