import KineticData
import KineticCore

/// Everything the Honeycomb's rules know: the data, which honeycomb shows and which cell's panel is open (the keyboard's
/// focus is the stage's: actions carry the hexagon it is on). A plain value: `HoneycombRules.reduce` changes it; the screen draws it.
public struct HoneycombState: Equatable, Sendable {
    /// Which honeycomb shows, or the morph between them; with `openCell`, it gives the state name in scene dumps.
    public enum Phase: Equatable, Sendable {
        /// The first honeycomb: the logo and six categories.
        case categories
        /// The one continuous animation between the two honeycombs; `forward` is into `category`'s grid.
        case morph(category: String, forward: Bool)
        /// A category's grid of cells.
        case grid(category: String)
    }

    /// The categories, each with its cells (at most 6 and 35).
    public var categories: [HoneycombNode]
    /// The phase now: a launch starts on the categories.
    public var phase = Phase.categories
    /// The cell whose detail panel is open (grid only).
    public var openCell: String?
    /// The stage the honeycombs are laid out on, in points.
    public var size: Size
    /// Each cell's description's height, in points, laid out at the panel's text width on this stage (measured by
    /// the screen, which lays text out): the panel grows to hold the whole of it above Learn More.
    public var panelTextHeights: [String: Double] = [:]

    /// A launch on the categories, no panel open and no focus ring, on a stage of `size` points.
    public init(categories: [HoneycombNode], size: Size, imageFiles: [String: String] = [:]) {
        self.categories = categories
        self.size = size
        self.imageFiles = imageFiles
    }

    /// Image URL → checked local file: the pictures the cells and the panel show, from the data layer's last snapshot
    /// and the late pictures that landed since.
    public var imageFiles: [String: String] = [:]
    /// How many of the data layer's snapshots have arrived: each one's categories are laid out anew.
    public var snapshotsArrived = 0

    /// The name written into scene dumps: `categories`, `morph`, `grid.<categoryId>` or `panel.<cellId>`.
    public var stateName: String {
        switch phase {
        case .categories: return "categories"
        case .morph: return "morph"
        case .grid(let category): return openCell.map { "panel.\($0)" } ?? "grid.\(category)"
        }
    }

    /// The category whose cells are on stage (in its grid, or growing or shrinking in a morph).
    public var shownCategory: HoneycombNode? {
        switch phase {
        case .categories: return nil
        case .morph(let id, _), .grid(let id): return categories.first { $0.id == id }
        }
    }

    /// The category the menu marks as on screen: the one whose grid shows or is being entered; `nil` on the
    /// categories and on the way back to them.
    public var menuCategory: String? {
        switch phase {
        case .categories, .morph(_, forward: false): return nil
        case .morph(let id, forward: true), .grid(let id): return id
        }
    }

    /// The grid's cells in rows, as the layout places them, for the current category.
    public var gridCellRows: [[HoneycombNode]] {
        guard let category = shownCategory else { return [] }
        var cells = category.children[...]
        return HoneycombGeometry(size: size).grid(count: category.children.count).rows.map { row in
            let taken = Array(cells.prefix(row.count))
            cells = cells.dropFirst(row.count)
            return taken
        }
    }

    /// The ids the keyboard moves between, in rows with their centres: the categories (the logo is not
    /// focusable) or the grid's cells.
    public var focusRows: [[(id: String, centre: Point)]] {
        let geometry = HoneycombGeometry(size: size)
        switch phase {
        case .categories:
            let flower = geometry.flower
            return HoneycombGeometry.flowerSlots.enumerated().map { rowIndex, row in
                row.enumerated().compactMap { column, slot in
                    guard let slot, slot < categories.count else { return nil }
                    return (categories[slot].id, flower.rows[rowIndex][column])
                }
            }
        case .grid:
            let layout = geometry.grid(count: shownCategory?.children.count ?? 0)
            // Every cell takes the focus, with a panel open too: the screen scrolls the focused one into view.
            return zip(gridCellRows, layout.rows).map { cells, centres in zip(cells, centres).map { ($0.id, $1) } }
        case .morph:
            return []
        }
    }

    /// The node with `id`, at either level.
    public func node(_ id: String) -> HoneycombNode? {
        for category in categories {
            if category.id == id { return category }
            if let cell = category.children.first(where: { $0.id == id }) { return cell }
        }
        return nil
    }
}
