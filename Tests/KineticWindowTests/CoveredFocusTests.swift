import XCTest
import KineticCore
import KineticScene
@testable import KineticWindow

/// The screen readers' bridge keeps the control that had the focus for one publication when a menu covering it took
/// the focus in the same change (issue #58, item 4: Orca spoke the Reschedule menu's first option without the menu's
/// name, taking the old focus, gone from its parent, for a "zombie").
final class CoveredFocusTests: XCTestCase {
    /// A window with a list of two rows, the second focused, and a menu with one item; `covered` hides the list from
    /// screen readers and gives the focus to the menu's item.
    private func tree(covered: Bool) -> AccessibilityNode {
        let root = Layer(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let list = Layer(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        list.accessibility = Accessibility(role: .list, name: "Inbox")
        list.accessibilityElementsHidden = covered
        root.addSublayer(list)
        for index in 0..<2 {
            let row = Layer(identifier: "row.\(index)", frame: Rect(x: 0, y: Double(index) * 50, width: 400, height: 50))
            row.accessibility = Accessibility(role: .listItem, name: "Row \(index)", states: index == 1 && !covered ? [.focused] : [])
            list.addSublayer(row)
        }
        let menu = Layer(identifier: "menu", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        menu.accessibility = Accessibility(role: .menu, name: "Reschedule")
        menu.isHidden = !covered
        root.addSublayer(menu)
        let item = Layer(identifier: "item", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        item.accessibility = Accessibility(role: .menuItem, name: "Later today", states: covered ? [.focused] : [])
        menu.addSublayer(item)
        return AccessibilityTree(root: root, title: "Kinetic", size: Size(width: 400, height: 300)).root
    }

    func testTheCoveredFocusIsKeptWithTheAncestorsThatLeftWithIt() throws {
        let before = tree(covered: false), after = tree(covered: true)
        XCTAssertNil(after.first(key: "list"), "the covered list left the tree")
        let kept = try XCTUnwrap(AccessibilityBridge.keepingCoveredFocus(of: before, in: after, focusedKey: "item"))
        let list = try XCTUnwrap(kept.first(key: "list"), "back, holding only the old focus")
        XCTAssertEqual(list.children.map(\.key), ["row.1"])
        XCTAssertEqual(kept.first(key: "row.1")?.states.contains(.focused), false, "no longer focused")
        XCTAssertEqual(kept.first(key: "item")?.states.contains(.focused), true, "the new focus stands")
        XCTAssertEqual(kept.children.firstIndex { $0.key == "list" }, before.children.firstIndex { $0.key == "list" }, "at its old place")
    }

    func testNothingIsKeptWhenTheOldFocusStaysOrNothingWasPublished() {
        let before = tree(covered: false)
        XCTAssertNil(AccessibilityBridge.keepingCoveredFocus(of: before, in: before, focusedKey: "row.1"), "the focus did not move")
        XCTAssertNil(AccessibilityBridge.keepingCoveredFocus(of: nil, in: before, focusedKey: "row.1"), "nothing published before")
        XCTAssertNotNil(AccessibilityBridge.keepingCoveredFocus(of: before, in: tree(covered: true), focusedKey: nil),
                        "the focus gone nowhere while the menu is on its way: kept all the same")
    }
}
