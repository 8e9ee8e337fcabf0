import XCTest
import KineticCore
@testable import KineticScene

/// Each tree of layers counts its own visible changes: what happens in one stage never wakes another.
final class SceneChangeCounterTests: XCTestCase {
    private func countedRoot() -> (Layer, SceneChangeCounter) {
        let root = Layer(identifier: "root"), counter = SceneChangeCounter()
        root.countChanges(in: counter)
        return (root, counter)
    }

    func testAChangeAnywhereInTheTreeCountsOnceInItsOwnCounterOnly() {
        let (first, firstCounter) = countedRoot()
        let (second, secondCounter) = countedRoot()
        let parent = Layer(), child = Layer()
        parent.addSublayer(child)
        first.addSublayer(parent)
        second.addSublayer(Layer())
        let before = (firstCounter.changes, secondCounter.changes)
        child.position = Point(x: 10, y: 0)
        XCTAssertEqual(firstCounter.changes, before.0 + 1, "a grandchild's move counts in its tree")
        XCTAssertEqual(secondCounter.changes, before.1, "and not in the other")
        child.position = Point(x: 10, y: 0)
        XCTAssertEqual(firstCounter.changes, before.0 + 1, "setting the same value is no change")
    }

    func testALayerTakenOutStopsCountingAndTheRemovalItselfCounts() {
        let (root, counter) = countedRoot()
        let layer = Layer(), inner = Layer()
        layer.addSublayer(inner)
        root.addSublayer(layer)
        let beforeRemoval = counter.changes
        layer.removeFromSuperlayer()
        XCTAssertEqual(counter.changes, beforeRemoval + 1, "the tree lost a layer")
        inner.opacity = 0.5
        layer.opacity = 0.5
        XCTAssertEqual(counter.changes, beforeRemoval + 1, "a layer off the tree changes nothing on screen")
    }

    func testMovingALayerToAnotherTreeCountsInBoth() {
        let (first, firstCounter) = countedRoot()
        let (second, secondCounter) = countedRoot()
        let layer = Layer()
        first.addSublayer(layer)
        let before = (firstCounter.changes, secondCounter.changes)
        second.addSublayer(layer)
        XCTAssertEqual(firstCounter.changes, before.0 + 1)
        XCTAssertEqual(secondCounter.changes, before.1 + 1)
        layer.scale = 2
        XCTAssertEqual(firstCounter.changes, before.0 + 1)
        XCTAssertEqual(secondCounter.changes, before.1 + 2)
    }
}
