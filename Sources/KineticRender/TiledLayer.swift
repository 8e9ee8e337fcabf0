import KineticScene

/// One tiled content at one raster scale: its grid, the tiles drawn so far, its text laid out once, and where it was
/// seen last (which way it moves, so the tiles ahead can be drawn before they show).
final class TiledLayer {
    let grid: TileGrid
    let rasterScale: Double
    /// A text layer's layout, made once for all its tiles.
    let text: LaidOutText?
    private(set) var tiles: [RasterTile: LayerRaster] = [:]
    /// The raster pixels that showed in the last frame that drew this content.
    var lastVisible: PixelRect?
    /// The last frame that drew or showed any of its tiles.
    var lastUsed: UInt64

    /// Lays `layer`'s content out for tiles at `rasterScale`: its whole raster is its bounds at that scale, taller for
    /// text that hangs below them, as one surface would be (`ContentRasterizer`); text laid out for a right-to-left
    /// stage's mirror with `mirrored`.
    init(_ layer: Layer, rasterScale: Double, frame: UInt64, mirrored: Bool = false) {
        let size = layer.bounds.size
        var drawnHeight = size.height
        if case .text(var content) = layer.contents {
            content.isMirroredLayout = mirrored
            let laidOut = LaidOutText(content, width: size.width, boxHeight: size.height, scale: rasterScale)
            drawnHeight = max(drawnHeight, laidOut.height.rounded(.up))
            text = laidOut
        } else {
            text = nil
        }
        self.rasterScale = rasterScale
        grid = TileGrid(width: Int(saturating: size.width * rasterScale, rounding: .up, bound: TiledLayer.largestSide),
                        height: Int(saturating: drawnHeight * rasterScale, rounding: .up, bound: TiledLayer.largestSide))
        lastUsed = frame
    }

    /// The most pixels a tiled raster may have a side (2^24: 32,768 tiles down, far past any text a person reads);
    /// content past it is not drawn.
    static let largestSide = 1 << 24

    func tile(_ tile: RasterTile) -> LayerRaster? { tiles[tile] }

    func store(_ raster: LayerRaster, for tile: RasterTile) { tiles[tile] = raster }

    /// Drops a tile; returns its bytes (0 when it was not there).
    func drop(_ tile: RasterTile) -> Int { tiles.removeValue(forKey: tile)?.byteCount ?? 0 }

    /// The tiles that touch `visible`, row by row, into `shown`, and, one tile further, those the content moves
    /// towards (where the visible pixels moved since the last frame that showed them) into `ahead`. Both are emptied
    /// first and keep their capacity, so a steady frame allocates nothing.
    func wanted(visible: PixelRect, shown: inout [RasterTile], ahead: inout [RasterTile]) {
        shown.removeAll(keepingCapacity: true)
        ahead.removeAll(keepingCapacity: true)
        let (columns, rows) = grid.tiles(meeting: visible)
        for row in rows { for column in columns { shown.append(RasterTile(column: column, row: row)) } }
        guard let last = lastVisible, !rows.isEmpty else { return }
        let dy = visible.y - last.y, dx = visible.x - last.x
        if dy != 0 {
            let row = dy > 0 ? rows.upperBound : rows.lowerBound - 1
            if row >= 0, row < grid.rows { for column in columns { ahead.append(RasterTile(column: column, row: row)) } }
        }
        if dx != 0 {
            let column = dx > 0 ? columns.upperBound : columns.lowerBound - 1
            if column >= 0, column < grid.columns { for row in rows { ahead.append(RasterTile(column: column, row: row)) } }
        }
    }
}
