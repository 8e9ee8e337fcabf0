import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Inside the Mailbox its own menu is the menu: the shell's ☰ is not offered beside it, and the Mailbox's menu leads
/// back to the gallery.
final class MailboxOneMenuTests: XCTestCase {
    func testOneMenuButtonAndItLeadsBackToTheGallery() throws {
        let (_, stage, _) = try Mailbox.opened()
        var dump = stage.dump()
        XCTAssertEqual(dump.layer("menu.button")?.visible, false, "the shell's ☰ is not shown")
        let button = try XCTUnwrap(dump.layer("mailbox.menu.button"))
        XCTAssertTrue(button.visible)
        XCTAssertLessThan(button.frame.x, 40, "where the ☰ would be")
        stage.tap(button.frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "menu")
        dump = stage.dump()
        let gallery = try XCTUnwrap(dump.layer("mailbox.menu.gallery"))
        XCTAssertTrue(gallery.visible && gallery.frame.rect.maxY <= stage.size.height, "on the stage: \(gallery.frame)")
        stage.tap(gallery.frame.center)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "gallery")
        XCTAssertEqual(stage.dump().layer("menu.button")?.visible, true, "the gallery has the shell's ☰ again")
    }

    /// The menu's items are named for a screen reader from the state, not read back from what is drawn: the list and
    /// its count (the Inbox's counted as unread), and the gallery without the arrow drawn before it.
    func testTheMenusItemsAreNamedFromTheState() throws {
        let (_, stage, screen) = try Mailbox.opened()
        screen.send(.setMenu(open: true))
        stage.run(for: 1)
        let unread = screen.state.unreadInInbox, archived = screen.state.count(filedIn: .archive)
        func name(_ identifier: String) -> String? { stage.root.layer(withIdentifier: identifier)?.accessibility?.name }
        XCTAssertEqual(name("mailbox.menu.inbox"), "Inbox, \(unread) unread")
        XCTAssertEqual(name("mailbox.menu.archive"), "Archive, \(archived)")
        XCTAssertEqual(name("mailbox.menu.gallery"), "Gallery", "the arrow is drawn, not said")
        XCTAssertEqual(name("mailbox.menu.settings"), "Settings, Flick decides the action: off")
    }
}

/// A list with nothing in it says what goes there instead of showing a blank page.
final class MailboxEmptyListTests: XCTestCase {
    func testAnEmptyListSaysWhatGoesThereAndTheNoteLeavesWithTheFirstMessage() throws {
        let (_, stage, screen) = try Mailbox.opened()
        XCTAssertEqual(stage.dump().layer("list.empty")?.visible, false, "the Inbox has messages")
        screen.send(.selectSegment(.archive))
        stage.run(for: 1)
        let note = try XCTUnwrap(stage.dump().layer("list.empty"))
        XCTAssertTrue(note.visible)
        XCTAssertTrue(note.text?.contains("archive") == true, note.text ?? "")
        screen.send(.selectSegment(.inbox))
        stage.run(for: 1)
        screen.send(.command(id: "m01", zone: .archive))
        stage.run(for: 1.5)
        screen.send(.selectSegment(.archive))
        stage.run(for: 1)
        XCTAssertEqual(stage.dump().layer("list.empty")?.visible, false, "one archived message: no note")
        screen.send(.selectSegment(.later))
        stage.run(for: 1)
        XCTAssertTrue(stage.dump().layer("list.empty")?.text?.contains("later") == true)
    }
}

/// The empty list's note comes after the rows' motion, never across it (issue 36, item 19).
final class MailboxEmptyNoteTimingTests: XCTestCase {
    /// The rows drawn on the list now: `row.<id>` layers visible and more than half a point inside the list's area.
    private func rowsInSight(_ dump: SceneDump) -> [String] {
        guard let list = dump.layer("mailbox.list")?.frame.rect else { return [] }
        return dump.layers.filter { layer in
            guard layer.id.hasPrefix("row."), layer.visible, layer.opacity > 0.01, layer.frame.height > 0.5 else { return false }
            return layer.frame.rect.intersects(list.insetBy(dx: 0.5, dy: 0.5))
        }.map(\.id)
    }

    /// Steps `seconds`, failing at any step where the note is drawn (at any opacity) while a row is still in sight;
    /// returns the note's opacity at the end.
    private func watch(_ stage: Stage, for seconds: Double, _ what: String) throws -> Double {
        var sawRowsLeave = false
        for _ in 0..<Int(seconds / Stage.stepDuration) {
            stage.step()
            let dump = stage.dump()
            let rows = rowsInSight(dump)
            if rows.isEmpty { sawRowsLeave = true }
            let note = try XCTUnwrap(dump.layer("list.empty"))
            if note.visible, !rows.isEmpty {
                XCTFail("\(what): the note shows at \(note.opacity) over \(rows.count) rows still in sight (\(rows.prefix(3))) at \(dump.time) s")
                break
            }
        }
        XCTAssertTrue(sawRowsLeave, "\(what): the rows left")
        return try XCTUnwrap(stage.dump().layer("list.empty")).opacity
    }

    /// From the Inbox to Later, which is empty: the Inbox's rows slide out to the right (Later's segment is to the
    /// left); the note waits for them and is whole within 1.5 s. Then the Archive's one message archived from there
    /// (back to the Inbox): it slides off and its row closes up before the note shows.
    func testTheNoteFadesInOnceTheLastRowHasLeft() throws {
        let (_, stage, screen) = try Mailbox.opened()
        XCTAssertFalse(rowsInSight(stage.dump()).isEmpty, "the Inbox's rows are on the list")
        screen.send(.selectSegment(.later))
        XCTAssertEqual(try watch(stage, for: 1.5, "Inbox to Later"), 1, "then the note is whole")

        Mailbox.act(.selectSegment(.inbox), .command(id: "m01", zone: .archive), .selectSegment(.archive), on: screen, stage, waiting: 1.5)
        XCTAssertEqual(rowsInSight(stage.dump()), ["row.m01"])
        screen.send(.command(id: "m01", zone: .archive))
        XCTAssertEqual(try watch(stage, for: 2, "the last message archived"), 1, "then the note is whole")
    }
}

/// Every list reachable: the menu opens the Trash and each named list, with their messages (which can be swiped and
/// opened there) or a note saying what goes there.
final class MailboxShelfTests: XCTestCase {
    /// Every row of the menu carries its count, the Inbox, Later and Archive as the Trash and the lists do. The Inbox
    /// counts what waits to be read, as mail clients count it; every other entry what is in it. The bundled
    /// messages.json marks 7 of its 30 messages unread (m01, m02, m03, m05, m09, m13, m25): "Inbox   7". Archiving
    /// m01 and deleting m02 (both unread) leave 5, with one in the Archive and one in the Trash; opening m03 leaves 4;
    /// m04 (read) snoozed is one in Later and no change to the Inbox's 4, and when its moment comes it is back unread:
    /// 5, Later 0.
    func testTheMenuCountsTheInboxLaterAndArchiveToo() throws {
        let (_, stage, screen) = try Mailbox.opened()
        func counts(_ lists: [String]) -> [String?] {
            screen.send(.setMenu(open: true))
            stage.run(for: 1)
            defer {
                screen.send(.setMenu(open: false))
                stage.run(for: 1)
            }
            return lists.map { Mailbox.layer(stage, "menu.item.\($0)")?.text }
        }
        XCTAssertEqual(counts(["inbox", "later", "archive"]), ["Inbox   7", "Later   0", "Archive   0"])
        screen.send(.command(id: "m01", zone: .archive))
        stage.run(for: 1.5)
        screen.send(.command(id: "m02", zone: .delete))
        stage.run(for: 1.5)
        XCTAssertEqual(counts(["inbox", "later", "archive", "trash"]), ["Inbox   5", "Later   0", "Archive   1", "Trash   1"])
        screen.send(.reader(.open("m03")))
        stage.run(for: 1)
        screen.send(.reader(.close))
        stage.run(for: 1)
        XCTAssertEqual(counts(["inbox"]), ["Inbox   4"])
        screen.send(.command(id: "m04", zone: .later))
        stage.run(for: 1)
        screen.send(.options(.choose(.reschedule(.laterToday))))
        stage.run(for: 1.5)
        XCTAssertEqual(counts(["inbox", "later"]), ["Inbox   4", "Later   1"])
        screen.send(.clock(screen.state.now.addingTimeInterval(3 * 3600 + 1), calendar: Mailbox.utc))  // Later today: three hours on
        stage.run(for: 1.5)
        XCTAssertEqual(counts(["inbox", "later"]), ["Inbox   5", "Later   0"], "back unread")
    }

    func testTheMenuOpensTheTrashAndEachListAndTheirMessagesCanBeSwipedBack() throws {
        let (_, stage, screen) = try Mailbox.opened()
        screen.send(.command(id: "m01", zone: .delete))
        stage.run(for: 1.5)
        screen.send(.command(id: "m02", zone: .list))
        stage.run(for: 1)
        screen.send(.options(.choose(.list(.toWatch))))
        stage.run(for: 1.5)

        screen.send(.setMenu(open: true))
        stage.run(for: 1)
        let trashRow = try XCTUnwrap(Mailbox.layer(stage, "mailbox.menu.trash"))
        stage.tap(trashRow.frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "trash")
        XCTAssertEqual(Mailbox.layer(stage, "mailbox.shelf.title")?.text, "Trash")
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["m01"])
        XCTAssertNotNil(Mailbox.layer(stage, "row.m01"), "its row shows")
        // Swiped to delete from the Trash: back to the Inbox.
        Mailbox.swipe(stage, row: 0, by: 320, over: 0.3)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placement(of: "m01"), .inbox)
        XCTAssertTrue(stage.dump().layer("list.empty")?.text?.contains("Trash") == true, "now empty, and it says what goes there")

        screen.send(.setMenu(open: true))
        stage.run(for: 1)
        XCTAssertEqual(Mailbox.layer(stage, "menu.item.to-watch")?.text, "To Watch   1", "the list with its count")
        XCTAssertEqual(Mailbox.layer(stage, "menu.item.trash")?.text, "Trash   0")
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "menu.item.to-watch")).frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "list.to-watch")
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["m02"])
        stage.tap(Point(x: 500, y: Mailbox.rowY(0)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "message.m02", "opened from its list")
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.run(for: 1)

        screen.send(.openShelf(.list(.toBuy)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "list.to-buy")
        XCTAssertTrue(stage.dump().layer("list.empty")?.text?.contains("To Buy") == true)
        screen.send(.selectSegment(.inbox))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox", "a segment closes the shelf")
        XCTAssertEqual(Mailbox.layer(stage, "segment.inbox")?.color, "#FFFFFF", "and is selected again")
    }
}

/// Emptying the Trash asks first, deletes for good, and one undo brings every message back.
final class MailboxEmptyTrashTests: XCTestCase {
    func testEmptyingTheTrashAsksFirstAndOneUndoBringsEverythingBack() throws {
        let (_, stage, screen) = try Mailbox.opened()
        for id in ["m01", "m02"] {
            screen.send(.command(id: id, zone: .delete))
            stage.run(for: 1.5)
        }
        XCTAssertEqual(Mailbox.layer(stage, "trash.empty")?.visible, false, "only in the Trash")
        screen.send(.openShelf(.trash))
        stage.run(for: 1)
        let button = try XCTUnwrap(Mailbox.layer(stage, "trash.empty"))
        XCTAssertTrue(button.visible)
        stage.tap(button.frame.center)
        stage.step()
        XCTAssertEqual(stage.stateName, "trash.confirm")
        XCTAssertTrue(Mailbox.layer(stage, "trash.confirm.text")?.text?.contains("2 messages") == true)
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.step()
        XCTAssertEqual(stage.stateName, "trash", "Esc: nothing happened")
        XCTAssertEqual(screen.state.visibleMessages.count, 2)
        stage.tap(button.frame.center)
        stage.step()
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "trash.confirm.empty")).frame.center)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "trash")
        XCTAssertTrue(screen.state.visibleMessages.isEmpty)
        XCTAssertEqual(screen.state.placement(of: "m01").list, .gone)
        XCTAssertEqual(Mailbox.layer(stage, "list.empty")?.visible, true)
        XCTAssertEqual(Mailbox.layer(stage, "trash.empty")?.visible, false, "nothing left to empty")
        stage.send(KeyEvent(scenarioName: "ctrl+z", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(Set(screen.state.visibleMessages.map(\.id)), ["m01", "m02"], "one undo: both back in the Trash")
        XCTAssertNotNil(Mailbox.layer(stage, "row.m01"))
    }
}
