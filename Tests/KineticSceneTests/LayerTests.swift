import XCTest
import KineticCore
@testable import KineticScene

final class LayerTests: XCTestCase {
    private func screen() -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        return root
    }

    func testHitTestingFollowsRotationAndScale() {
        let root = screen()
        // A 200×20 bar centred at (500, 400), turned a quarter turn: it now stands upright.
        let bar = Layer(identifier: "bar", frame: Rect(center: Point(x: 500, y: 400), size: Size(width: 200, height: 20)))
        bar.rotation = .pi / 2
        root.addSublayer(bar)
        XCTAssertEqual(root.hitTest(Point(x: 500, y: 320))?.identifier, "bar")
        XCTAssertTrue(root.hitTest(Point(x: 580, y: 400)) === root, "beside the upright bar, the root")

        // Scaled ×2: a 50×50 square covers 100×100 about its centre.
        let square = Layer(identifier: "square", frame: Rect(center: Point(x: 200, y: 200), size: Size(width: 50, height: 50)))
        square.scale = 2
        root.addSublayer(square)
        XCTAssertEqual(root.hitTest(Point(x: 245, y: 245))?.identifier, "square")
        XCTAssertTrue(root.hitTest(Point(x: 255, y: 200)) === root, "outside the scaled square, the root")
    }

    func testHitTestingThroughATransformedParent() {
        let root = screen()
        let parent = Layer(identifier: "parent", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        parent.rotation = .pi
        parent.scale = 0.5
        let child = Layer(identifier: "child", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.addSublayer(child)
        root.addSublayer(parent)
        // The parent's top-left quarter lands, after half scale and a half turn about (200, 200), at bottom right.
        let childFrame = child.frameInRoot
        XCTAssertEqual(childFrame.minX, 225, accuracy: 1e-9)
        XCTAssertEqual(childFrame.maxY, 250, accuracy: 1e-9)
        XCTAssertEqual(root.hitTest(Point(x: 240, y: 240))?.identifier, "child")
        XCTAssertEqual(root.hitTest(Point(x: 160, y: 160))?.identifier, "parent")
    }

    func testFrontmostWinsAndHiddenOrCircleShapesAreRespected() {
        let root = screen()
        let back = Layer(identifier: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = Layer(identifier: "front", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        front.hitShape = .circle
        root.addSublayer(front)
        root.addSublayer(back)
        front.zPosition = 1
        XCTAssertEqual(root.hitTest(Point(x: 50, y: 50))?.identifier, "front")
        XCTAssertEqual(root.hitTest(Point(x: 3, y: 3))?.identifier, "back", "outside the circle, the layer behind")
        front.isHidden = true
        XCTAssertEqual(root.hitTest(Point(x: 50, y: 50))?.identifier, "back")
    }

    /// An outline in the unit square of the bounds: a triangle with its point at the top middle of a 200 × 100 layer,
    /// scaled 2× — the click lands on it inside the triangle and on the layer behind in the box's empty corners.
    func testAnOutlineHitShapeTakesOnlyClicksInsideIt() {
        let root = screen()
        let back = Layer(identifier: "back", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let figure = Layer(identifier: "figure", frame: Rect(x: 0, y: 0, width: 100, height: 50))
        figure.anchorPoint = .zero
        figure.position = .zero
        figure.scale = 2  // on screen: 200 × 100 from the origin
        figure.hitShape = .outline([Point(x: 0.5, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)])
        figure.zPosition = 1
        root.addSublayer(back)
        root.addSublayer(figure)
        XCTAssertEqual(root.hitTest(Point(x: 100, y: 60))?.identifier, "figure", "the triangle's middle")
        XCTAssertEqual(root.hitTest(Point(x: 100, y: 4))?.identifier, "figure", "just under its point")
        XCTAssertEqual(root.hitTest(Point(x: 10, y: 10))?.identifier, "back", "the box's empty top-left corner")
        XCTAssertEqual(root.hitTest(Point(x: 190, y: 10))?.identifier, "back", "and its top-right")
        XCTAssertEqual(root.hitTest(Point(x: 100, y: 120))?.identifier, "back", "below the box")
    }

    func testContentChangesBumpTheVersionButMovesDoNot() {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let version = layer.contentVersion
        layer.position = Point(x: 99, y: 99)
        layer.opacity = 0.5
        layer.rotation = 1
        XCTAssertEqual(layer.contentVersion, version)
        layer.contents = .text(TextContent("hi"))
        XCTAssertGreaterThan(layer.contentVersion, version)
        let afterText = layer.contentVersion
        layer.size = Size(width: 20, height: 10)
        XCTAssertGreaterThan(layer.contentVersion, afterText)
    }

    func testDumpListsIdentifiedLayersWithScreenFramesAndIsStable() throws {
        let root = screen()
        let label = Layer(identifier: "label", frame: Rect(x: 10, y: 20, width: 100, height: 30))
        label.contents = .text(TextContent("Hello"))
        label.opacity = 0.5
        root.addSublayer(label)
        root.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        let dump = SceneDump(root: root, time: 1.0 / 3, state: "test")
        XCTAssertEqual(dump.layers.map(\.id), ["label"])
        XCTAssertEqual(dump.layer("label")?.frame, DumpRect(Rect(x: 10, y: 20, width: 100, height: 30)))
        XCTAssertEqual(dump.layer("label")?.text, "Hello")
        XCTAssertEqual(dump.layer("label")?.opacity, 0.5)
        XCTAssertEqual(dump.time, 0.333)
        XCTAssertEqual(try dump.jsonData(), try SceneDump(root: root, time: 1.0 / 3, state: "test").jsonData())
    }
}
