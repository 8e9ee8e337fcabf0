import CGraphics

/// Where a turned raster lands in the frame, row strip by row strip.
///
/// A bitmap turned by θ fills only part of its bounding box: a square at 17° covers 64% of it, a 5:1 caption 38%.
/// Pixman fetches and filters every pixel of the box it is asked to composite, transparent or not, so the compositor
/// asks strip by strip for just the columns the raster's outline crosses there.
///
/// The outline is the raster's rectangle grown by one raster pixel on every side: with bilinear filtering and no
/// repeat, a sample up to half a raster pixel outside the edge still picks up some colour, and the extra half pixel
/// keeps the span safe from rounding. Pixels outside it composite a fully transparent source, which leaves the frame
/// exactly as it was, so skipping them changes no pixel.
struct TurnedOutline {
    /// The outline's corners in frame pixels, in order around it.
    private var corners: (Corner, Corner, Corner, Corner)

    private struct Corner { var x: Double, y: Double }

    /// - Parameters:
    ///   - deviceToRaster: frame pixels → raster pixels, as the paint records it.
    ///   - width, height: the raster's size in pixels.
    /// - Returns: `nil` when the mapping cannot be inverted or its outline lies beyond any finite frame; the caller
    ///   then composites the whole box, as before.
    init?(deviceToRaster m: cairo_matrix_t, width: Int, height: Int) {
        let determinant = m.xx * m.yy - m.xy * m.yx
        guard determinant != 0, determinant.isFinite, m.x0.isFinite, m.y0.isFinite else { return nil }
        // The inverse of m: raster pixels → frame pixels.
        let a = m.yy / determinant, b = -m.yx / determinant, c = -m.xy / determinant, d = m.xx / determinant
        let tx = -(a * m.x0 + c * m.y0), ty = -(b * m.x0 + d * m.y0)
        func device(_ x: Double, _ y: Double) -> Corner { Corner(x: a * x + c * y + tx, y: b * x + d * y + ty) }
        let (left, top, right, bottom) = (-1.0, -1.0, Double(width) + 1, Double(height) + 1)
        corners = (device(left, top), device(right, top), device(right, bottom), device(left, bottom))
        let sum = corners.0.x + corners.0.y + corners.1.x + corners.1.y + corners.2.x + corners.2.y + corners.3.x + corners.3.y
        guard sum.isFinite else { return nil }
    }

    /// The columns `[start, end)` whose pixels the outline can reach within the rows `[top, bottom)`, or `nil` when
    /// it misses those rows.
    func columns(top: Int, bottom: Int) -> (start: Int, end: Int)? {
        let low = Double(top), high = Double(bottom)
        var minX = Double.infinity, maxX = -Double.infinity
        func include(_ p: Corner, _ q: Corner) {
            // The part of edge p→q inside the slab low ≤ y ≤ high, found by clipping its parameter t ∈ [0, 1].
            var t0 = 0.0, t1 = 1.0
            let dy = q.y - p.y
            if dy == 0 {
                guard p.y >= low, p.y <= high else { return }
            } else {
                let tLow = (low - p.y) / dy, tHigh = (high - p.y) / dy
                t0 = max(t0, min(tLow, tHigh))
                t1 = min(t1, max(tLow, tHigh))
                guard t0 <= t1 else { return }
            }
            let x0 = p.x + (q.x - p.x) * t0, x1 = p.x + (q.x - p.x) * t1
            minX = min(minX, x0, x1)
            maxX = max(maxX, x0, x1)
        }
        include(corners.0, corners.1)
        include(corners.1, corners.2)
        include(corners.2, corners.3)
        include(corners.3, corners.0)
        guard minX <= maxX else { return nil }
        let start = Int(max(minX.rounded(.down), -1e9)), end = Int(min(maxX.rounded(.up), 1e9))
        return (start, end)
    }
}
