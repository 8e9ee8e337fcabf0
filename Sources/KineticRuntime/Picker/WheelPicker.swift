import KineticCore
import KineticScene

/// Wheels side by side, as iOS's `UIDatePicker` draws them: each column scrolls with the finger (coasting and coming
/// to rest on a row, see `PickerWheel`), with the mouse wheel or a trackpad (a row per click), and with the keys
/// (↑/↓ a row, ←/→ the next column, Page Up/Down five rows, Home/End the ends). A tap on a row brings it to the middle.
///
/// Identifiers: the column is `<prefix>.<column>` and carries the chosen row's value as its dump `value`; each row
/// on screen is `<prefix>.row.<column>.<value>`. Rows are made only while they are near the window, so a wheel of a
/// year of days costs what five rows cost.
public final class WheelPicker {
    /// One wheel: what its rows say and what they stand for.
    public struct Column: Sendable {
        /// `day`, `hour`: the column's part of its identifiers.
        public var name: String
        /// What each row shows.
        public var titles: [String]
        /// What each row stands for, in identifiers and dumps (`19`, `2026-01-07`); as many as `titles`.
        public var values: [String]
        /// Points wide.
        public var width: Double
        /// What a screen reader calls the wheel ("Day"), in the person's language; its `name` capitalised by default.
        public var spokenName: String

        /// A wheel named `name`; when `values` and `titles` differ in number, the titles stand for the rows instead.
        public init(name: String, titles: [String], values: [String], width: Double, spokenName: String? = nil) {
            self.name = name
            self.spokenName = spokenName ?? name.capitalized
            self.titles = titles
            self.values = values.count == titles.count ? values : titles
            self.width = width
        }
    }

    /// The picker's layer: the columns side by side, clipped, over the band that marks the middle row.
    public let layer: Layer
    /// The wheels, left to right.
    public let columns: [Column]
    /// The wheels' motion, one per column.
    public private(set) var wheels: [PickerWheel]
    /// The column the arrow keys turn: the one whose wheel has the stage's keyboard focus, as its owner says
    /// (`focus(column:)`), or the one the pointer last worked.
    public private(set) var focusedColumn = 0 {
        didSet { if focusedColumn != oldValue { onFocusedColumnChange?(focusedColumn) } }
    }
    /// Told when another column became the one the keys turn (the pointer worked it: a drag, a tap, the mouse wheel; or
    /// ← and →), so the owner puts the stage's keyboard focus on that wheel, as a click on a control does: the focus
    /// stays one.
    public var onFocusedColumnChange: ((Int) -> Void)?
    /// Told whenever `rows` changes: as a dragged wheel brings another row to the middle, as a release picks the row
    /// the wheel will rest on, and on every key, click or tap.
    public var onChange: (() -> Void)?

    /// Points high, each row.
    public let rowHeight: Double
    private let prefix: String
    private let columnLayers: [Layer]
    private var rowLayers: [[Int: Layer]]
    /// Trackpad points not yet turned into whole rows, per column.
    private var trackpadRemainder: [Double]
    /// `rows` as `onChange` was last told them.
    private var reportedRows: [Int]

    /// Rows shown above and below the middle one.
    public static let rowsEachSide = 2
    /// Rows a Page Up or Page Down turns.
    public static let pageRows = 5
    static let band = Color(red8: 0xEC, green8: 0xEE, blue8: 0xF2)
    static let muted = Color(red8: 0x5F, green8: 0x64, blue8: 0x6E)  // 5.2:1 on white, 4.6:1 on the band

    /// - Parameters:
    ///   - prefix: the identifiers' start, `picker`.
    ///   - origin: the top left of the wheels in their superlayer.
    ///   - columns: the wheels, left to right; the picker is as wide as their widths together.
    ///   - rows: the row each column starts on.
    ///   - rowHeight: points high, each row; the picker shows five rows (`rowsEachSide` above and below the middle).
    public init(prefix: String, origin: Point, columns: [Column], rows: [Int], rowHeight: Double = 40) {
        self.prefix = prefix
        self.columns = columns
        self.rowHeight = rowHeight
        let height = rowHeight * Double(2 * Self.rowsEachSide + 1)
        let width = columns.reduce(0) { $0 + $1.width }
        layer = Layer(identifier: "\(prefix).wheels", frame: Rect(x: origin.x, y: origin.y, width: width, height: height))
        layer.masksToBounds = true
        wheels = columns.enumerated().map { index, column in
            PickerWheel(rowCount: column.titles.count, rowHeight: rowHeight, row: index < rows.count ? rows[index] : 0)
        }
        reportedRows = wheels.map(\.row)
        trackpadRemainder = columns.map { _ in 0 }
        rowLayers = columns.map { _ in [:] }
        let band = Typography.panel(nil, frame: Rect(x: 0, y: rowHeight * Double(Self.rowsEachSide), width: width, height: rowHeight),
                                    color: Self.band, cornerRadius: 8)
        band.isUserInteractionEnabled = false
        layer.addSublayer(band)
        var x = 0.0
        var made: [Layer] = []
        for column in columns {
            let columnLayer = Layer(identifier: "\(prefix).\(column.name)", frame: Rect(x: x, y: 0, width: column.width, height: height))
            columnLayer.cursor = .arrow
            layer.addSublayer(columnLayer)
            made.append(columnLayer)
            x += column.width
        }
        columnLayers = made
        for index in columns.indices { attachInput(to: index) }
        layoutRows()
    }

    /// The row each column is at or heading for.
    public var rows: [Int] { wheels.map(\.row) }

    /// Whether any wheel still moves by itself.
    public var isMoving: Bool { wheels.contains { $0.isMoving } }

    /// One step of the picker's clock (its screen's `update(dt:)`).
    public func update(dt: Double) {
        guard isMoving else { return }
        for index in wheels.indices where wheels[index].isMoving { wheels[index].step(by: dt) }
        layoutRows()
    }

    /// Puts a column on a row, with the spring or at once.
    public func select(row: Int, inColumn column: Int, animated: Bool) {
        guard wheels.indices.contains(column) else { return }
        wheels[column].select(row: row, animated: animated)
        layoutRows()
    }

    // MARK: Keys

    /// The picker's keys; returns whether it used the key.
    public func handleKey(_ event: KeyEvent) -> Bool {
        let column = focusedColumn
        switch event.key {
        case .up: turn(column, by: -1)
        case .down: turn(column, by: 1)
        case .pageUp: turn(column, by: -Self.pageRows)
        case .pageDown: turn(column, by: Self.pageRows)
        case .home: select(row: 0, inColumn: column, animated: true)
        case .end: select(row: Int.max, inColumn: column, animated: true)
        case .left: focus(column: column - 1)
        case .right: focus(column: column + 1)
        default: return false
        }
        return true
    }

    /// Gives the arrow keys to `column` (held to the columns).
    public func focus(column: Int) {
        focusedColumn = min(max(column, 0), columns.count - 1)
        layoutRows()
    }

    private func turn(_ column: Int, by rows: Int) {
        wheels[column].move(rows: rows)
        layoutRows()
    }

    // MARK: Pointer

    private func attachInput(to index: Int) {
        let columnLayer = columnLayers[index]
        let visible = columnLayer.bounds.height
        columnLayer.gestureRecognizers = [
            PanRecognizer(minimumDistance: 4, axis: .vertical) { [weak self] pan in
                guard let self else { return }
                switch pan.state {
                case .began:
                    self.focusedColumn = index
                    self.wheels[index].beginDrag()
                case .changed:
                    self.wheels[index].drag(translation: pan.translation.dy, visibleHeight: visible)
                case .ended, .cancelled:
                    self.wheels[index].release(velocity: pan.velocity.dy)
                default:
                    break
                }
                self.layoutRows()
            },
            TapRecognizer { [weak self, weak columnLayer] tap in
                guard let self, let columnLayer else { return }
                // A tap on a row above or below the middle brings that row to the middle (the tap is in screen points).
                let y = tap.location.y - columnLayer.frameInRoot.minY
                let fromMiddle = (y - self.rowHeight * (Double(Self.rowsEachSide) + 0.5)) / self.rowHeight
                self.focusedColumn = index
                self.turn(index, by: Int(fromMiddle.rounded()))
            },
        ]
        columnLayer.onWheel = { [weak self] wheel in self?.scroll(index, by: wheel) ?? false }
    }

    /// A wheel click turns one row (up: an earlier row); a trackpad turns a row per row height it travels.
    private func scroll(_ index: Int, by wheel: WheelEvent) -> Bool {
        guard wheel.delta.dy != 0 else { return false }
        focusedColumn = index
        if wheel.isPrecise {
            trackpadRemainder[index] -= wheel.delta.dy * ScrollView.lineStep
            let whole = (trackpadRemainder[index] / rowHeight).rounded(.towardZero)
            guard whole != 0 else { return true }
            trackpadRemainder[index] -= whole * rowHeight
            turn(index, by: Int(whole))
        } else {
            turn(index, by: wheel.delta.dy > 0 ? -1 : 1)
        }
        return true
    }

    // MARK: Layout

    /// Places the rows near each column's window where its wheel puts them: the middle row in ink and bold, the
    /// others muted; rows far from the window are let go.
    private func layoutRows() {
        let middleTop = rowHeight * Double(Self.rowsEachSide)
        for (index, wheel) in wheels.enumerated() {
            let column = columns[index]
            // The rows from one above the window to one below it, held to the wheel's rows: a wheel rubber-banded
            // past either end by more than a row still shows its end rows (and a wheel of no rows, none).
            let first = Int((wheel.offset / rowHeight).rounded(.down)) - Self.rowsEachSide - 1
            let last = wheel.rowCount - 1
            let low = min(max(first, 0), max(last, 0)), high = min(max(first + 2 * Self.rowsEachSide + 3, 0), last)
            let near = last >= 0 ? low..<(max(low, high) + 1) : 0..<0
            for (row, rowLayer) in rowLayers[index] where !near.contains(row) {
                rowLayer.removeFromSuperlayer()
                rowLayers[index][row] = nil
            }
            let centred = wheel.centredRow
            for row in near {
                let top = middleTop + Double(row) * rowHeight - wheel.offset
                let rowLayer = rowLayers[index][row] ?? makeRow(row, in: index)
                rowLayer.frame = Rect(x: 0, y: top, width: column.width, height: rowHeight)
                let style = TextContent(column.titles[row], bold: row == centred, fontSize: 20, color: row == centred ? Palette.ink : Self.muted,
                                        alignment: .center, centeredVertically: true)
                if rowLayer.contents != .text(style) { rowLayer.contents = .text(style) }
            }
            columnLayers[index].value = column.values[wheel.row]
        }
        if rows != reportedRows {
            reportedRows = rows
            onChange?()
        }
    }

    private func makeRow(_ row: Int, in index: Int) -> Layer {
        let rowLayer = Layer(identifier: "\(prefix).row.\(columns[index].name).\(columns[index].values[row])")
        rowLayer.isUserInteractionEnabled = false
        columnLayers[index].addSublayer(rowLayer)
        rowLayers[index][row] = rowLayer
        return rowLayer
    }
}
