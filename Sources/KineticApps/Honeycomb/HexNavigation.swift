import KineticCore

/// Moving a keyboard focus across rows of hexagons.
///
/// ← and → step within the row. ↑ and ↓ go to the cell of the row above or below whose centre is nearest in x.
/// In an interlocked honeycomb the two cells above (or below) are usually exactly as near, half a cell to each
/// side; then ↑ takes the left one and ↓ the right one, so that ↑ followed by ↓ (or ↓ then ↑) comes back to
/// where it started.
public enum HexNavigation {
    /// The arrow key pressed.
    public enum Direction: Sendable { case left, right, up, down }

    /// The (row, column) reached from `(row, column)` by `direction`, or `nil` at the edge.
    public static func neighbour(of position: (row: Int, column: Int), in rows: [[Point]], _ direction: Direction) -> (row: Int, column: Int)? {
        guard rows.indices.contains(position.row), rows[position.row].indices.contains(position.column) else { return nil }
        switch direction {
        case .left:
            return position.column > 0 ? (position.row, position.column - 1) : nil
        case .right:
            return position.column + 1 < rows[position.row].count ? (position.row, position.column + 1) : nil
        case .up, .down:
            let target = position.row + (direction == .up ? -1 : 1)
            guard rows.indices.contains(target), !rows[target].isEmpty else { return nil }
            let x = rows[position.row][position.column].x
            var best = 0
            for column in rows[target].indices {
                let distance = abs(rows[target][column].x - x), bestDistance = abs(rows[target][best].x - x)
                // Ties (within a hundredth of a point) go left going up, right going down.
                if distance < bestDistance - 0.01 || (abs(distance - bestDistance) <= 0.01 && direction == .down && column > best) {
                    best = column
                }
            }
            return (target, best)
        }
    }
}
