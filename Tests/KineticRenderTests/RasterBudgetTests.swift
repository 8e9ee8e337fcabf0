import KineticCore
import KineticScene
@testable import KineticRender
import XCTest

/// With a raster budget (a window's frames), many layers crossing a power of two in one frame share their rasterising
/// out over the next frames, each showing its raster at the neighbouring scale meanwhile; a layer with nothing to show
/// is rasterised at once; and without a budget (a capture) every frame is final.
final class RasterBudgetTests: XCTestCase {
    /// Eight 100-point squares with rounded corners (so each is rasterised, not filled), side by side at 2×.
    private func squares() -> Layer {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 1000, height: 300))
        for index in 0..<8 {
            let square = Layer(frame: Rect(x: 10 + Double(index) * 120, y: 100, width: 100, height: 100))
            square.backgroundColor = Color(red8: 0x30 + index, green8: 0x60, blue8: 0x90)
            square.cornerRadius = 12
            square.identifier = "square.\(index)"
            root.addSublayer(square)
        }
        return root
    }

    func testACrowdCrossingAPowerOfTwoIsRasterisedOverSeveralFrames() throws {
        let renderer = try Renderer(pointSize: Size(width: 1000, height: 300), scale: 2)
        let root = squares()
        // At 0.9× the squares cover 1.8 pixels a point: rasters at 2 pixels a point, none cached yet, so all at once.
        for square in root.sublayers { square.scale = 0.9 }
        renderer.render(root, rasterBudget: Renderer.rasterBudgetPixels)
        XCTAssertEqual(renderer.rasterizedLastFrame, 8, "nothing to show meanwhile: every square at once")
        XCTAssertEqual(renderer.deferredLastFrame, 0)

        // At 1.2× they cover 2.4 pixels a point: rasters at 4 pixels a point, 400 × 400 = 160,000 pixels each.
        for square in root.sublayers { square.scale = 1.2 }
        let perRaster = 400 * 400
        // The first of a frame always goes; more while the frame's pixels stay within the budget.
        let perFrame = max(1, Renderer.rasterBudgetPixels / perRaster)
        var remaining = 8, frames = 0
        while remaining > 0 {
            renderer.render(root, rasterBudget: Renderer.rasterBudgetPixels)
            let expected = min(perFrame, remaining)
            XCTAssertEqual(renderer.rasterizedLastFrame, expected, "frame \(frames) rasterises what the budget holds")
            XCTAssertEqual(renderer.deferredLastFrame, remaining - expected, "the rest show their 2-pixel rasters")
            // The waiting squares are drawn from 200 × 200 rasters, the others from their new 400 × 400 ones.
            let sizes = renderer.lastDraws.filter { $0.width < 1000 }.map(\.width)
            XCTAssertEqual(sizes.filter { $0 == 400 }.count, 8 - remaining + expected)
            XCTAssertEqual(sizes.filter { $0 == 200 }.count, remaining - expected)
            remaining -= expected
            frames += 1
        }
        XCTAssertEqual(frames, (8 + perFrame - 1) / perFrame)
        renderer.render(root, rasterBudget: Renderer.rasterBudgetPixels)
        XCTAssertEqual(renderer.rasterizedLastFrame, 0, "every square has its own raster now")
        XCTAssertEqual(renderer.deferredLastFrame, 0)
    }

    func testNewContentIsNeverKeptWaiting() throws {
        let renderer = try Renderer(pointSize: Size(width: 1000, height: 300), scale: 2)
        let root = squares()
        for square in root.sublayers { square.scale = 0.9 }
        renderer.render(root, rasterBudget: Renderer.rasterBudgetPixels)
        // Every square changes colour and grows past the power of two in the same frame: there is no raster of a new
        // colour at any scale, so all eight are made now, past the budget (8 × 160,000 pixels).
        for (index, square) in root.sublayers.enumerated() {
            square.backgroundColor = Color(red8: 0xE1, green8: 0x59, blue8: 0x10 + index)
            square.scale = 1.2
        }
        XCTAssertGreaterThan(8 * 400 * 400, Renderer.rasterBudgetPixels)
        renderer.render(root, rasterBudget: Renderer.rasterBudgetPixels)
        XCTAssertEqual(renderer.rasterizedLastFrame, 8)
        XCTAssertEqual(renderer.deferredLastFrame, 0)
        XCTAssertEqual(renderer.lastDraws.filter { $0.width < 1000 }.map(\.width), Array(repeating: 400, count: 8))
    }

    func testAFrameWithoutABudgetIsFinal() throws {
        let renderer = try Renderer(pointSize: Size(width: 1000, height: 300), scale: 2)
        let root = squares()
        for square in root.sublayers { square.scale = 0.9 }
        renderer.render(root)
        // The same crossing as above, where a budgeted frame would make only what its budget holds: all eight now.
        for square in root.sublayers { square.scale = 1.2 }
        renderer.render(root)
        XCTAssertEqual(renderer.rasterizedLastFrame, 8)
        XCTAssertEqual(renderer.deferredLastFrame, 0)
        XCTAssertEqual(renderer.lastDraws.filter { $0.width < 1000 }.map(\.width), Array(repeating: 400, count: 8))
    }
}
