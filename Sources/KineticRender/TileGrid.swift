/// One tile of a tiled raster: its column and row in the grid.
struct RasterTile: Hashable {
    let column: Int
    let row: Int
}

/// How a raster too large for one surface is cut into square tiles, in the raster's own pixels (its origin at the
/// layer's top-left corner, at the raster scale).
///
/// Tiles are 512 pixels a side. Smaller tiles waste less on the parts just outside the screen, larger ones cost fewer
/// draws and composites; at 512 a tile is 1 MB, a frame's raster budget (`Renderer.rasterBudgetPixels`) is two of
/// them, the 2048-pixel-wide frame at @2x spans four, and a fling that brings a new row of tiles into view every few
/// frames rasterises one row (about a millisecond of text) at a time, never a screenful.
///
/// Each tile's surface holds its core and a gutter of one pixel around it: the neighbours' pixels there, drawn the same
/// way. A tile is composited only over the frame pixels whose centres its core covers (`Renderer`'s tile extents), so
/// each frame pixel comes from exactly one tile; a bilinear sample near the core's edge reads at most one pixel past it
/// (the raster is never more than twice the screen's scale), which the gutter holds, so a resampled tiled layer shows no
/// seam and gives the pixels one large surface would.
struct TileGrid: Equatable {
    /// The side of a tile's core, in raster pixels.
    static let tileSide = 512
    /// The pixels around a tile's core that its surface also holds (see the type's comment).
    static let gutter = 1

    /// The whole raster's size, in pixels.
    let width: Int
    let height: Int

    var columns: Int { (width + Self.tileSide - 1) / Self.tileSide }
    var rows: Int { (height + Self.tileSide - 1) / Self.tileSide }

    /// The raster pixels that `tile` stands for.
    func core(of tile: RasterTile) -> PixelRect {
        let x = tile.column * Self.tileSide, y = tile.row * Self.tileSide
        return PixelRect(x: x, y: y, width: min(Self.tileSide, width - x), height: min(Self.tileSide, height - y))
    }

    /// The raster pixels `tile`'s surface holds: its core and the gutter around it.
    func surfaceRegion(of tile: RasterTile) -> PixelRect {
        let core = core(of: tile), g = Self.gutter
        return PixelRect(x: core.x - g, y: core.y - g, width: core.width + 2 * g, height: core.height + 2 * g)
    }

    /// The columns and rows of the tiles that meet `rect` (raster pixels), in the grid; empty when none does.
    func tiles(meeting rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        let inside = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !inside.isEmpty else { return (0..<0, 0..<0) }
        let side = Self.tileSide
        return ((inside.x / side)..<((inside.maxX + side - 1) / side), (inside.y / side)..<((inside.maxY + side - 1) / side))
    }
}
