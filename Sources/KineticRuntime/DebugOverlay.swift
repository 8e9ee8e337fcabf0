import KineticCore
import KineticScene

/// Something a screen shows in the debug overlay, in screen points.
public enum DebugShape: Equatable, Sendable {
    /// A spring, a threshold, a link: a straight line.
    case line(from: Point, to: Point, color: Color)
    /// A velocity: a line from where something is, `vector` long (a velocity in pt/s is drawn as the distance it
    /// would cover in a tenth of a second), with a dot at its head.
    case arrow(from: Point, vector: Vector, color: Color)
    /// A physics body's outline.
    case circle(center: Point, radius: Double, color: Color)
    /// A projected rest position, a target.
    case dot(Point, color: Color)

    /// The overlay's colours: velocities red, rest positions and targets green, thresholds and springs blue.
    public static let velocity = Color(red8: 0xE0, green8: 0x2F, blue8: 0x2F)
    /// Green: projected rest positions and targets.
    public static let rest = Color(red8: 0x1E, green8: 0xA0, blue8: 0x4B)
    /// Blue: thresholds, springs and links.
    public static let structure = Color(red8: 0x2F, green8: 0x6F, blue8: 0xE0)
}

/// Draws a screen's `DebugShape`s in layers above everything else, reusing its layers from step to step, so that
/// shapes that stay put change nothing (and a stage at rest stays at rest with the overlay on).
final class DebugOverlay {
    let root = Layer(identifier: "debug.overlay")
    private var layers: [Layer] = []

    init(size: Size) {
        root.frame = Rect(origin: .zero, size: size)
        root.zPosition = 1_000_000
        root.isUserInteractionEnabled = false
    }

    func show(_ shapes: [DebugShape]) {
        var parts: [(frame: Rect, rotation: Double, contents: LayerContents)] = []
        for shape in shapes {
            switch shape {
            case .line(let from, let to, let color):
                parts.append(Self.segment(from, to, color))
            case .arrow(let from, let vector, let color):
                let head = from + vector * 0.1
                parts.append(Self.segment(from, head, color))
                parts.append((Rect(center: head, size: Size(width: 7, height: 7)), 0, .shape(ShapeContent(path: .circle, fill: color))))
            case .circle(let center, let radius, let color):
                parts.append((Rect(center: center, size: Size(width: 2 * radius, height: 2 * radius)), 0,
                              .shape(ShapeContent(path: .circle, stroke: color, lineWidth: 1.5))))
            case .dot(let point, let color):
                parts.append((Rect(center: point, size: Size(width: 9, height: 9)), 0,
                              .shape(ShapeContent(path: .circle, fill: color.withAlpha(0.8)))))
            }
        }
        while layers.count < parts.count {
            let layer = Layer()
            layer.isUserInteractionEnabled = false
            root.addSublayer(layer)
            layers.append(layer)
        }
        for (index, layer) in layers.enumerated() {
            guard index < parts.count, parts[index].frame.isFiniteRect else {
                layer.isHidden = true
                continue
            }
            let part = parts[index]
            layer.isHidden = false
            layer.bounds = Rect(origin: .zero, size: part.frame.size)
            layer.position = Point(x: part.frame.midX, y: part.frame.midY)
            layer.rotation = part.rotation
            layer.contents = part.contents
        }
    }

    /// A line as a thin bar turned to lie from `a` to `b`.
    private static func segment(_ a: Point, _ b: Point, _ color: Color) -> (frame: Rect, rotation: Double, contents: LayerContents) {
        let along: Vector = b - a
        let middle = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return (Rect(center: middle, size: Size(width: max(along.length, 1), height: 1.5)), along.angle, .shape(ShapeContent(path: .roundedRect(cornerRadius: 0), fill: color)))
    }
}

private extension Rect {
    var isFiniteRect: Bool { minX.isFinite && minY.isFinite && width.isFinite && height.isFinite }
}
