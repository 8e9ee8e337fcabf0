import KineticCore
import KineticRuntime
import KineticScene

/// The keyboard's focus ring: a hexagon outline that follows the focused hexagon wherever it moves. On a cell it
/// scrolls and is clipped with the grid; on a category it sits on the field.
final class HoneycombFocusRing {
    private let ring = Layer(identifier: "focus")
    private let field: Layer
    private let grid: Layer

    /// A hidden ring on `field`; `grid` is the grid's scrolling content, where it goes to follow a cell.
    init(field: Layer, grid: Layer) {
        self.field = field
        self.grid = grid
        ring.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), stroke: Palette.accent, lineWidth: 4))
        ring.isUserInteractionEnabled = false
        ring.isHidden = true
        ring.zPosition = 4
        field.addSublayer(ring)
    }

    /// Puts the ring on the focused hexagon: a category's (`category`) or a cell's (`cell`); hidden while neither
    /// shows.
    func follow(category: HexCellView?, cell: HexCellView?) {
        guard let view = category ?? cell, view.container.opacity > 0.5 else { return hide() }
        ring.isHidden = false
        let host = cell != nil ? grid : field
        if ring.superlayer !== host {
            ring.removeFromSuperlayer()
            host.addSublayer(ring)
        }
        let size = view.container.bounds.size
        ring.bounds = Rect(origin: .zero, size: Size(width: size.width * 1.1, height: size.height * 1.1))
        ring.position = view.container.position
        ring.scale = view.container.scale
    }

    /// Hides the ring (no focus, or the focused hexagon has gone).
    func hide() { ring.isHidden = true }
}
