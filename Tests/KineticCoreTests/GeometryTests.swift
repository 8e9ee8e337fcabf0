import XCTest
@testable import KineticCore

final class GeometryTests: XCTestCase {
    func testTransformConcatenationAppliesLeftFirst() {
        let t = Transform2D(scaleX: 2, y: 2).concatenating(Transform2D(translationX: 10, y: 0))
        XCTAssertEqual(Point(x: 1, y: 1).applying(t), Point(x: 12, y: 2))
    }

    func testRotationIsClockwiseOnScreen() {
        let p = Point(x: 1, y: 0).applying(Transform2D(rotationAngle: .pi / 2))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testInverseUndoesAndSingularHasNone() {
        let t = Transform2D(rotationAngle: 0.7).scaledBy(x: 3, y: 0.5).translatedBy(x: 4, y: -2)
        let p = Point(x: 13, y: -7)
        let back = p.applying(t).applying(t.inverted()!)
        XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        XCTAssertNil(Transform2D(scaleX: 0, y: 1).inverted())
    }

    func testHexColours() throws {
        let orange = try Color(hex: "#E15926")
        XCTAssertEqual(orange.red, 0xE1 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(orange.hex, "#E15926")
        XCTAssertEqual(try Color(hex: "fff"), .white)
        XCTAssertEqual(try Color(hex: "#00000080").alpha, 128 / 255.0, accuracy: 1e-12)
        XCTAssertThrowsError(try Color(hex: "#E1592")) { XCTAssertEqual($0 as? ColorError, .invalidHex("#E1592")) }
        XCTAssertThrowsError(try Color(hex: "#GG0000"))
    }

    func testRectBasics() {
        let r = Rect(center: Point(x: 10, y: 10), size: Size(width: 4, height: 2))
        XCTAssertEqual(r, Rect(x: 8, y: 9, width: 4, height: 2))
        XCTAssertTrue(r.contains(Point(x: 8, y: 9)))
        XCTAssertFalse(r.contains(Point(x: 12, y: 9)))
        XCTAssertEqual(r.applying(Transform2D(rotationAngle: .pi / 2)).width, 2, accuracy: 1e-9)
    }
}
