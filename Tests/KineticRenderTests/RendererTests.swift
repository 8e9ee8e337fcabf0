import XCTest
import KineticCore
import KineticScene
@testable import KineticRender
import KineticTestSupport

final class RendererTests: XCTestCase {
    static let badge = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="46" fill="#E15926"/><rect x="30" y="30" width="40" height="40" fill="#1F2430"/></svg>
    """

    private func sampleScene() -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 320, height: 240)
        root.backgroundColor = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)
        let card = Layer(identifier: "card", frame: Rect(x: 20, y: 20, width: 180, height: 120))
        card.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: .white, stroke: Color(red8: 0x1F, green8: 0x24, blue8: 0x30), lineWidth: 2))
        card.rotation = -0.1
        let title = Layer(identifier: "title", frame: Rect(x: 12, y: 12, width: 156, height: 56))
        title.contents = .text(TextContent("Disguise-O-Rama", bold: true, fontSize: 20, color: Color(red8: 0xE1, green8: 0x59, blue8: 0x26)))
        card.addSublayer(title)
        root.addSublayer(card)
        let hexagon = Layer(identifier: "hex", frame: Rect(x: 210, y: 30, width: 90, height: 90))
        hexagon.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color(red8: 0xF2, green8: 0xB1, blue8: 0x34)))
        root.addSublayer(hexagon)
        let svg = Layer(identifier: "svg", frame: Rect(x: 220, y: 140, width: 80, height: 80))
        svg.contents = .image(.svgData(Self.badge))
        svg.opacity = 0.8
        root.addSublayer(svg)
        return root
    }

    func testRenderedFrameMatchesItsReference() throws {
        let renderer = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2)
        renderer.render(sampleScene())
        XCTAssertEqual(renderer.pixelWidth, 640)
        XCTAssertTrue(renderer.assetErrors.isEmpty, "\(renderer.assetErrors)")
        try assertSnapshot(renderer, named: "sample-scene")
    }

    /// Banding changes only how pixman rounds a resampled pixel (by at most 2/255, on a few pixels), never
    /// what is drawn where; for byte-identical frames, scenarios always use the same number of bands.
    func testThePictureIsTheSameWhateverTheNumberOfBands() throws {
        let scene = sampleScene()
        // A turned, clipping layer across the band boundaries, with a child that it cuts.
        let clip = Layer(identifier: "clip", frame: Rect(x: 30, y: 60, width: 200, height: 150))
        clip.rotation = 0.3
        clip.masksToBounds = true
        clip.backgroundColor = Color(red8: 0x3E, green8: 0x7C, blue8: 0xB1).withAlpha(0.4)
        let child = Layer(frame: Rect(x: 120, y: 80, width: 160, height: 160))
        child.contents = .shape(ShapeContent(path: .circle, fill: Color(red8: 0xE1, green8: 0x59, blue8: 0x26)))
        child.opacity = 0.7
        clip.addSublayer(child)
        scene.addSublayer(clip)
        let one = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2, bands: 1)
        let three = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2, bands: 3)
        XCTAssertEqual(three.bandCount, 3)
        one.render(scene)
        three.render(scene)
        let image = PixelImage(three), reference = PixelImage(one)
        XCTAssertEqual(try XCTUnwrap(image.difference(from: reference, pixelThreshold: 2)).differingPixelFraction, 0, "no pixel differs by more than 2/255")
        XCTAssertLessThan(try XCTUnwrap(image.difference(from: reference, pixelThreshold: 0)).differingPixelFraction, 0.005)
        let same = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2, bands: 3)
        same.render(scene)
        XCTAssertEqual(PixelImage(same), image, "the same number of bands gives the same bytes")
    }

    func testSnapshotComparisonNoticesAChange() throws {
        let renderer = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2)
        let scene = sampleScene()
        renderer.render(scene)
        let before = PixelImage(renderer)
        scene.layer(withIdentifier: "hex")!.position.x -= 40
        renderer.render(scene)
        let difference = PixelImage(renderer).difference(from: before)!
        XCTAssertGreaterThan(difference.differingPixelFraction, snapshotPixelFraction)
    }

    func testMovingALayerCompositesWithoutRasterisingAgain() throws {
        let renderer = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2)
        let scene = sampleScene()
        renderer.render(scene)
        XCTAssertEqual(renderer.rasterizedLastFrame, 5)
        scene.layer(withIdentifier: "card")!.position.x += 7
        scene.layer(withIdentifier: "svg")!.opacity = 0.3
        renderer.render(scene)
        XCTAssertEqual(renderer.rasterizedLastFrame, 0)
        scene.layer(withIdentifier: "title")!.contents = .text(TextContent("Changed"))
        renderer.render(scene)
        XCTAssertEqual(renderer.rasterizedLastFrame, 1)
        scene.layer(withIdentifier: "hex")!.scale = 3
        renderer.render(scene)
        XCTAssertEqual(renderer.rasterizedLastFrame, 1, "a new power-of-two scale re-rasterises")
        scene.layer(withIdentifier: "hex")!.scale = 3.5
        renderer.render(scene)
        XCTAssertEqual(renderer.rasterizedLastFrame, 0, "within the same power of two it does not")
    }

    func testLayersThatDrawTheSameThingShareOneRaster() throws {
        let renderer = try Renderer(pointSize: Size(width: 320, height: 240), scale: 2)
        let root = Layer(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let hexagon = LayerContents.shape(ShapeContent(path: .hexagon(pointyTop: true), fill: Color(red: 0.9, green: 0.6, blue: 0.1)))
        let cells = (0..<10).map { index -> Layer in
            let layer = Layer(frame: Rect(x: Double(index) * 30, y: 20, width: 40, height: 40))
            layer.contents = hexagon
            root.addSublayer(layer)
            return layer
        }
        renderer.render(root)
        XCTAssertEqual(renderer.rasterizedLastFrame, 1, "ten equal hexagons, one rasterisation")
        XCTAssertEqual(renderer.cachedLayerCount, 1)
        let before = PixelImage(renderer)
        // Each copy is still placed on its own: moving one moves only it.
        cells[9].position.y += 100
        renderer.render(root)
        XCTAssertEqual(renderer.rasterizedLastFrame, 0)
        XCTAssertGreaterThan(PixelImage(renderer).difference(from: before)!.differingPixelFraction, 0.001)
        // A layer that goes and comes back (faded out, or rebuilt) finds its pixels still cached.
        cells[3].opacity = 0
        renderer.render(root)
        cells[3].opacity = 1
        let rebuilt = Layer(frame: cells[5].frame)
        rebuilt.contents = hexagon
        cells[5].removeFromSuperlayer()
        root.addSublayer(rebuilt)
        renderer.render(root)
        XCTAssertEqual(renderer.rasterizedLastFrame, 0)
        // A different fill is a different raster.
        cells[0].contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: .black))
        renderer.render(root)
        XCTAssertEqual(renderer.rasterizedLastFrame, 1)
        XCTAssertEqual(renderer.cachedLayerCount, 2)
    }

    func testBrokenAssetsShowAPlaceholderAndNameTheProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let corrupt = folder.appendingPathComponent("corrupt.png")
        try Data("not a png at all".utf8).write(to: corrupt)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let sources: [ImageSource] = [.file(folder.appendingPathComponent("missing.svg").path), .file(corrupt.path), .svgData("<svg><unclosed")]
        for (index, source) in sources.enumerated() {
            let layer = Layer(frame: Rect(x: Double(index) * 60, y: 0, width: 50, height: 50))
            layer.contents = .image(source)
            root.addSublayer(layer)
        }
        let text = Layer(frame: Rect(x: 0, y: 60, width: 200, height: 30))
        text.contents = .text(TextContent("Hello", fontFamily: "No Such Font Family"))
        root.addSublayer(text)
        let renderer = try Renderer(pointSize: root.bounds.size, scale: 1)
        renderer.render(root)
        let messages = renderer.assetErrors.map(\.description)
        XCTAssertEqual(messages.count, 4, "\(messages)")
        XCTAssertTrue(messages[0].contains("missing.svg"))
        XCTAssertTrue(messages[1].contains("corrupt.png"))
        XCTAssertTrue(messages[2].hasPrefix("SVG (inline) could not be read"))
        XCTAssertTrue(messages[3].contains("No Such Font Family"))
        // The placeholder is pink: sample the middle of the first broken image.
        let pixel = PixelImage(renderer).rgba[(25 * 200 + 10) * 4 ..< (25 * 200 + 10) * 4 + 3]
        XCTAssertEqual(Array(pixel), [255, 217, 230])
    }

    func testTextUsesTheRealFont() {
        XCTAssertTrue(FontCatalog.isKnown("TeX Gyre Heros"), "fonts-texgyre must be installed")
        XCTAssertFalse(FontCatalog.isKnown("No Such Font Family"))
    }
}
