import Foundation
import KineticRender

/// `--export-draws FOLDER`: the shared and worst-case scenes' measured frames as the list of draws another renderer
/// can redo (`scripts/bench-peers`): per frame the damaged rectangles and every paint (raster, matrix, opacity,
/// bilinear or not), plus each raster's pixels as a PNG in `FOLDER/rasters/`. The contract between Kinetic's figures
/// and its peers' is this list: the same frames, the same pixels, the same frame size.
struct DrawExport {
    let folder: URL
    private var frames: [[String: Any]] = []
    private var written: Set<Int> = []

    init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rasters"), withIntermediateDirectories: true)
    }

    /// Records the frame `renderer` just drew, writing any raster not written yet.
    mutating func record(_ renderer: Renderer) {
        let draws = renderer.lastDraws
        for draw in draws where !written.contains(draw.raster) {
            if renderer.writeRaster(draw.raster, toPNG: folder.appendingPathComponent("rasters/\(draw.raster).png").path) { written.insert(draw.raster) }
        }
        frames.append([
            "damage": renderer.lastDamage.map { [$0.x, $0.y, $0.width, $0.height] },
            "draws": draws.map { ["raster": $0.raster, "width": $0.width, "height": $0.height, "frameToRaster": $0.frameToRaster,
                                  "opacity": $0.opacity, "bilinear": $0.bilinear] as [String: Any] },
        ])
    }

    /// Writes `FOLDER/<name>.json`: the scene, its frame size, Kinetic's own p50 and p99, and the frames.
    func write(name: String, title: String, width: Int, height: Int, p50: Double, p99: Double, bands: Int) throws {
        let document: [String: Any] = ["title": title, "width": width, "height": height, "paper": "#F6F4EF",
                                       "kinetic": ["p50": p50, "p99": p99, "bands": bands], "frames": frames]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        try data.write(to: folder.appendingPathComponent("\(name).json"), options: .atomic)
    }
}
