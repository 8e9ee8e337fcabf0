/// The tiles of every layer too large for one surface, kept under a budget of their own.
///
/// Tiled content is found by what it shows (`RasterKey`, as whole rasters are), and its tiles by column and row.
/// Tiles are kept while they are drawn; past `budgetBytes` the least recently drawn go first, never one the current
/// frame shows, and content none of whose tiles has been drawn for `Renderer.retainedFrames` frames is dropped whole
/// (its layout with it). However long the text, the tiles held are then about a screenful and what was scrolled past
/// most recently.
final class TileCache {
    /// The most the tiles may hold between frames: 32 MB, thirty tiles. The Mailbox's reader at @2x shows at most
    /// sixteen (four columns of its 1,888-pixel body, four rows of its 1,144 visible pixels) and draws four ahead; the
    /// rest are the ones scrolled past last. With the whole rasters a Mailbox holds (about 30 MB), a long message then
    /// keeps the app's raster memory near 64 MB. Only what a single frame shows and draws ahead may pass it.
    static let budgetBytes = 32 * 1024 * 1024

    private var contents: [RasterKey: TiledLayer] = [:]
    private(set) var bytes = 0

    /// The tiled content for `key`, made (laid out) the first time it is asked for.
    func content(for key: RasterKey, layer: @autoclosure () -> TiledLayer) -> TiledLayer {
        if let content = contents[key] { return content }
        let content = layer()
        contents[key] = content
        return content
    }

    func store(_ raster: LayerRaster, for tile: RasterTile, in content: TiledLayer) {
        bytes += raster.byteCount - content.drop(tile)
        content.store(raster, for: tile)
    }

    /// Number of tiles held.
    var tileCount: Int { contents.values.reduce(0) { $0 + $1.tiles.count } }

    /// Drops content not drawn for `Renderer.retainedFrames` frames, and content that `frame` did not draw whose tiles
    /// are all gone (a long text edited: each version's layout would otherwise stay), then, while over budget, the least
    /// recently drawn tiles that `frame` did not draw.
    func evict(frame: UInt64) {
        for (key, content) in contents where frame &- content.lastUsed > Renderer.retainedFrames || (content.tiles.isEmpty && content.lastUsed != frame) {
            for tile in Array(content.tiles.keys) { bytes -= content.drop(tile) }
            contents.removeValue(forKey: key)
        }
        guard bytes > Self.budgetBytes else { return }
        var candidates: [(content: TiledLayer, tile: RasterTile, lastUsed: UInt64)] = []
        for content in contents.values {
            for (tile, raster) in content.tiles where raster.lastUsed != frame { candidates.append((content, tile, raster.lastUsed)) }
        }
        // Oldest first; among tiles drawn in the same frame, a fixed order (row, then column), so the same frames drop
        // the same tiles.
        candidates.sort { ($0.lastUsed, $0.tile.row, $0.tile.column) < ($1.lastUsed, $1.tile.row, $1.tile.column) }
        for candidate in candidates where bytes > Self.budgetBytes {
            bytes -= candidate.content.drop(candidate.tile)
        }
    }
}
