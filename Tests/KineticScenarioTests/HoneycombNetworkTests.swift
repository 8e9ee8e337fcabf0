import XCTest
import KineticContentServer
import KineticCore
import KineticRender
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// The Honeycomb against a real content server on loopback, through a scenario's `contentURL`: cell images are
/// downloaded, stored in the run's cache folder and shown from there; a hostile one leaves its placeholder.
final class HoneycombNetworkTests: XCTestCase {
    private let validator: ImageValidator = { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) }

    func testCellImagesAreDownloadedStoredAndShownFromDisk() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hc-\(UUID().uuidString)")
        let runner = try Honeycomb.runner(contentURL: URL(string: "\(server.base)/"), dataDirectory: folder, validator: validator)
        let stage = runner.stage
        let screen = Honeycomb.screen(of: runner)
        // The runner waits for the download at the first step, so it is in by then, every run.
        runner.stage.backgroundWork.waitUntilIdle(timeout: 10)
        stage.step()
        screen.showCategory("nature")
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.nature" })
        let layer = try XCTUnwrap(stage.root.layer(withIdentifier: "cell.fern.image"))
        guard case .image(.file(let path)) = layer.contents else { return XCTFail("fern shows \(layer.contents), not its image") }
        XCTAssertTrue(path.hasPrefix(folder.appendingPathComponent("cache").path), "loaded from the local store: \(path)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)),
                       try Data(contentsOf: ContentServer.repositoryContent.appendingPathComponent("honeycomb/images/fern.svg")))
        runner.renderer.render(stage.root)
        XCTAssertEqual(runner.renderer.assetErrors, [], "every stored image draws")

        // A second launch with the server gone: the saved nodes and stored images, at once.
        await server.stop()
        let again = try Honeycomb.runner(contentURL: URL(string: "\(server.base)/"), dataDirectory: folder, validator: validator)
        let later = Honeycomb.screen(of: again)
        again.stage.backgroundWork.waitUntilIdle(timeout: 10)
        again.stage.step()
        later.showCategory("nature")
        XCTAssertTrue(again.stage.run(upTo: 3) { again.stage.stateName == "grid.nature" })
        XCTAssertEqual(again.stage.root.layer(withIdentifier: "cell.fern.image")?.contents, .image(.file(path)))
        XCTAssertEqual(again.stage.dump().layer("banner")?.text, "Couldn’t update the honeycomb — showing the cells saved last time")
    }

    /// Issue #38 item 6: a first launch whose server does not answer (loopback's closed port) has nothing saved, so the
    /// banner says the built-in cells show, not "saved" ones.
    func testAFirstLaunchWithoutAServerSaysTheBuiltInCellsShow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hc-first-\(UUID().uuidString)")
        let runner = try Honeycomb.runner(contentURL: URL(string: "http://127.0.0.1:9/"), dataDirectory: folder, validator: validator)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 10)
        runner.stage.step()
        XCTAssertEqual(runner.stage.dump().layer("banner")?.text, "Couldn’t update the honeycomb — showing the built-in cells")
    }

    func testAHostileImageLeavesItsCellOnAPlaceholder() async throws {
        let content = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hc-content-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("honeycomb/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ContentServer.repositoryContent.appendingPathComponent("honeycomb/images/fern.svg"),
                                         to: content.appendingPathComponent("honeycomb/images/fern.svg"))
        // An SVG that claims a billion pixels a side, and a "PNG" that is text.
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1000000000" height="1000000000"/>"#.utf8).write(to: content.appendingPathComponent("honeycomb/images/bomb.svg"))
        try Data("not a png".utf8).write(to: content.appendingPathComponent("honeycomb/images/fake.png"))
        let nodes = """
        {"rootNode": [{"id": "k", "title": "K", "color": "#335577", "node": [
          {"id": "good", "title": "Good", "color": "#224466", "image": "images/fern.svg"},
          {"id": "bomb", "title": "Bomb", "color": "#224466", "image": "images/bomb.svg"},
          {"id": "fake", "title": "Fake", "color": "#224466", "image": "images/fake.png"}]}]}
        """
        try Data(nodes.utf8).write(to: content.appendingPathComponent("honeycomb/nodes.json"))
        let server = try await RunningServer(folder: content)
        let runner = try Honeycomb.runner(contentURL: URL(string: "\(server.base)/"), validator: validator)
        let stage = runner.stage
        stage.backgroundWork.waitUntilIdle(timeout: 10)
        stage.step()
        XCTAssertTrue(stage.run(upTo: 1) { Honeycomb.screen(of: runner).state.categories.map(\.id) == ["k"] })
        Honeycomb.screen(of: runner).showCategory("k")
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.k" })
        guard case .image = stage.root.layer(withIdentifier: "cell.good.image")?.contents else { return XCTFail("the good image shows") }
        for id in ["bomb", "fake"] {
            guard case .shape = stage.root.layer(withIdentifier: "cell.\(id).image")?.contents else { return XCTFail("\(id) keeps its placeholder") }
            XCTAssertEqual(stage.dump().layer("cell.\(id).title")?.text, id.capitalized, "the cell itself stays")
        }
        runner.renderer.render(stage.root)
        XCTAssertEqual(runner.renderer.assetErrors, [])
        await server.stop()
    }
}
