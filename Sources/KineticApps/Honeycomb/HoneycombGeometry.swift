import KineticCore

/// Where things go on a Honeycomb stage: pure functions of the stage's size, shared by the rules (keyboard
/// neighbours), the screen (targets of every layer) and the programmatic API (cell positions).
public struct HoneycombGeometry: Equatable, Sendable {
    /// The stage's size in points; every place here is worked out from it.
    public var size: Size

    /// The geometry of a stage of `size` points.
    public init(size: Size) { self.size = size }

    /// Below the grid's title bar (the back hexagon and the category's name), with a margin all round.
    public var gridArea: Rect { Rect(x: 24, y: 84, width: max(size.width - 48, 64), height: max(size.height - 108, 64)) }

    /// The category honeycomb's area: the stage with a margin.
    public var flowerArea: Rect { Rect(x: 24, y: 40, width: max(size.width - 48, 64), height: max(size.height - 64, 64)) }

    /// How much larger titles are drawn than on the 1024 × 768 stage they were sized for: as much as the stage is larger
    /// in both directions, never smaller (a small window keeps its titles readable, and shrinks them only to fit).
    public var textScale: Double { max(1, min(size.width / 1024, size.height / 768)) }

    /// The seven-cell honeycomb: rows of 2, 3 and 2.
    public var flower: HoneycombLayout { HoneycombLayout.flower(in: flowerArea) }

    /// Which category sits where in the flower's rows (`nil` is the logo): clockwise from the top left, so
    /// category k is at 60°·k from the upper-left neighbour around the centre.
    public static let flowerSlots: [[Int?]] = [[0, 1], [5, nil, 2], [4, 3]]

    /// The centre of category slot `index` (0…5) in the flower.
    public func categoryCentre(_ index: Int) -> Point {
        for (row, slots) in Self.flowerSlots.enumerated() {
            if let column = slots.firstIndex(of: index) { return flower.rows[row][column] }
        }
        return logoCentre
    }

    /// The logo's centre, the middle of the flower.
    public var logoCentre: Point { flower.rows[1][1] }

    /// A category's grid of `count` cells.
    public func grid(count: Int) -> HoneycombLayout { HoneycombLayout.grid(count: count, in: gridArea) }

    /// Where the back hexagon sits, top left, beside the shell's menu button.
    public var backCentre: Point { Point(x: 96, y: 42) }
    /// The back hexagon's radius, in points: its layer is a square twice this wide.
    public static let backRadius = 26.0

    // MARK: The detail panel

    /// The panel's height, without its arrow, in points, for a description that fits its first lines: the least a
    /// panel is (the picture's hexagon, 170 pt, with its margins).
    public static let panelHeight = 210.0
    /// Where the description starts, below the label, from the panel's top, in points.
    public static let panelTextTop = 68.0
    /// Where the description starts from the panel's left, right of the picture, in points; it runs to the panel's
    /// right edge less `panelTextTrailing`.
    public static let panelTextLeading = 220.0
    static let panelTextTrailing = 32.0
    /// Learn More's height, and the space below it to the panel's bottom, in points.
    public static let learnMoreHeight = 40.0
    static let learnMoreBottomMargin = 18.0
    /// The space between the description's last line and Learn More, in points.
    public static let panelTextGap = 14.0

    /// The panel's width on this stage: the grid area's, up to 880 pt.
    public var panelWidth: Double { min(gridArea.width, 880) }
    /// How wide the description's column is on this stage: the panel's width right of the picture.
    public var panelTextWidth: Double { max(panelWidth - Self.panelTextLeading - Self.panelTextTrailing, 40) }

    /// The panel's height for a description `textHeight` points tall (laid out at `panelTextWidth`): tall enough for
    /// the whole description and Learn More below it, never overlapping, and never less than `panelHeight`.
    public static func panelHeight(textHeight: Double) -> Double {
        max(panelHeight, panelTextTop + textHeight + panelTextGap + learnMoreHeight + learnMoreBottomMargin)
    }
    /// The arrow's size: its base is `width` wide, its tip `height` from the panel.
    public static let arrowSize = Size(width: 34, height: 16)
    /// Space between a row's hexagons and the arrow's tip, and between the panel and the rows that made room.
    public static let panelMargin = 6.0

    /// The open panel's place, for a cell at `(row, column)` of `layout`.
    public struct PanelPlacement: Equatable, Sendable {
        /// The panel's rectangle (the arrow is outside it).
        public var frame: Rect
        /// Where the arrow's tip touches, just off the cell's hexagon.
        public var arrowTip: Point
        /// Whether the panel opens below the cell's row (the arrow points up) or above it.
        public var below: Bool
        /// How far each row moves, in points (positive down): the rows on the far side make room.
        public var rowShifts: [Double]
        /// How far the grid can scroll with this panel open, in points (negative: up to rows that moved above the grid
        /// area; positive: down to rows past its bottom). `0...0` when rows and panel fit; 0 is where this placement
        /// puts the tapped cell, its arrow and the panel in sight.
        public var scrollRange: ClosedRange<Double> = 0...0
    }

    /// A cell in the top half of the grid opens its panel below its row; one in the bottom half, above. The rows on
    /// the panel's far side move to make room; then, if the whole (rows, arrow and panel) reaches past the grid
    /// area's bottom, everything moves up, using the space above first, and never above the area's top (the header
    /// stays clear). The tapped cell, its arrow and the panel are then always in sight; in a grid too tall for the
    /// panel as well, rows on the far side go past the area's top or bottom, and `scrollRange` says how far the grid
    /// scrolls to reach them.
    /// - Parameter row: the tapped cell's row in `layout`; a row or column outside the layout gives no placement.
    /// - Parameter column: the tapped cell's place in its row.
    /// - Parameter layout: the grid the cell is in, whose rows make room and whose area the panel is fitted to.
    /// - Parameter textHeight: the open cell's description's height at `panelTextWidth` (0: it fits the least panel).
    public func panel(for row: Int, column: Int, in layout: HoneycombLayout, textHeight: Double = 0) -> PanelPlacement? {
        guard layout.rows.indices.contains(row), layout.rows[row].indices.contains(column) else { return nil }
        let cell = layout.rows[row][column]
        let radius = layout.circumradius
        let below = cell.y <= layout.area.midY + 0.5
        let width = min(layout.area.width, 880)
        let x = layout.area.midX - width / 2
        let height = Self.panelHeight(textHeight: textHeight)
        var shifts = Array(repeating: 0.0, count: layout.rows.count)
        var frame: Rect, tip: Point
        if below {
            tip = Point(x: cell.x, y: cell.y + radius + Self.panelMargin)
            frame = Rect(x: x, y: tip.y + Self.arrowSize.height, width: width, height: height)
            // Every row below moves by the same amount: the next row's top clears the panel.
            if row + 1 < layout.rows.count {
                let shift = max(frame.maxY + Self.panelMargin - (layout.rows[row + 1][0].y - radius), 0)
                for index in (row + 1)..<layout.rows.count { shifts[index] = shift }
            }
        } else {
            tip = Point(x: cell.x, y: cell.y - radius - Self.panelMargin)
            frame = Rect(x: x, y: tip.y - Self.arrowSize.height - height, width: width, height: height)
            if row > 0 {
                let shift = min(frame.minY - Self.panelMargin - (layout.rows[row - 1][0].y + radius), 0)
                for index in 0..<row { shifts[index] = shift }
            }
        }
        // Then everything moves together. First, the tapped row, its arrow and the panel into the grid area; then, as
        // far as that allows, the other rows too, the space above used before anything leaves the bottom.
        let area = layout.area
        let cellTop = cell.y + shifts[row] - radius, cellBottom = cell.y + shifts[row] + radius
        let mustTop = min(cellTop, frame.minY), mustBottom = max(cellBottom, frame.maxY)
        let rowTops = layout.rows.indices.map { layout.rows[$0][0].y + shifts[$0] - radius }
        let rowBottoms = layout.rows.indices.map { layout.rows[$0][0].y + shifts[$0] + radius }
        let top = min(rowTops.min() ?? mustTop, mustTop), bottom = max(rowBottoms.max() ?? mustBottom, mustBottom)
        var offset = 0.0
        if mustBottom > area.maxY { offset = area.maxY - mustBottom }
        if mustTop + offset < area.minY { offset = area.minY - mustTop }
        if bottom + offset > area.maxY, top + offset > area.minY {
            offset -= min(bottom + offset - area.maxY, top + offset - area.minY)
        } else if top + offset < area.minY, bottom + offset < area.maxY {
            offset += min(area.minY - (top + offset), area.maxY - (bottom + offset), area.maxY - (mustBottom + offset))
        }
        if offset != 0 {
            shifts = shifts.map { $0 + offset }
            frame = frame.offsetBy(dx: 0, dy: offset)
            tip.y += offset
        }
        let extentTop = min(top + offset, frame.minY), extentBottom = max(bottom + offset, frame.maxY)
        let range = min(extentTop - area.minY, 0)...max(extentBottom - area.maxY, 0)
        return PanelPlacement(frame: frame, arrowTip: tip, below: below, rowShifts: shifts, scrollRange: range)
    }
}
