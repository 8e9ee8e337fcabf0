import KineticData
import KineticCore

/// One cell of the shown grid, as the programmatic API reports it.
public struct HoneycombCellInfo: Equatable, Sendable {
    /// The cell's data, as the state holds it now.
    public var node: HoneycombNode
    /// The row in the grid, top to bottom, from 0.
    public var row: Int
    /// The column in its row, left to right, from 0.
    public var column: Int
    /// The cell's resting centre on stage, in points (rows moved aside by an open panel included).
    public var centre: Point
}

/// The programmatic access the seed asks for (Display 7, Events 2): loop through rows and cells, find a cell by
/// id or by a predicate, read its data and position, change its data (the cell updates live, with a little pop),
/// and open or close its panel. Every call goes through the same rules as a person's taps.
extension HoneycombScreen {
    /// The shown category's grid, row by row; empty while the category honeycomb shows.
    public var rows: [[HoneycombCellInfo]] {
        let targets = self.targets
        return state.gridCellRows.enumerated().map { row, cells in
            cells.enumerated().map { column, node in
                HoneycombCellInfo(node: node, row: row, column: column, centre: targets.cells[node.id]?.centre ?? .zero)
            }
        }
    }

    /// Calls `body` for every cell of the grid, in reading order.
    public func forEachCell(_ body: (HoneycombCellInfo) -> Void) {
        for row in rows { row.forEach(body) }
    }

    /// The grid's cell with `id`.
    public func cell(withID id: String) -> HoneycombCellInfo? { firstCell { $0.node.id == id } }

    /// The first cell of the grid, in reading order, that satisfies `predicate`.
    public func firstCell(where predicate: (HoneycombCellInfo) -> Bool) -> HoneycombCellInfo? {
        rows.lazy.flatMap { $0 }.first(where: predicate)
    }

    /// The node with `id` at either level (a category or any category's cell), shown or not.
    public func node(withID id: String) -> HoneycombNode? { state.node(id) }

    /// Changes the data of the node with `id`; its hexagon (and its panel, if open) updates at once, with a pop.
    /// - Returns: `false`, changing nothing, when there is no such node or the change breaks the node's rules (an
    ///   id change, an empty or over-long title, a colour that is not `#RRGGBB`).
    @discardableResult
    public func updateNode(withID id: String, _ change: (inout HoneycombNode) -> Void) -> Bool {
        guard var node = state.node(id) else { return false }
        change(&node)
        guard node.id == id, !node.title.isEmpty, node.title.count <= HoneycombDocument.maximumTitleLength else { return false }
        do { _ = try Color(hex: node.color) } catch { return false }
        send(.updateNode(node))
        measurePanelTexts()
        refreshAllViews(changed: [id])
        menuActionsDidChange()
        return true
    }

    /// Opens the panel of the grid's cell `id` (closing any other).
    /// - Returns: whether it is open now (the cell must be in the shown grid, at rest).
    @discardableResult
    public func openPanel(forCellWithID id: String) -> Bool {
        send(.openPanel(id))
        return state.openCell == id
    }

    /// Closes the open panel, as a tap on the background does; nothing changes when none is open.
    public func closePanel() { send(.closePanel) }

    /// Goes straight to a category's grid, or back to the category honeycomb with `nil`.
    public func showCategory(_ id: String?) { send(.showCategory(id)) }
}
