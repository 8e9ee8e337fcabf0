import XCTest
import KineticCore
import KineticScene
@testable import KineticRender
import KineticTestSupport

/// A frame recomposites only what changed: the old and new places of what moved, nothing when nothing did, and the
/// result is the picture a full render gives.
final class DamageTests: XCTestCase {
    private let size = Size(width: 320, height: 240)

    /// A background, a turned card, and a small square at `square` (points).
    private func scene(square: Rect, squareOpacity: Double = 1) -> (root: Layer, square: Layer) {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: size)
        root.backgroundColor = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)
        let card = Layer(frame: Rect(x: 150, y: 20, width: 140, height: 100))
        card.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 12), fill: .white))
        card.rotation = 0.2
        root.addSublayer(card)
        let layer = Layer(identifier: "square", frame: square)
        layer.backgroundColor = Color(red8: 0xE1, green8: 0x59, blue8: 0x26)
        layer.opacity = squareOpacity
        root.addSublayer(layer)
        return (root, layer)
    }

    /// The pixels a square of `frame` points covers at 2 px a point, with one pixel more on every side (the margin
    /// a bilinear filter may reach), worked out here from the geometry.
    private func pixels(of frame: Rect) -> PixelRect {
        PixelRect(x: Int(frame.minX * 2) - 1, y: Int(frame.minY * 2) - 1, width: Int(frame.width * 2) + 2, height: Int(frame.height * 2) + 2)
    }

    func testTheFirstFrameIsWholeAndAnUnchangedOneIsEmpty() throws {
        let renderer = try Renderer(pointSize: size, scale: 2)
        let (root, _) = scene(square: Rect(x: 20, y: 150, width: 30, height: 30))
        renderer.render(root)
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 0, y: 0, width: 640, height: 480)])
        renderer.render(root)
        XCTAssertEqual(renderer.lastDamage, [], "nothing changed, nothing recomposited")
        renderer.render(root, background: .black)
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 0, y: 0, width: 640, height: 480)], "a new background is everywhere")
    }

    func testMovingOneLayerRecompositesItsOldAndNewPlaceOnly() throws {
        let renderer = try Renderer(pointSize: size, scale: 2)
        let old = Rect(x: 20, y: 150, width: 30, height: 30), new = Rect(x: 90, y: 170, width: 30, height: 30)
        let (root, square) = scene(square: old)
        renderer.render(root)
        square.frame = new
        renderer.render(root)
        XCTAssertEqual(Set(renderer.lastDamage), [pixels(of: old), pixels(of: new)])
        XCTAssertEqual(renderer.lastDamage.reduce(0) { $0 + $1.area }, 2 * 62 * 62, "two 62-pixel squares of 307,200")

        // The frame is the one a full render of the new scene gives.
        let full = try Renderer(pointSize: size, scale: 2)
        full.render(scene(square: new).root)
        XCTAssertEqual(PixelImage(renderer), PixelImage(full))
    }

    func testFadingAndHidingRecompositeTheLayersPlace() throws {
        let renderer = try Renderer(pointSize: size, scale: 2)
        let place = Rect(x: 40, y: 40, width: 50, height: 20)
        let (root, square) = scene(square: place)
        renderer.render(root)
        square.opacity = 0.5
        renderer.render(root)
        XCTAssertEqual(renderer.lastDamage, [pixels(of: place)])
        let faded = try Renderer(pointSize: size, scale: 2)
        faded.render(scene(square: place, squareOpacity: 0.5).root)
        XCTAssertEqual(PixelImage(renderer), PixelImage(faded))

        square.isHidden = true
        renderer.render(root)
        XCTAssertEqual(renderer.lastDamage, [pixels(of: place)], "a layer that goes leaves its place to redraw")
        square.removeFromSuperlayer()
        renderer.render(root)
        XCTAssertEqual(renderer.lastDamage, [], "removing what was already hidden changes no pixel")
    }

    func testRectanglesThatTouchMergeAndManyCollapseIntoOne() {
        var rects: [PixelRect] = []
        Damage.add(PixelRect(x: 0, y: 0, width: 10, height: 10), to: &rects)
        Damage.add(PixelRect(x: 10, y: 0, width: 10, height: 10), to: &rects)
        XCTAssertEqual(rects, [PixelRect(x: 0, y: 0, width: 20, height: 10)], "sharing an edge, they merge")
        Damage.add(PixelRect(x: 100, y: 100, width: 5, height: 5), to: &rects)
        XCTAssertEqual(rects.count, 2)
        for index in 0..<14 { Damage.add(PixelRect(x: 200 + index * 20, y: 0, width: 5, height: 5), to: &rects) }
        XCTAssertEqual(rects.count, 16, "apart, each stays its own")
        Damage.add(PixelRect(x: 480, y: 0, width: 5, height: 5), to: &rects)
        XCTAssertEqual(rects, [PixelRect(x: 0, y: 0, width: 485, height: 105)], "a 17th: one bounding box")
    }

    func testAMostlyDamagedFrameIsRecompositedInOnePiece() {
        let frame = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let small = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 50, y: 50, width: 10, height: 10)]
        XCTAssertEqual(simplified(small, frame: frame), small, "2% of the frame: the pieces stay apart")
        let half = [PixelRect(x: 0, y: 0, width: 100, height: 30), PixelRect(x: 0, y: 60, width: 100, height: 25)]
        XCTAssertEqual(simplified(half, frame: frame), [frame], "55%, in a box of 85% of the frame: the whole frame")
        let apart = [PixelRect(x: 0, y: 0, width: 100, height: 30), PixelRect(x: 0, y: 40, width: 100, height: 25)]
        XCTAssertEqual(simplified(apart, frame: frame), [PixelRect(x: 0, y: 0, width: 100, height: 65)], "55% in a 65% box")
    }

    private func simplified(_ rects: [PixelRect], frame: PixelRect) -> [PixelRect] {
        var simple = rects
        Damage.simplify(&simple, frame: frame)
        return simple
    }
}
