import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// The rest of the Mailbox on stage: undo, the menu, compose, the segmented control, keys, persistence.
final class MailboxFlowTests: XCTestCase {
    private func key(_ stage: Stage, _ name: String) {
        stage.send(KeyEvent(scenarioName: name, timestamp: stage.time))
        stage.step()
    }

    func testUndoIsMultiLevelAndBringsEachMessageBackToItsRow() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        let home = stage.dump()
        Mailbox.swipe(stage, row: 0, by: 150, over: 0.3)          // m01 → Archive
        stage.run(for: 1)
        Mailbox.swipe(stage, row: 0, by: 320, over: 0.3)          // m02 → deleted
        stage.run(for: 1)
        XCTAssertEqual(Mailbox.layer(stage, "undo")?.visible, true, "the undo button shows after an action")
        key(stage, "l")                                            // m03 → Later, Tomorrow
        stage.run(for: 0.8)
        stage.tap(Mailbox.layer(stage, "option.tomorrow")!.frame.center)
        stage.run(for: 1)
        XCTAssertEqual(screen.state.visibleMessages.count, 27)
        // Scenarios start on Monday 5 January 2026 at 09:00 UTC: Tomorrow is Tuesday at 08:00.
        XCTAssertEqual(screen.state.placement(of: "m03"), Placement(.later, "tomorrow", until: StageSettings.scenarioStartDate.addingTimeInterval(23 * 3600)))

        key(stage, "ctrl+z")
        stage.run(for: 0.1)
        XCTAssertLessThan(Mailbox.layer(stage, "row.m03")!.frame.height, Mailbox.rowHeight - 1, "the row opens…")
        XCTAssertLessThan(Mailbox.offset(stage, "m03")!, -100, "…and the message slides in from the side it left by")
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.offset(stage, "m03") ?? 99, 0, accuracy: 0.01)
        stage.sendShake()
        stage.run(for: 1.5)
        stage.tap(Mailbox.layer(stage, "undo")!.frame.center)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placements, [:], "every message back in the Inbox")
        for id in ["m01", "m02", "m03", "m04"] {
            XCTAssertEqual(stage.dump().layer("row.\(id)")!.frame.y, home.layer("row.\(id)")!.frame.y, accuracy: 0.5, "\(id) back in its row")
        }
        key(stage, "ctrl+z")
        XCTAssertEqual(screen.state.placements, [:], "nothing left to undo")
    }

    /// Undo brings a message back to a list the segments do not show (the Trash, a named list) while another list
    /// shows: m02 archived; m01 deleted, then archived from the Trash; the Archive opened, holding m01 and m02. Undo
    /// puts m01 back in the Trash, so the Archive holds m02 alone. Whatever list shows then must hold exactly the
    /// messages of its list, each with its row and no other row (found by `make fuzz`'s Mailbox run: m01's row stayed
    /// on the Archive, in its slot, over a list that no longer had it).
    func testUndoIntoTheTrashLeavesNoRowOnTheListShown() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        Mailbox.act(.command(id: "m02", zone: .archive), .command(id: "m01", zone: .delete), .openShelf(.trash),
                    .command(id: "m01", zone: .archive), .selectSegment(.archive), on: screen, stage, waiting: 1.5)
        XCTAssertEqual(Set(screen.state.visibleMessages.map(\.id)), ["m01", "m02"], "the Archive holds both")
        Mailbox.act(.undo, on: screen, stage, waiting: 1.5)
        XCTAssertEqual(screen.state.placement(of: "m01"), Placement(.deleted), "back in the Trash")
        XCTAssertEqual(screen.state.messages(in: .archive).map(\.id), ["m02"], "the Archive holds m02 alone again")
        let shown = screen.state.visibleMessages.map(\.id)
        XCTAssertEqual(screen.listedMessages().map(\.id), shown, "nothing held on the list drawn")
        XCTAssertEqual(Set(screen.rows.keys), Set(shown), "a row for each message of the list shown, and no other")
        XCTAssertEqual(Set(stage.dump().layers.map(\.id).filter { $0.hasPrefix("row.") }), Set(shown.map { "row.\($0)" }), "on stage too")
        XCTAssertEqual(stage.stateName, "trash", "undo goes where the message comes back, as it goes to a segment")
        XCTAssertEqual(shown, ["m01"])
    }

    /// Compose over the Drafts: each draft saved takes a slot of its own (newest first, one row height apart), and a
    /// draft deleted from compose leaves the list with its row, the one below moving up into its place. Two drafts
    /// saved: draft-2 at y = 0, draft-1 at y = 96; draft-2 deleted: draft-1 alone, at y = 0.
    func testDraftsSavedAndDeletedOverTheDraftsKeepOneRowEach() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        Mailbox.act(.openShelf(.drafts), .compose(.open), .compose(.edit(.to, "ada@example.org")), .compose(.close), .compose(.saveDraft),
                    .compose(.open), .compose(.edit(.to, "bob@example.org")), .compose(.close), .compose(.saveDraft), on: screen, stage)
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["draft-2", "draft-1"], "newest first")
        XCTAssertEqual(screen.rows["draft-2"]?.slot.position.y ?? -1, 0, accuracy: 0.5)
        XCTAssertEqual(screen.rows["draft-1"]?.slot.position.y ?? -1, Mailbox.rowHeight, accuracy: 0.5)
        Mailbox.act(.reader(.open("draft-2")), .compose(.close), .compose(.deleteDraft), on: screen, stage)
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["draft-1"])
        XCTAssertEqual(Set(screen.rows.keys), ["draft-1"], "a row for the draft left, and no other")
        XCTAssertEqual(Set(stage.dump().layers.map(\.id).filter { $0.hasPrefix("row.") }), ["row.draft-1"], "on stage too")
        XCTAssertEqual(screen.rows["draft-1"]?.slot.position.y ?? -1, 0, accuracy: 0.5, "moved up into the place left")
        XCTAssertEqual(screen.scroll.contentHeight, Mailbox.rowHeight, "the list is one row long")
    }

    func testTheMenuFollowsTheFingersDirectionOnRelease() throws {
        func dragMenu(to points: [Double]) throws -> (String, Double) {
            let runner = try Mailbox.runner()
            let stage = runner.stage
            stage.run(until: 0.3)
            stage.send(stage.touch(1, .began, at: Point(x: 4, y: 400)))
            for x in points { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: x, y: 400))) }
            let progress = Mailbox.layer(stage, "mailbox.content")!.frame.x / 300
            stage.send(stage.touch(1, .ended, at: Point(x: points.last!, y: 400)))
            stage.run(for: 1)
            return (stage.stateName, progress)
        }
        // Revealed past half, then pulled back quickly: it keeps hiding.
        let back = try dragMenu(to: Array(stride(from: 10.0, through: 240, by: 10)) + Array(stride(from: 230.0, through: 170, by: -15)))
        XCTAssertGreaterThan(back.1, 0.5)
        XCTAssertEqual(back.0, "inbox")
        // A third of the way, still moving out: it keeps revealing.
        let out = try dragMenu(to: Array(stride(from: 10.0, through: 100, by: 10)))
        XCTAssertLessThan(out.1, 0.5)
        XCTAssertEqual(out.0, "menu")
    }

    func testTheMenusListsAndTheShellsEdgeDoNotFight() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        stage.send(stage.touch(1, .began, at: Point(x: 4, y: 400)))
        for x in stride(from: 20.0, through: 320, by: 20) { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: x, y: 400))) }
        stage.send(stage.touch(1, .ended, at: Point(x: 320, y: 400)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "menu")
        XCTAssertEqual(Mailbox.layer(stage, "mailbox.menu")?.visible, true, "Mailbox's own menu, not the shell's")
        XCTAssertEqual(Mailbox.layer(stage, "menu")?.visible, false)
        stage.tap(Mailbox.layer(stage, "mailbox.menu.later")!.frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "later")
        // The shell's menu stays reachable by its key (its ☰ gives way to the Mailbox's own menu button here).
        key(stage, "m")
        stage.run(for: 0.6)
        XCTAssertEqual(Mailbox.layer(stage, "menu")?.visible, true)
    }

    func testComposeTakesTypedTextAndSlidesAwayOnEscape() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(until: 0.3)
        stage.tap(Mailbox.layer(stage, "compose.button")!.frame.center)
        stage.run(for: 0.1)
        let rising = Mailbox.layer(stage, "compose")!.frame.y
        stage.run(for: 0.8)
        XCTAssertEqual(stage.stateName, "compose")
        XCTAssertLessThan(Mailbox.layer(stage, "compose")!.frame.y, rising, "it slid up")
        let dim = try XCTUnwrap(Mailbox.layer(stage, "compose.dim"))
        XCTAssertTrue(dim.visible && dim.opacity > 0.2 && dim.color == "#000000", "over a dimmed inbox: \(dim)")
        stage.send(text: "ana@example.org")
        key(stage, "tab")
        stage.send(text: "Lunchh")
        key(stage, "backspace")
        key(stage, "enter")
        stage.send(text: "See you ")
        stage.send(text: "at noon.")
        key(stage, "e")  // a letter key while composing types nothing of itself (its text comes as text)
        stage.step()
        let dump = stage.dump()
        XCTAssertEqual(dump.layer("compose.to")?.text, "ana@example.org")
        XCTAssertEqual(dump.layer("compose.subject")?.text, "Lunch")
        XCTAssertEqual(dump.layer("compose.body")?.text, "See you at noon.")
        XCTAssertEqual(dump.layer("compose.body")?.focused, true, "the caret is in the body")
        XCTAssertEqual(Mailbox.screen(of: runner).state.placements, [:], "E did not archive anything")
        key(stage, "escape")  // leaves the field
        key(stage, "escape")  // Cancel: something was written, so it asks
        XCTAssertEqual(stage.stateName, "compose.confirm")
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "compose.confirm.delete")).frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox")
        XCTAssertEqual(Mailbox.layer(stage, "compose")?.visible, false)
    }

    func testTheSegmentedControlSwipesTheListsInFromTheirSide() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        key(stage, "e"); stage.run(for: 1.5)  // m01 to Archive: slid off, then its row closed
        XCTAssertEqual(Mailbox.layer(stage, "segment.archive")?.color, "#217BB8", "not selected: tinted (the blue white text reads on at 4.5:1)")
        stage.tap(Mailbox.layer(stage, "segment.archive")!.frame.center)
        stage.run(for: 0.08)
        XCTAssertEqual(stage.stateName, "archive")
        XCTAssertGreaterThan(Mailbox.layer(stage, "row.m01")!.frame.x, 100, "Archive, right of Inbox, comes in from the right")
        XCTAssertLessThan(Mailbox.layer(stage, "row.m02")!.frame.x, -10, "the Inbox leaves to the left")
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.layer(stage, "row.m01")!.frame.x, 0, accuracy: 0.01)
        XCTAssertNil(Mailbox.layer(stage, "row.m02"))
        XCTAssertEqual(Mailbox.layer(stage, "segment.archive")?.color, "#FFFFFF", "selected: white")
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["m01"])
        key(stage, "1")
        stage.run(for: 0.08)
        XCTAssertEqual(stage.stateName, "later")
        XCTAssertGreaterThan(Mailbox.layer(stage, "row.m01")!.frame.x, 10, "back to Later, on the left: Archive leaves to the right")
    }

    func testKeysMoveTheFocusAndActOnTheFocusedMessage() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        key(stage, "down"); key(stage, "down"); key(stage, "down")
        XCTAssertEqual(screen.focusedMessage, "m03")
        XCTAssertEqual(Mailbox.layer(stage, "focus")!.frame.center.y, Mailbox.rowY(2), accuracy: 1)
        key(stage, "d")
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m03").list, .deleted)
        XCTAssertEqual(screen.focusedMessage, "m04", "the ring moves to the message that took its place")
        key(stage, "delete")
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m04").list, .deleted)
        key(stage, "t")
        stage.run(for: 0.8)
        XCTAssertEqual(stage.stateName, "options.list")
        key(stage, "escape")
        stage.run(for: 0.8)
        XCTAssertEqual(screen.state.placement(of: "m05"), Placement(.list, "to-read"))
        // Down past the visible rows scrolls the focus into view.
        for _ in 0..<20 { key(stage, "down") }
        stage.run(for: 1)
        let ring = Mailbox.layer(stage, "focus")!.frame
        XCTAssertTrue(ring.y >= Mailbox.navHeight - 1 && ring.y + ring.height <= 768 + 1, "\(ring)")
        key(stage, "3")
        XCTAssertEqual(stage.stateName, "archive")
    }

    func testWhatThePersonDidSurvivesARestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailbox-\(UUID().uuidString)")
        do {
            let runner = try Mailbox.runner(dataDirectory: folder)
            let stage = runner.stage
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 0, by: 150, over: 0.3)
            stage.run(for: 1)
            Mailbox.swipe(stage, row: 0, by: -320, over: 0.3)
            stage.run(for: 0.8)
            stage.tap(Mailbox.layer(stage, "option.travel")!.frame.center)
            stage.run(for: 1)
        }
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("mailbox.json"))) as? [String: Any]
        XCTAssertNotNil((saved?["placements"] as? [String: Any])?["m01"], "written to the data folder")
        let again = try Mailbox.runner(freshStart: false, dataDirectory: folder)
        again.stage.run(until: 0.3)
        let state = Mailbox.screen(of: again).state
        XCTAssertEqual(state.placement(of: "m01"), Placement(.archive))
        XCTAssertEqual(state.placement(of: "m02"), Placement(.list, "travel"))
        XCTAssertEqual(state.visibleMessages.first?.id, "m03")
        XCTAssertNil(again.stage.dump().layer("row.m01"))
    }
}

/// Reduced motion: slides become short fades; the thresholds and colours stay.
final class MailboxReducedMotionTests: XCTestCase {
    func testSlidesBecomeFadesAndTheZonesStay() throws {
        let runner = try Mailbox.runner(reduceMotion: true)
        let stage = runner.stage
        stage.run(until: 0.3)
        Mailbox.swipe(stage, row: 1, by: 150, over: 0.4, release: false)
        XCTAssertEqual(Mailbox.layer(stage, "swipe.m02")?.color, "#62D962", "the finger still drags into the same zones")
        stage.send(stage.touch(1, .ended, at: Point(x: 650, y: Mailbox.rowY(1))))
        var farthest = 0.0
        for _ in 0..<60 {
            stage.step()
            if let x = Mailbox.offset(stage, "m02") { farthest = max(farthest, x) }
        }
        XCTAssertLessThanOrEqual(farthest, 260.5, "no slide off the screen")
        stage.run(for: 0.5)
        XCTAssertNil(Mailbox.layer(stage, "row.m02"), "gone, by a fade")
        XCTAssertEqual(Mailbox.screen(of: runner).state.placement(of: "m02").list, .archive)
        XCTAssertEqual(Mailbox.layer(stage, "row.m03")!.frame.y, Mailbox.navHeight + Mailbox.rowHeight, accuracy: 0.01, "the rows below are in place at once")
    }
}

/// A message never covers the control a person needs next.
final class MailboxBannerPlaceTests: XCTestCase {
    func testTheBannerSitsClearOfTheUndoButton() throws {
        let runner = try Mailbox.runner()
        let screen = Mailbox.screen(of: runner)
        XCTAssertFalse(screen.banner.layer.frame.intersects(screen.undoButton.frame),
                       "banner \(screen.banner.layer.frame) over undo \(screen.undoButton.frame)")
        XCTAssertEqual(screen.banner.layer.frame.maxY, screen.undoButton.frame.minY - 12, accuracy: 0.001)
    }
}

/// A long list keeps rows only near what shows.
final class MailboxLongListTests: XCTestCase {
    func testTenThousandMessagesKeepAFewDozenRowsWhileTheListIsFlungThrough() throws {
        let messages = (0..<10_000).map { MailMessage(id: "n\($0)", sender: "Sender \($0)", subject: "Subject \($0)", snippet: "…", time: "9:41 AM") }
        var entries = KineticApps.catalog
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-long-\(UUID().uuidString)")
        entries[1].makeScreen = { _ in
            MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        }
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: entries, dataDirectory: folder)
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.step()
        var most = screen.rows.count
        for _ in 0..<30 {  // fling upwards again and again
            stage.send(stage.touch(1, .began, at: Point(x: 500, y: 700)))
            for step in 1...6 {
                stage.step()
                stage.send(stage.touch(1, .moved, at: Point(x: 500, y: 700 - Double(step) * 90)))
            }
            stage.send(stage.touch(1, .ended, at: Point(x: 500, y: 160)))
            for _ in 0..<30 { stage.step(); most = max(most, screen.rows.count) }
        }
        XCTAssertGreaterThan(screen.scroll.offset, 20 * MessageRowView.height, "the list went far down")
        XCTAssertLessThanOrEqual(most, 40, "rows kept at most: \(most)")
        let first = Int(screen.scroll.offset / MessageRowView.height)
        XCTAssertNotNil(screen.rows["n\(first + 1)"], "the row in view exists")
        runner.renderer.render(stage.root)
    }
}

/// The list's scroll bar for a mouse (issue 36, item 22): with 200 messages, something to grab before anything moved.
final class MailboxScrollBarTests: XCTestCase {
    /// At rest the bar is hidden; the pointer over a row (a button of its own) shows it at once, along the list's
    /// right edge from the nav bar's foot (64 pt) to the stage's (768 pt). It stays while the pointer rests there, and
    /// is gone 1.1 s after the pointer moved onto the nav bar.
    func testThePointerOverTheListShowsTheScrollBar() throws {
        let messages = (0..<200).map { MailMessage(id: "n\($0)", sender: "Sender \($0)", subject: "Subject \($0)", snippet: "…", time: "9:41 AM") }
        let runner = try Mailbox.runner(messages: messages)
        let stage = runner.stage
        stage.run(until: 1)
        XCTAssertEqual(stage.dump().layer("mailbox.list.indicator")?.visible, false, "hidden at rest")
        stage.sendPointer(at: Point(x: 500, y: Mailbox.rowY(2)))
        stage.step()
        let track = try XCTUnwrap(stage.dump().layer("mailbox.list.indicator"))
        XCTAssertTrue(track.visible, "shown with the pointer over a row")
        XCTAssertEqual(track.frame.x + track.frame.width, 1024, accuracy: 0.01)
        XCTAssertEqual(track.frame.y, Mailbox.navHeight, accuracy: 0.01)
        XCTAssertEqual(track.frame.height, 768 - Mailbox.navHeight, accuracy: 0.01)
        stage.run(for: 3)
        XCTAssertEqual(stage.dump().layer("mailbox.list.indicator")?.opacity, 1, "held while the pointer rests over the list")
        stage.sendPointer(at: Point(x: 500, y: 30))  // over the bar at the top
        stage.run(for: 1.2)
        XCTAssertEqual(stage.dump().layer("mailbox.list.indicator")?.visible, false, "gone 1.1 s after the pointer left the list")
    }
}
