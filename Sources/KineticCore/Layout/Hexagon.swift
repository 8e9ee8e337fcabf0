import Foundation

/// The regular hexagon that the renderer draws for `ShapeContent.Path.hexagon` and that hit testing uses, so
/// what a person sees and where a touch counts are the same shape.
///
/// Its six vertices lie on the ellipse inscribed in a box: in a square box of side 2R that is the regular
/// hexagon of circumradius R. A pointy-top hexagon is then √3·R wide and 2R tall; a flat-top one 2R wide and
/// √3·R tall.
public enum Hexagon {
    /// The six vertices, clockwise on screen, the first at the top (pointy-top) or on the right (flat-top).
    public static func vertices(in box: Rect, pointyTop: Bool) -> [Point] {
        (0..<6).map { index in
            let angle = Double(index) * .pi / 3 + (pointyTop ? -.pi / 2 : 0)
            return Point(x: box.midX + cos(angle) * box.width / 2, y: box.midY + sin(angle) * box.height / 2)
        }
    }

    /// Whether `point` lies inside (or on the edge of) the hexagon inscribed in `box`.
    ///
    /// The hexagon is convex and its vertices run clockwise on screen (y down), so a point is inside when it
    /// lies on the inner side of all six edges: every cross product of edge × (point − edge start) is ≥ 0.
    public static func contains(_ point: Point, in box: Rect, pointyTop: Bool) -> Bool {
        let corners = vertices(in: box, pointyTop: pointyTop)
        for index in 0..<6 {
            let a = corners[index], b = corners[(index + 1) % 6]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross < -1e-9 { return false }
        }
        return true
    }
}
