import ArgumentParser
import Foundation
import KineticApps
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene

/// Prints what the Honeycomb's layout function gives, so the layout can be checked from outside; with
/// `--sheet`, draws all 35 grids on one contact sheet with the project's renderer.
struct HoneycombLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "honeycomb-layout",
        abstract: "Print the Honeycomb grid of N cells for a stage of the given size, as JSON.",
        discussion: """
            Output: {"rows": [[{"x": …, "y": …}, …], …], "cellSize": {"width": …, "height": …}}: cell centres in points, \
            rows top to bottom, cells left to right; cellSize is one pointy-top hexagon (√3·R wide, 2R tall).
            """)

    @Argument(help: "How many cells, 0 to 35.")
    var count: Int?

    @Option(help: "The stage's width in points.")
    var width = 1024.0

    @Option(help: "The stage's height in points.")
    var height = 768.0

    @Option(help: "Draw the grids of 1…35 cells on one PNG instead.", completion: .file(extensions: ["png"]))
    var sheet: String?

    func validate() throws {
        guard width.isFinite, height.isFinite, (64...8192).contains(width), (64...8192).contains(height) else {
            throw ValidationError("--width and --height must be between 64 and 8192 points")
        }
        if sheet == nil {
            guard let count else { throw ValidationError("give a number of cells (0 to 35), or --sheet FILE") }
            guard (0...HoneycombLayout.maximumCells).contains(count) else { throw ValidationError("the number of cells must be 0 to 35, got \(count)") }
        }
    }

    func run() throws {
        let geometry = HoneycombGeometry(size: Size(width: width, height: height))
        if let sheet { return try drawSheet(geometry, to: URL(fileURLWithPath: sheet)) }
        let layout = geometry.grid(count: count ?? 0)
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        let rows = layout.rows.map { $0.map { ["x": round($0.x), "y": round($0.y)] } }
        let output: [String: Any] = ["rows": rows, "cellSize": ["width": round(layout.cellSize.width), "height": round(layout.cellSize.height)]]
        let data = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// Seven columns of five: each tile is the stage scaled down, its grid drawn as hexagons with their count.
    private func drawSheet(_ geometry: HoneycombGeometry, to file: URL) throws {
        let tile = Size(width: 256, height: 192)
        let scale = tile.width / geometry.size.width
        let root = Layer(frame: Rect(x: 0, y: 0, width: tile.width * 7, height: tile.height * 5))
        root.backgroundColor = Palette.paper
        for count in 1...HoneycombLayout.maximumCells {
            let column = (count - 1) % 7, row = (count - 1) / 7
            let frame = Rect(x: Double(column) * tile.width + 4, y: Double(row) * tile.height + 4, width: tile.width - 8, height: tile.height - 8)
            let card = Typography.panel(nil, frame: frame, color: .white, cornerRadius: 8)
            let layout = geometry.grid(count: count)
            let box = layout.cellBox * scale
            for centre in layout.centres {
                let cell = Layer(frame: Rect(center: Point(x: centre.x * scale - 4, y: centre.y * scale - 4), size: box))
                cell.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color(red8: 0xF2, green8: 0xB1, blue8: 0x34)))
                card.addSublayer(cell)
            }
            card.addSublayer(Typography.label(nil, "\(count): \(layout.rows.map { String($0.count) }.joined(separator: "·"))",
                                              frame: Rect(x: 8, y: 4, width: frame.width - 16, height: 18), size: 12, bold: true, color: Palette.ink))
            root.addSublayer(card)
        }
        let renderer = try Renderer(pointSize: root.bounds.size, scale: 1)
        renderer.render(root)
        try renderer.writePNG(to: file)
        print(file.path)
    }
}
