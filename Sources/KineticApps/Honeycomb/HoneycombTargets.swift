import KineticData
import KineticCore

/// Where one hexagon is going: its centre on stage, its scale and its opacity.
public struct CellTarget: Equatable, Sendable {
    /// Where its centre goes on stage, in points.
    public var centre: Point
    /// Its scale, 1 being its laid-out size.
    public var scale: Double
    /// Its opacity, from 0 (gone) to 1.
    public var opacity: Double
}

/// Where every layer of the Honeycomb belongs in a state: a pure function, so the morph, the panel and the
/// rows that make room for it can be checked without rendering, and the screen only animates towards it.
///
/// Into a grid, the tapped category bursts (grows and fades) while the other categories fly outwards off the
/// stage and the logo shrinks away; the cells grow out of the tapped category's place to their own. Back, the
/// same targets in reverse: cells shrink into that place, the categories return.
public struct HoneycombTargets: Equatable, Sendable {
    /// Scale of a cell inside its category before it has grown (and after it has shrunk back).
    public static let seedScale = 0.3
    /// How far beyond their places the other categories fly, in points.
    public static let flyDistance = 620.0

    /// Each category's hexagon, by category id.
    public var categories: [String: CellTarget]
    /// The logo's hexagon, in the flower's middle; it shrinks and fades away in a grid.
    public var logo: CellTarget
    /// The shown category's cells.
    public var cells: [String: CellTarget]
    /// Where the cells grow from and return to: the shown category's place in the flower.
    public var origin: Point
    /// Where the open cell's panel goes and how far the rows move for it; `nil` when no panel is open.
    public var panel: HoneycombGeometry.PanelPlacement?
    /// The back hexagon and the grid's title show in a grid and on the way into one.
    public var backVisible: Bool

    /// Every target for `state`, worked out from its phase, its stage size, its data and its open cell.
    public init(state: HoneycombState) {
        let geometry = HoneycombGeometry(size: state.size)
        let centre = geometry.logoCentre
        var inGrid = false, shownIndex: Int?
        switch state.phase {
        case .categories, .morph(_, false): inGrid = false
        case .morph(_, true), .grid: inGrid = true
        }
        if let shown = state.shownCategory { shownIndex = state.categories.firstIndex { $0.id == shown.id } }
        origin = shownIndex.map { geometry.categoryCentre($0) } ?? centre
        backVisible = inGrid

        categories = [:]
        for (index, category) in state.categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            let home = geometry.categoryCentre(index)
            if !inGrid {
                categories[category.id] = CellTarget(centre: home, scale: 1, opacity: 1)
            } else if index == shownIndex {
                categories[category.id] = CellTarget(centre: home, scale: 1.35, opacity: 0)
            } else {
                let away = (home - centre).normalized * Self.flyDistance
                categories[category.id] = CellTarget(centre: home + away, scale: 0.7, opacity: 0)
            }
        }
        logo = CellTarget(centre: centre, scale: inGrid ? 0.5 : 1, opacity: inGrid ? 0 : 1)

        cells = [:]
        panel = nil
        guard let shown = state.shownCategory else { return }
        let layout = geometry.grid(count: shown.children.count)
        if inGrid, case .grid = state.phase, let open = state.openCell, let index = shown.children.firstIndex(where: { $0.id == open }),
           let position = layout.position(ofCellAt: index) {
            panel = geometry.panel(for: position.row, column: position.column, in: layout, textHeight: state.panelTextHeights[open] ?? 0)
        }
        for (index, cell) in shown.children.enumerated() {
            guard inGrid, let position = layout.position(ofCellAt: index) else {
                cells[cell.id] = CellTarget(centre: origin, scale: Self.seedScale, opacity: 0)
                continue
            }
            var place = layout.rows[position.row][position.column]
            place.y += panel?.rowShifts[position.row] ?? 0
            cells[cell.id] = CellTarget(centre: place, scale: 1, opacity: 1)
        }
    }
}
