import Foundation
import XCTest
import KineticContentServer
import KineticCore
import KineticRender
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Every cell its own picture: 86 different SVGs from the content server, each drawn in its cell and large in its
/// panel, and each standing out from its cell's colour.
final class HoneycombPictureTests: XCTestCase {
    private let validator: ImageValidator = { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) }

    func testTheContentHasADifferentPictureForEveryCell() throws {
        // The document as the server serves it, read as plain JSON: each cell's `image`, relative to the document.
        let document = ContentServer.repositoryContent.appendingPathComponent("honeycomb/nodes.json")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as? [String: Any])
        let categories = try XCTUnwrap(root["rootNode"] as? [[String: Any]])
        let cells = categories.flatMap { ($0["node"] as? [[String: Any]]) ?? [] }
        XCTAssertEqual(cells.count, 86)
        var contents: [Data: String] = [:]
        for cell in cells {
            let id = try XCTUnwrap(cell["id"] as? String)
            let name = try XCTUnwrap(cell["image"] as? String, "\(id) names no picture")
            let data = try Data(contentsOf: ContentServer.repositoryContent.appendingPathComponent("honeycomb").appendingPathComponent(name))
            XCTAssertNil(ImageFileCheck.problem(at: ContentServer.repositoryContent.appendingPathComponent("honeycomb").appendingPathComponent(name)),
                         "\(name) passes the app's own image check")
            if let other = contents[data] { XCTFail("\(id) and \(other) have the same picture") }
            contents[data] = id
        }
    }

    func testEveryCellShowsItsOwnPictureLargeInItsPanelAndItStandsOut() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-pictures-\(UUID().uuidString)")
        let runner = try Honeycomb.runner(contentURL: URL(string: "\(server.base)/"), dataDirectory: folder, validator: validator)
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 20)
        stage.step()
        var names: Set<String> = []
        var shown = 0
        for category in screen.state.categories {
            screen.showCategory(category.id)
            stage.run(for: 2.5)
            runner.renderer.render(stage.root)
            XCTAssertEqual(runner.renderer.assetErrors, [], "\(category.title): every picture draws")
            let image = PixelImage(runner.renderer)
            let dump = stage.dump()
            for cell in category.children {
                let picture = try XCTUnwrap(dump.layer("cell.\(cell.id).image"), cell.id)
                let name = try XCTUnwrap(picture.image, "\(cell.id) shows its placeholder, not its picture")
                names.insert(name)
                shown += 1
                // Icons at least 3:1 (WCAG 2.1 non-text contrast) against the cell, sampled just inside its hexagon's
                // flat left side, level with the picture.
                let hexagon = try XCTUnwrap(dump.layer("cell.\(cell.id)")).frame.rect
                let behind = Point(x: hexagon.minX + hexagon.width * 0.1, y: hexagon.midY)
                let contrast = Contrast.strongest(in: image, rect: picture.frame.rect, against: behind, scale: 1)
                XCTAssertGreaterThanOrEqual(contrast, 3, "\(category.title) / \(cell.title): \(String(format: "%.2f", contrast)):1")
            }
            // The panel shows the same picture, large.
            if let first = category.children.first {
                screen.send(.tapCell(first.id))
                stage.run(for: 1.2)
                let panelPicture = try XCTUnwrap(stage.dump().layer("panel.image"))
                XCTAssertEqual(panelPicture.image, stage.dump().layer("cell.\(first.id).image")?.image, "\(first.id)'s panel")
                XCTAssertGreaterThan(panelPicture.frame.width, try XCTUnwrap(stage.dump().layer("cell.\(first.id).image")).frame.width * 1.5, "large")
                screen.send(.tapBackground)
                stage.run(for: 1.2)
            }
        }
        XCTAssertEqual(shown, 86)
        XCTAssertEqual(names.count, 86, "86 distinct pictures")
        await server.stop()
    }
}
