import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The engine's context menu on its own: a right-click on a layer with actions opens them at the pointer, kept on the
/// stage; a click on an entry does it and closes the menu; Esc, or a click anywhere else, closes it doing nothing.
///
/// The menu is 220 pt wide, with 40 pt rows inside 6 pt of padding: three entries make it 3 × 40 + 2 × 6 = 132 pt
/// tall, and it stays 8 pt inside the 800 × 600 stage's edges.
final class ContextMenuWidgetTests: WidgetTestCase {
    /// `thing` (200 × 100 at (100, 100)) offers Archive, Move to list… and Delete! and takes taps itself; its child
    /// `thing.label` has no actions of its own. `other` (at (400, 100)) offers Rename; its child `other.empty` offers
    /// an empty list, which counts as none.
    private func menuHost() -> (stage: Stage, host: WidgetHost) {
        let record = self.record
        return hosted { host, _ in
            let thing = Layer(identifier: "thing", frame: Rect(x: 100, y: 100, width: 200, height: 100))
            thing.contextActions = { [("Archive", { record.events.append("archive") }), ("Move to list…", { record.events.append("move") }),
                                      ("Delete!", { record.events.append("delete") })] }
            thing.gestureRecognizers = [TapRecognizer { _ in record.events.append("tapped") }]
            thing.addSublayer(Layer(identifier: "thing.label", frame: Rect(x: 10, y: 10, width: 50, height: 30)))
            let other = Layer(identifier: "other", frame: Rect(x: 400, y: 100, width: 100, height: 100))
            other.contextActions = { [("Rename", { record.events.append("rename") })] }
            let empty = Layer(identifier: "other.empty", frame: Rect(x: 10, y: 10, width: 50, height: 50))
            empty.contextActions = { [] }
            other.addSublayer(empty)
            host.root.addSublayer(thing)
            host.root.addSublayer(other)
        }
    }

    func testARightClickOpensTheActionsAtThePointerAndAnEntryDoesItsActionAndCloses() throws {
        let (stage, _) = menuHost()
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 150, y: 120)))
        XCTAssertTrue(stage.isShowingContextMenu)
        XCTAssertEqual(try layer(stage, "context.menu").frame, DumpRect(Rect(x: 150, y: 120, width: 220, height: 132)), "its corner at the pointer")
        // The entries' names: lower case, dashes for spaces, no punctuation; each row 208 pt wide inside the padding.
        XCTAssertEqual(try layer(stage, "context.item.archive").frame, DumpRect(Rect(x: 156, y: 126, width: 208, height: 40)))
        XCTAssertEqual(try layer(stage, "context.item.move-to-list").frame, DumpRect(Rect(x: 156, y: 166, width: 208, height: 40)))
        XCTAssertEqual(try layer(stage, "context.item.delete").frame, DumpRect(Rect(x: 156, y: 206, width: 208, height: 40)))
        stage.tap(try XCTUnwrap(stage.centre(of: "context.item.move-to-list")))
        stage.step()
        XCTAssertEqual(record.events, ["move"], "that entry's action, once, and the layer under the menu took no tap")
        XCTAssertFalse(stage.isShowingContextMenu)
        XCTAssertNil(stage.dump().layer("context.menu"))
        XCTAssertNil(stage.dump().layer("context.shield"))
    }

    func testEscClosesItDoingNothingAndNoKeyReachesTheScreenWhileItShows() throws {
        let (stage, host) = menuHost()
        stage.sendContextClick(at: Point(x: 150, y: 120))
        XCTAssertTrue(stage.send(KeyEvent(key: .character("q"))), "the menu has the keyboard")
        XCTAssertTrue(stage.isShowingContextMenu, "a letter does not close it")
        XCTAssertTrue(stage.send(KeyEvent(key: .escape)))
        XCTAssertFalse(stage.isShowingContextMenu)
        XCTAssertEqual(host.keysReceived, [], "neither key reached the screen behind")
        XCTAssertEqual(record.events, [])
        stage.send(KeyEvent(key: .character("q")))
        XCTAssertEqual(host.keysReceived.map(\.key), [.character("q")], "with the menu gone the screen has the keys again")
    }

    func testAClickOutsideTheMenuOnlyClosesItAndTheNextClickReachesTheLayer() throws {
        let (stage, _) = menuHost()
        stage.sendContextClick(at: Point(x: 150, y: 120))  // the menu covers x 150–370, y 120–252
        let besideTheMenu = Point(x: 120, y: 180)  // on `thing`, left of the menu
        stage.tap(besideTheMenu)
        stage.step()
        XCTAssertFalse(stage.isShowingContextMenu)
        XCTAssertEqual(record.events, [], "the shield took the click: no action, and no tap on the layer under it")
        stage.tap(besideTheMenu)
        stage.step()
        XCTAssertEqual(record.events, ["tapped"])
    }

    func testTheMenuStaysOnTheStageNearItsEdges() throws {
        let (stage, _) = menuHost()
        let tall = 3 * 40 + 2 * 6.0
        // Near the bottom right: held to 800 − 220 − 8 = 572 across and 600 − 132 − 8 = 460 down.
        stage.showContextMenu([ContextMenuItem("Archive") {}, ContextMenuItem("Move") {}, ContextMenuItem("Delete") {}], at: Point(x: 790, y: 595))
        XCTAssertEqual(try layer(stage, "context.menu").frame, DumpRect(Rect(x: 572, y: 460, width: 220, height: tall)))
        // By the top left corner: 8 pt in.
        stage.showContextMenu([ContextMenuItem("Archive") {}, ContextMenuItem("Move") {}, ContextMenuItem("Delete") {}], at: Point(x: 2, y: 3))
        XCTAssertEqual(try layer(stage, "context.menu").frame, DumpRect(Rect(x: 8, y: 8, width: 220, height: tall)))
        XCTAssertEqual(stage.dump().layers.filter { $0.id == "context.menu" }.count, 1, "a new menu replaced the last")
    }

    func testTheInnermostLayerWithActionsOffersThemAndNoneOpensNoMenu() throws {
        let (stage, _) = menuHost()
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 120, y: 120)), "on thing.label, which has none: thing's")
        XCTAssertNotNil(stage.dump().layer("context.item.delete"))
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 420, y: 120)), "on other.empty, whose list is empty: other's")
        XCTAssertNotNil(stage.dump().layer("context.item.rename"))
        XCTAssertNil(stage.dump().layer("context.item.delete"), "the last menu closed as the new one opened")
        stage.tap(try XCTUnwrap(stage.centre(of: "context.item.rename")))
        XCTAssertEqual(record.events, ["rename"])
        XCTAssertFalse(stage.sendContextClick(at: Point(x: 700, y: 500)), "nothing with actions there")
        XCTAssertFalse(stage.isShowingContextMenu)
    }
}
