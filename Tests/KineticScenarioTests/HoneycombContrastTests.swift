import XCTest
import KineticCore
import KineticRender
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Every Honeycomb label readable against its hexagon (WCAG 2.1: 4.5:1, or 3:1 for bold text of 14 pt and more),
/// measured on frames rendered at 2×: the categories' 22 pt bold titles, and every cell's 13 pt bold title.
final class HoneycombContrastTests: XCTestCase {
    private let scale = 2.0

    /// The strongest pixel of `id.title` against the hexagon's own colour, sampled left of its centre (inside the
    /// hexagon, clear of the picture above the title and of the title itself).
    private func labelContrast(_ image: PixelImage, _ dump: SceneDump, _ id: String) throws -> Double {
        let hexagon = try XCTUnwrap(dump.layer(id)).frame.rect
        let title = try XCTUnwrap(dump.layer("\(id).title")).frame.rect
        let behind = Point(x: hexagon.midX - hexagon.width * 0.36, y: hexagon.midY)
        return Contrast.strongest(in: image, rect: title, against: behind, scale: scale)
    }

    func testEveryCategoryAndCellTitleIsReadable() throws {
        let runner = try Honeycomb.runner(scale: scale)
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 3)
        runner.renderer.render(stage.root)
        var image = PixelImage(runner.renderer)
        var dump = stage.dump()
        var checked = 0
        for category in screen.state.categories {
            let contrast = try labelContrast(image, dump, "category.\(category.id)")
            XCTAssertGreaterThanOrEqual(contrast, 3, "\(category.title): \(String(format: "%.2f", contrast)):1")
            checked += 1
        }
        for category in screen.state.categories {
            screen.send(.tapCategory(category.id))
            stage.run(for: 3)
            runner.renderer.render(stage.root)
            image = PixelImage(runner.renderer)
            dump = stage.dump()
            for cell in category.children {
                let contrast = try labelContrast(image, dump, "cell.\(cell.id)")
                XCTAssertGreaterThanOrEqual(contrast, 4.5, "\(category.title) / \(cell.title): \(String(format: "%.2f", contrast)):1")
                checked += 1
            }
            screen.send(.back)
            stage.run(for: 3)
        }
        XCTAssertGreaterThanOrEqual(checked, 92, "every label")
    }

    func testAnyColourAServerSendsEndsReadableKeepingItsHue() {
        // A sweep of hues and lightnesses, the worst being mid-greys and light yellows.
        for red in stride(from: 0.0, through: 1, by: 0.125) {
            for green in stride(from: 0.0, through: 1, by: 0.125) {
                for blue in stride(from: 0.0, through: 1, by: 0.25) {
                    let fill = Color(red: red, green: green, blue: blue)
                    let (shown, label) = Color.readableLabel(on: fill, labels: [.white, .black], minimumContrast: 4.5)
                    XCTAssertGreaterThanOrEqual(shown.contrastRatio(with: label), 4.5, "\(fill)")
                    // Hue kept: the components keep their order (mixing towards black or white never swaps them).
                    XCTAssertEqual(fill.red <= fill.green, shown.red <= shown.green + 1e-9, "\(fill) → \(shown)")
                    XCTAssertEqual(fill.green <= fill.blue, shown.green <= shown.blue + 1e-9, "\(fill) → \(shown)")
                }
            }
        }
    }
}
