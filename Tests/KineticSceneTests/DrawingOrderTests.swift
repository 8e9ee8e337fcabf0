import XCTest
import KineticCore
@testable import KineticScene

/// The drawing order is kept between frames, and follows every change that can reorder it.
final class DrawingOrderTests: XCTestCase {
    private func names(_ layers: [Layer]) -> [String] { layers.map { $0.identifier ?? "?" } }

    func testTheOrderFollowsZPositionsAndTheSublayersComingAndGoing() {
        let parent = Layer()
        let (a, b, c) = (Layer(identifier: "a"), Layer(identifier: "b"), Layer(identifier: "c"))
        for layer in [a, b, c] { parent.addSublayer(layer) }
        b.zPosition = 1
        // By zPosition (a and c at 0, in the order added), then b.
        XCTAssertEqual(names(parent.sublayersInDrawingOrder), ["a", "c", "b"])
        XCTAssertEqual(names(parent.sublayersInDrawingOrder), ["a", "c", "b"], "asked again, the same")
        a.zPosition = 2
        XCTAssertEqual(names(parent.sublayersInDrawingOrder), ["c", "b", "a"], "a child's zPosition moved it")
        let d = Layer(identifier: "d")
        d.zPosition = 1
        parent.insertSublayer(d, at: 0)
        XCTAssertEqual(names(parent.sublayersInDrawingOrder), ["c", "d", "b", "a"], "d ties with b and was inserted before it")
        b.removeFromSuperlayer()
        XCTAssertEqual(names(parent.sublayersInDrawingOrder), ["c", "d", "a"])
        parent.removeAllSublayers()
        XCTAssertEqual(parent.sublayersInDrawingOrder.count, 0)
        // A layer moved to another parent reorders only that parent.
        let other = Layer()
        other.addSublayer(c)
        c.zPosition = -1
        XCTAssertEqual(names(other.sublayersInDrawingOrder), ["c"])
    }

    func testALayerSetsEveryAnimatableValueByName() {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(layer.setAnimatedValue(0.25, at: \Layer.opacity))
        XCTAssertTrue(layer.setAnimatedValue(3.0, at: \Layer.scale))
        XCTAssertTrue(layer.setAnimatedValue(0.5, at: \Layer.rotation))
        XCTAssertTrue(layer.setAnimatedValue(Point(x: 7, y: 9), at: \Layer.position))
        XCTAssertTrue(layer.setAnimatedValue(Size(width: 40, height: 30), at: \Layer.size))
        XCTAssertEqual(layer.opacity, 0.25)
        XCTAssertEqual(layer.scale, 3)
        XCTAssertEqual(layer.rotation, 0.5)
        XCTAssertEqual(layer.position, Point(x: 7, y: 9))
        XCTAssertEqual(layer.bounds.size, Size(width: 40, height: 30))
        XCTAssertFalse(layer.setAnimatedValue(Point(x: 1, y: 1), at: \Layer.opacity), "a value of another type is refused")
        XCTAssertFalse(layer.setAnimatedValue(1.0, at: \Layer.isHidden), "a key path it does not list is refused")
        XCTAssertEqual(layer.opacity, 0.25, "and a refusal changes nothing")
    }
}
