import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import KineticRender
import XCTest
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// The tree each screen declares for screen readers, read without a bus (the AT-SPI side is checked by
/// `scripts/check-accessibility` with pyatspi): roles, names, states, and actions that do what a gesture does.
final class AccessibilityTreeTests: XCTestCase {
    private func tree(_ stage: Stage) -> AccessibilityTree {
        AccessibilityTree(root: stage.root, title: "Kinetic", size: stage.size, announcement: stage.announcement)
    }

    private func perform(_ action: String, on key: String, in tree: AccessibilityTree, file: StaticString = #filePath, line: UInt = #line) {
        guard let node = tree.root.first(key: key), let index = node.actions.firstIndex(of: action), let actions = tree.actions[key] else {
            return XCTFail("\(key) has no action \(action)", file: file, line: line)
        }
        actions[index]()
    }

    func testTheGalleryOffersItsCardsAsButtonsThatOpenTheApps() throws {
        let runner = try ScenarioRunner(scenario: Scenario(app: "gallery", duration: 0), entries: KineticApps.catalog)
        let stage = runner.stage
        stage.run(until: 0.5)
        let gallery = tree(stage)
        let buttons = gallery.root.all.filter { $0.role == .button }.map(\.name)
        XCTAssertTrue(Set(["Disguise-O-Rama", "Mailbox", "Honeycomb", "Menu"]).isSubset(of: buttons), "\(buttons)")
        perform("press", on: "card.mailbox", in: gallery)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "inbox")
    }

    func testTheMailboxListsItsRowsWithTheSwipesActionsAndSaysWhatHappened() throws {
        let (_, stage, screen) = try Mailbox.opened()
        let inbox = tree(stage)
        let list = try XCTUnwrap(inbox.root.first(key: "mailbox.list"))
        XCTAssertEqual(list.role, .list)
        XCTAssertEqual(list.name, "Inbox")
        // The bundled messages, in order: m01 is Ana Lima's unread lunch, m04 the City Library's read notice.
        XCTAssertEqual(list.children.first?.name, "Ana Lima, Lunch on Thursday?, 9:41 AM, unread")
        let library = try XCTUnwrap(inbox.root.first(key: "row.m04"))
        XCTAssertEqual(library.name, "City Library, Your hold is ready, 8:30 AM")
        XCTAssertEqual(library.role, .listItem)
        XCTAssertEqual(library.actions, ["Open", "Archive", "Delete", "Later…", "Move to list…"])
        XCTAssertEqual(inbox.root.all.filter { $0.role == .pageTab }.map(\.name), ["Later, 0", "Inbox, 30", "Archive, 0"])

        perform("Archive", on: "row.m04", in: inbox)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placement(of: "m04").list, .archive, "the same action a swipe sends")
        let after = tree(stage)
        XCTAssertNil(after.root.first(key: "row.m04"), "its row left the list")
        XCTAssertNotNil(after.root.first(named: "Archive, 1"))
        XCTAssertEqual(after.root.all.first { $0.role == .notification }?.name, "Archived. Undo available.")
        // The announcer is one notification in a status bar, the frame's last child, numbered per announcement.
        let announcer = try XCTUnwrap(after.root.children.last?.children.first)
        XCTAssertEqual(after.root.children.last?.role, .statusBar)
        XCTAssertEqual(announcer.key, AccessibilityTree.announcerKey)
        XCTAssertEqual(announcer.role, .notification)
        XCTAssertEqual(screen.placeName, "Inbox", "the window's title names the list, not a state name")
        screen.send(.undo)
        stage.run(for: 1.5)
        let undone = try XCTUnwrap(tree(stage).root.first(key: AccessibilityTree.announcerKey))
        XCTAssertEqual(undone.name, "Undone: back in Inbox.", "Undo says what it did; the filing's words are gone")
        XCTAssertGreaterThan(undone.announcement, announcer.announcement)
        perform("Archive", on: "row.m04", in: tree(stage))
        stage.run(for: 1.5)

        perform("Open", on: "row.m02", in: after)
        stage.run(for: 1)
        let reading = tree(stage)
        XCTAssertNil(reading.root.first(key: "mailbox.list"), "the list under the reader is not offered")
        let body = try XCTUnwrap(reading.root.first(key: "reader.body"))
        XCTAssertEqual(body.role, .text)
        XCTAssertEqual(body.text, screen.state.messages.first { $0.id == "m02" }?.body ?? screen.state.messages.first { $0.id == "m02" }?.snippet)
        XCTAssertNotNil(reading.root.first(named: "Back"))
    }

    func testComposeFieldsAreEditableTextThatAScreenReaderCanFill() throws {
        let (_, stage, screen) = try Mailbox.opened()
        screen.send(.compose(.open))
        stage.run(for: 1)
        let compose = tree(stage)
        let to = try XCTUnwrap(compose.root.first(key: "compose.to"))
        XCTAssertEqual(to.role, .entry)
        XCTAssertEqual(to.name, "To")
        XCTAssertTrue(to.states.contains(.editable))
        XCTAssertTrue(to.states.contains(.focused), "compose opens with the keyboard in To")
        try XCTUnwrap(compose.textSetters["compose.to"])("ana@example.org")
        stage.run(for: 0.2)
        XCTAssertEqual(screen.state.compose?.to, "ana@example.org")
        XCTAssertEqual(tree(stage).root.first(key: "compose.to")?.text, "ana@example.org")
        XCTAssertFalse(tree(stage).root.first(named: "Send")?.states.contains(.disabled) ?? true, "Send is enabled")
    }

    func testHoneycombCellsAreButtonsWithTheirPlaceAndAPressThatOpensThePanel() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 2)
        let categories = tree(stage)
        XCTAssertEqual(categories.root.first(key: "category.space")?.role, .button)
        perform("press", on: "category.space", in: categories)
        stage.run(for: 2)
        let grid = tree(stage)
        // Space's cells in its layout's reading order: row by row, left to right.
        for info in screen.rows.flatMap({ $0 }) {
            let node = try XCTUnwrap(grid.root.first(key: "cell.\(info.node.id)"))
            XCTAssertEqual(node.name, info.node.title)
            XCTAssertEqual(node.description, "row \(info.row + 1), cell \(info.column + 1)")
        }
        perform("press", on: "cell.mars", in: grid)
        stage.run(for: 1.5)
        let open = tree(stage)
        let panel = try XCTUnwrap(open.root.first(key: "panel"))
        XCTAssertEqual(panel.name, "Mars")
        XCTAssertEqual(panel.children.first { $0.role == .link }?.name, "Learn More")
        XCTAssertTrue(open.root.first(key: "cell.mars")?.states.contains(.expanded) ?? false)
    }

    func testTheWheelIsAListOfCostumesWithChooseAndTakeOff() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes)
        let stage = runner.stage
        stage.run(until: 3)
        var current = tree(stage)
        XCTAssertEqual(current.root.first(key: "intro")?.role, .dialog)
        for _ in 0..<4 where current.root.first(key: "intro.button") != nil {
            perform("press", on: "intro.button", in: current)
            stage.run(for: 1.5)
            current = tree(stage)
        }
        stage.run(for: 3)
        current = tree(stage)
        let list = try XCTUnwrap(current.root.first(key: "bubbles"))
        XCTAssertEqual(list.role, .list)
        XCTAssertEqual(list.children.map(\.name).sorted(), Disguise.sixCostumes.map(\.title).sorted())
        let first = try XCTUnwrap(list.children.first)
        perform("Choose", on: first.key, in: current)
        stage.run(for: 2)
        current = tree(stage)
        XCTAssertTrue(current.root.first(key: first.key)?.states.contains(.selected) ?? false, "worn: selected")
        XCTAssertEqual(current.root.first(key: "scotch")?.name, "Scotch, wearing \(first.name)")
        XCTAssertEqual(current.root.first(key: "title")?.name, first.name)
        perform("Take off", on: first.key, in: current)
        stage.run(for: 3)
        XCTAssertFalse(tree(stage).root.first(key: first.key)?.states.contains(.selected) ?? true)
    }

    func testHiddenAndCoveredLayersAreLeftOutAndTwinsGetTheirOwnKeys() {
        let root = Layer(identifier: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for index in 0..<2 {
            let twin = Layer(identifier: "twin", frame: Rect(x: Double(index) * 10, y: 0, width: 10, height: 10))
            twin.accessibility = Accessibility(role: .button, name: "Twin \(index)")
            root.addSublayer(twin)
        }
        let hidden = Layer(identifier: "hidden")
        hidden.accessibility = Accessibility(role: .label, name: "Hidden")
        hidden.isHidden = true
        root.addSublayer(hidden)
        let covered = Layer(identifier: "covered")
        let inside = Layer(identifier: "inside")
        inside.accessibility = Accessibility(role: .label, name: "Inside")
        covered.addSublayer(inside)
        covered.accessibilityElementsHidden = true
        root.addSublayer(covered)
        let built = AccessibilityTree(root: root, title: "T", size: Size(width: 100, height: 100))
        // The frame's last child is always the window's status bar with the announcer.
        XCTAssertEqual(built.root.children.map(\.key), ["twin", "twin#2", "window.status"])
        XCTAssertEqual(built.root.children.map(\.name), ["Twin 0", "Twin 1", ""])
        XCTAssertNil(built.root.first(named: "Hidden"))
        XCTAssertNil(built.root.first(named: "Inside"))
    }

    func testALongListCountsEveryItemInItsOrderAndOnlyTheRowsInViewShow() throws {
        // 200 messages of 96 pt in a list about 700 pt tall: only rows near the view have layers (VirtualRows).
        let messages = (0..<200).map { MailMessage(id: "n\($0)", sender: "Sender \($0)", subject: "Subject \($0)", snippet: "…", time: "9:41 AM") }
        let runner = try Mailbox.runner(messages: messages)
        runner.stage.run(until: 0.5)
        let list = try XCTUnwrap(tree(runner.stage).root.first(key: "mailbox.list"))
        XCTAssertEqual(list.children.count, 200, "every message is an item, made or not")
        XCTAssertEqual(list.children.map(\.name), messages.map { "\($0.sender), \($0.subject), 9:41 AM" }, "in the list's order")
        XCTAssertEqual(list.children.map(\.key), messages.map { "row.\($0.id)" }, "an item keeps the key its row has when made")
        // What shows: the rows whose 96 pt fall inside the list's frame; everything after them does not.
        let showing = list.children.filter(\.isShowing).count
        XCTAssertEqual(showing, Int((list.frame.height / Mailbox.rowHeight).rounded(.up)))
        XCTAssertTrue(list.children.prefix(showing).allSatisfy(\.isShowing))
        XCTAssertEqual(list.children[199].frame.minY, list.frame.minY + 199 * Mailbox.rowHeight, accuracy: 0.5,
                       "an item without a row stands where its row would")

        // Scrolled (a trackpad's precise wheel, no state changed): made rows and items alike stand where the rows are
        // drawn now, each one row height below the one before.
        for step in 0..<20 {
            _ = runner.stage.send(WheelEvent(location: Point(x: 500, y: 400), delta: Vector(dx: 0, dy: -120), isPrecise: true,
                                             timestamp: runner.stage.time + Double(step) / 120))
            runner.stage.run(for: 1.0 / 60)
        }
        runner.stage.run(for: 3)
        let scrolled = try XCTUnwrap(tree(runner.stage).root.first(key: "mailbox.list"))
        let tops = scrolled.children.enumerated().map { $0.element.frame.minY - Double($0.offset) * Mailbox.rowHeight }
        XCTAssertLessThan(tops[0], scrolled.frame.minY - 10 * Mailbox.rowHeight, "the list scrolled by more than ten rows")
        XCTAssertTrue(tops.allSatisfy { abs($0 - tops[0]) < 0.5 }, "every item where its row is drawn: \(Set(tops.map { Int($0) }))")
        XCTAssertEqual(scrolled.children.filter(\.isShowing).map(\.key), scrolled.children.filter { $0.frame.intersects(scrolled.frame) && $0.frame.intersection(scrolled.frame).height > 0.5 }.map(\.key))
    }

    /// A far message's item says what the message says now: a check that brings its subject decoded, or finds it read
    /// elsewhere, renames the item though its row was never made (the same id, placement and dot, a new subject).
    func testAFarItemIsRenamedWhenItsMessageChanges() throws {
        var messages = (0..<200).map { MailMessage(id: "n\($0)", sender: "Sender \($0)", subject: "Subject \($0)", snippet: "…", time: "9:41 AM", unread: true) }
        let runner = try Mailbox.runner(messages: messages)
        runner.stage.run(until: 0.5)
        func item150() throws -> String? { try XCTUnwrap(tree(runner.stage).root.first(key: "mailbox.list")).children.first { $0.key == "row.n150" }?.name }
        XCTAssertEqual(try item150(), "Sender 150, Subject 150, 9:41 AM, unread")
        messages[150].subject = "Café à midi"
        Mailbox.screen(of: runner).send(.messagesArrived(messages))
        runner.stage.run(for: 0.5)
        XCTAssertEqual(try item150(), "Sender 150, Café à midi, 9:41 AM, unread", "the same placement and dot, a new subject")
        messages[150].unread = false
        Mailbox.screen(of: runner).send(.messagesArrived(messages))
        runner.stage.run(for: 0.5)
        XCTAssertEqual(try item150(), "Sender 150, Café à midi, 9:41 AM", "read elsewhere")
    }

    /// On a right-to-left stage a leading-aligned English line is drawn at the right of its mirrored frame; the screen
    /// reader is told its extents there, as the pixels are.
    func testOnAMirroredStageALinesExtentsAreWhereItIsDrawn() throws {
        let root = Layer(identifier: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 200))
        root.backgroundColor = .white
        root.layoutDirection = .rightToLeft
        let label = Layer(identifier: "label", frame: Rect(x: 100, y: 50, width: 400, height: 30))
        label.contents = .text(TextContent("Hello there", fontSize: 20))
        label.accessibility = Accessibility(role: .label, name: "Hello there", exposesText: true)
        root.addSublayer(label)
        let measure = PangoTextMeasure()
        let built = AccessibilityTree(root: root, title: "T", size: Size(width: 1000, height: 200),
                                      lineLayout: { measure.lines(of: $0, width: $1) }, fit: { measure.fitted($0, in: $1) })
        let node = try XCTUnwrap(built.root.first(key: "label"))
        XCTAssertEqual(node.frame.minX, 500, accuracy: 0.001, "the frame, mirrored: 1000 − 100 − 400")
        let line = try XCTUnwrap(node.lines.first)
        XCTAssertEqual(line.frame.maxX, 900, accuracy: 1.5, "a leading line ends at the mirrored frame's right edge")
        // The pixels agree: the leftmost ink of the row is inside the line's extents, not at the frame's left.
        let renderer = try Renderer(pointSize: Size(width: 1000, height: 200), scale: 1, bands: 1)
        renderer.render(root)
        let row = Int(line.frame.midY)
        // ARGB32, one 32-bit word a pixel: a dark green channel is ink on the white root.
        let inked = renderer.withPixels { pixels in
            (0..<1000).filter { x in pixels.load(fromByteOffset: row * renderer.stride + x * 4, as: UInt32.self) >> 8 & 0xFF < 128 }
        }
        let leftmost = try XCTUnwrap(inked.first, "the line is drawn")
        XCTAssertGreaterThanOrEqual(Double(leftmost), line.frame.minX - 1.5)
        XCTAssertLessThanOrEqual(Double(try XCTUnwrap(inked.last)), line.frame.maxX + 1.5)
    }

    func testATextIsOfferedOnTheLinesItIsDrawnOn() {
        let root = Layer(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let body = Layer(identifier: "body", frame: Rect(x: 20, y: 50, width: 200, height: 300))
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        body.contents = .text(TextContent(words + "\n\nEnd."))
        body.accessibility = Accessibility(role: .text, name: "Body", exposesText: true)
        root.addSublayer(body)
        let measure = EstimatedTextMeasure()
        let built = AccessibilityTree(root: root, title: "T", size: Size(width: 400, height: 400)) { measure.lines(of: $0, width: $1) }
        let lines = built.root.first(key: "body")?.lines ?? []
        // 16 pt text at 0.55 em a character is 8.8 pt: 22 characters to 200 pt, so the 40 words wrap onto many lines.
        XCTAssertGreaterThan(lines.count, 10)
        XCTAssertEqual(lines.first?.range.lowerBound, 0)
        XCTAssertEqual(lines.last?.range.upperBound, (words + "\n\nEnd.").utf16.count, "the lines hold the whole text")
        for (line, next) in zip(lines, lines.dropFirst()) {
            XCTAssertEqual(line.range.upperBound, next.range.lowerBound, "one line runs to the next one's start")
            XCTAssertEqual(next.frame.minY, line.frame.maxY, accuracy: 0.001, "lines stack down the layer")
        }
        XCTAssertEqual(lines.first?.frame.minX, 20, "on the stage: the layer's place added")
        XCTAssertEqual(lines.first?.frame.minY, 50)
        XCTAssertTrue(lines.allSatisfy { $0.frame.width <= 200 + 0.001 }, "no line is wider than the layer it wraps in")
    }

    func testThePickersWheelsAreSpinButtonsWithTheirRowsTitleAsTheirValue() throws {
        let (_, stage, screen) = try Mailbox.opened()
        screen.focus(message: "m01")
        stage.run(for: 1)
        Mailbox.openRescheduleOptions(stage)
        screen.send(.options(.choose(.reschedule(.pickDate))))
        stage.run(for: 1)
        var current = tree(stage)
        let wheels = current.root.all.filter { $0.role == .spinButton }
        XCTAssertFalse(wheels.isEmpty, "the picker shows its wheels")
        let day = try XCTUnwrap(wheels.first)
        let value = try XCTUnwrap(day.value)
        XCTAssertEqual(value.minimum, 0)
        XCTAssertEqual(value.current, 0, "the day wheel starts on today")
        XCTAssertEqual(value.text, "Today")
        XCTAssertEqual(value.maximum, Double(DateWheels.dayCount - 1), "a year of days, one a row")
        current.valueSetters[day.key]?(2)
        stage.run(for: 1)
        current = tree(stage)
        XCTAssertEqual(current.root.first(key: day.key)?.value?.current, 2, "setting the value turns the wheel to that row")
        XCTAssertNotEqual(current.root.first(key: day.key)?.value?.text, "Tomorrow", "the day after tomorrow, not tomorrow")
    }
}
