import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The layers of one hexagon: a container the morph moves and scales (`category.<id>` or `cell.<id>`), and inside
/// it a body that the press pushes in, holding the fill, the image, the title and the dark shade of a press.
///
/// The container is a square of side 2R with the hexagon inscribed, and hit-tests by the hexagon's outline.
final class HexCellView {
    let id: String
    let container: Layer
    let body = Layer()
    let shade = Layer()
    let title = Layer()
    /// `cell.<id>.image`: the downloaded SVG, or a neutral outline until it is on disk.
    let image: Layer?
    private(set) var radius: Double

    /// - Parameters:
    ///   - identifier: the container's public identifier.
    ///   - withImage: grid cells have an image above their title; categories have text and colour only.
    init(id: String, identifier: String, radius: Double, withImage: Bool) {
        self.id = id
        self.radius = radius
        container = Layer(identifier: identifier)
        container.focusRingPath = .hexagon(pointyTop: true)
        container.hitShape = .hexagon(pointyTop: true)
        container.zPosition = 1
        for layer in [body, shade] { layer.isUserInteractionEnabled = false }
        shade.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color.black.withAlpha(0.22)))
        shade.opacity = 0
        if withImage {
            let imageLayer = Layer(identifier: "\(identifier).image")
            imageLayer.isUserInteractionEnabled = false
            image = imageLayer
        } else {
            image = nil
        }
        layOut()
        title.identifier = "\(identifier).title"
        title.isUserInteractionEnabled = false
        container.addSublayer(body)
        if let image { body.addSublayer(image) }
        body.addSublayer(title)
        body.addSublayer(shade)
    }

    /// The hexagon at a new size (the stage was resized), staying where it is: its layers laid out for `radius`.
    func resize(radius newRadius: Double) {
        guard newRadius != radius else { return }
        radius = newRadius
        layOut()
    }

    /// The container a square of side 2R round its centre, the body and shade filling it, the image above the title
    /// (a cell's) or the title in the middle (a category's).
    private func layOut() {
        let box = Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)
        container.bounds = box
        for layer in [body, shade] { layer.frame = box }
        if let image {
            image.frame = Rect(center: Point(x: radius, y: radius * 0.78), size: Size(width: radius * 0.78, height: radius * 0.78))
            title.frame = Rect(x: radius * 0.22, y: radius * 1.24, width: radius * 1.56, height: radius * 0.42)
        } else {
            title.frame = Rect(x: radius * 0.2, y: radius * 0.8, width: radius * 1.6, height: radius * 0.5)
        }
    }

    /// How much larger than its configured size the title is drawn (`HoneycombGeometry.textScale`): set as the stage
    /// grows, the title follows the hexagon.
    var titleScale = 1.0 {
        didSet {
            guard titleScale != oldValue, case .text(var text) = title.contents else { return }
            text.fontSize = baseTitleSize * titleScale
            title.contents = .text(text)
        }
    }
    /// The title's size on the 1024 × 768 stage.
    private var baseTitleSize = 13.0

    /// Shows `node`: its colour, its title, and its image from `imageFile` (a checked local file) if there is one.
    func configure(_ node: HoneycombNode, imageFile: String?, titleSize: Double) {
        baseTitleSize = titleSize
        // WCAG 2.1 (the categories' 22 pt bold titles are large text, 3:1; the cells' 13 pt ones need 4.5:1). White or
        // ink, whichever stands out on the node's colour; a colour neither reaches is shaded, keeping its hue.
        let (fill, label) = Color.readableLabel(on: Self.fill(node), labels: [.white, Palette.ink],
                                                minimumContrast: Color.minimumTextContrast(fontSize: titleSize, bold: true))
        body.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: fill))
        title.contents = .text(TextContent(node.title, bold: true, fontSize: titleSize * titleScale, color: label, alignment: .center,
                                           lineLimit: image == nil ? 2 : 1, centeredVertically: true))
        guard let image else { return }
        if let imageFile {
            image.contents = .image(.file(imageFile))
        } else {
            image.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color.white.withAlpha(0.18),
                                                 stroke: Color.white.withAlpha(0.55), lineWidth: 2))
        }
    }

    /// A node's colour. Colours are checked when nodes are decoded and when the API changes them; grey marks one that
    /// slipped by.
    static func fill(_ node: HoneycombNode) -> Color {
        do { return try Color(hex: node.color) } catch { return Palette.muted }
    }

    /// Whether a point on the screen lies inside this hexagon as it is drawn now (moved, scaled).
    func contains(screenPoint point: Point) -> Bool {
        guard let inverse = container.transformToRoot.inverted() else { return false }
        return container.containsLocalPoint(point.applying(inverse))
    }
}

extension HexCellView {
    /// Whether the hexagon shows as its target says: its opacity there, and unless invisible, its place and size.
    func hasArrived(at target: CellTarget) -> Bool {
        if abs(container.opacity - target.opacity) > 0.02 { return false }
        if target.opacity == 0 { return true }
        return container.position.distance(to: target.centre) <= 0.5 && abs(container.scale - target.scale) <= 0.01
    }

    /// What the hexagon is to a screen reader: a button named by `node`'s title, with its place ("row 2, cell 3"),
    /// focused and expanded as `state` says, and a press that does what a tap does.
    func describe(_ node: HoneycombNode, place: (row: Int, cell: Int)?, in state: HoneycombState, texts: Localization, press: @escaping () -> Void) {
        var states: Accessibility.States = [.focusable]  // `focused` is the stage's keyboard focus's to set
        if state.openCell == node.id { states.formUnion([.expandable, .expanded]) }
        container.accessibility = Accessibility(role: .button, name: node.title,
                                                description: place.map { texts(HoneycombText.place, ["row": String($0.row), "cell": String($0.cell)]) } ?? "",
                                                states: states, actions: [.init("press", perform: press)])
    }
}
