import Foundation
import XCTest
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// The window is the stage: each app, resized mid-run from the seed's 1024×768 to a larger and a smaller window, lays
/// out for the size it is given. Expected places come from the layout rules the docs state (a 64 pt bar over 96 pt rows;
/// the Honeycomb's grid centred in the stage less 24 pt margins below an 84 pt header; Scotch and the wheel centred
/// across at 55% of the height), worked out here, not read from the apps' code.
final class WindowResizeTests: XCTestCase {
    static let larger = Size(width: 1440, height: 900), smaller = Size(width: 800, height: 600)

    // MARK: The stage

    /// A window's stage is its size, each side held to the stated minimum; the seed's size is kept as it is.
    func testTheStageFollowsTheWindowDownToItsMinimum() {
        XCTAssertEqual(Stage.size(fitting: Size(width: 1024, height: 768)), Size(width: 1024, height: 768))
        XCTAssertEqual(Stage.size(fitting: Size(width: 2560, height: 1440)), Size(width: 2560, height: 1440))
        XCTAssertEqual(Stage.size(fitting: Size(width: 500, height: 900)), Size(width: 800, height: 900), "narrower than 800: held there, letterboxed")
        XCTAssertEqual(Stage.size(fitting: Size(width: 900, height: .nan)), Size(width: 900, height: 600))
        XCTAssertEqual(Stage.size(fitting: Size(width: 800, height: 600)), Size(width: 800, height: 600), "the least stage is a stage")
    }

    /// The scenario event reads and writes as documented, is refused out of bounds, and a run that resizes captures
    /// frames of the new size.
    func testAResizeEventResizesTheRunAndItsFrames() throws {
        let json = #"{"at": 0.5, "resize": {"width": 1440, "height": 900}}"#
        let event = try JSONDecoder().decode(ScenarioEvent.self, from: Data(json.utf8))
        XCTAssertEqual(event, ScenarioEvent(at: 0.5, .resize(Self.larger)))
        XCTAssertEqual(try JSONDecoder().decode(ScenarioEvent.self, from: JSONEncoder().encode(event)), event)
        let tooSmall = Scenario(app: "gallery", events: [ScenarioEvent(at: 0, .resize(Size(width: 10, height: 900)))])
        XCTAssertThrowsError(try tooSmall.validate(name: "test")) { error in
            XCTAssertTrue("\(error)".contains("events[0]: size must be between 64 and 8192"), "\(error)")
        }
        let tooManyPixels = Scenario(app: "gallery", scale: 4, events: [ScenarioEvent(at: 0, .resize(Size(width: 8000, height: 900)))])
        XCTAssertThrowsError(try tooManyPixels.validate(name: "test"))

        let scenario = Scenario(app: "gallery", scale: 2, duration: 1, events: [ScenarioEvent(at: 0.5, .resize(Self.larger)), ScenarioEvent(at: 0.6, .capture(name: "big", every: nil, until: nil))])
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog)
        let captures = try runner.run(outputDirectory: nil)
        XCTAssertEqual(runner.stage.size, Self.larger)
        XCTAssertEqual([runner.renderer.pixelWidth, runner.renderer.pixelHeight], [2880, 1800])
        let title = try XCTUnwrap(captures.first?.dump.layer("gallery.title"))
        XCTAssertEqual(title.frame.width, 1440, "the gallery laid out again for the new width")
    }

    // MARK: Mailbox

    /// The list fills the new height below the bar, with as many rows as fit it, and the focused row stays in the
    /// list's visible part.
    func testTheMailboxListFillsTheWindowAndKeepsTheFocusedRowInView() throws {
        for size in [Self.larger, Self.smaller] {
            let (runner, stage, screen) = try Mailbox.opened()
            let focused = screen.state.visibleMessages[6].id
            screen.focus(message: focused)
            stage.run(for: 0.5)
            XCTAssertEqual(rowsShowing(stage).count, 8, "704 pt of list at 1024×768: 7⅓ rows of 96 pt")
            runner.stage.resize(to: size)
            stage.run(for: 0.5)
            let list = try XCTUnwrap(stage.dump().layer("mailbox.list")).frame.rect
            XCTAssertEqual(list, Rect(x: 0, y: Mailbox.navHeight, width: size.width, height: size.height - Mailbox.navHeight), "\(size)")
            XCTAssertEqual(try XCTUnwrap(stage.dump().layer("mailbox.navbar")).frame.width, size.width)
            let shown = rowsShowing(stage)
            // Rows from the offset on, a part of one counting: ⌈(height − 64) / 96⌉ (or one more when the offset cuts the first).
            let fit = Int(((size.height - Mailbox.navHeight) / Mailbox.rowHeight).rounded(.up))
            XCTAssertTrue(shown.count == fit || shown.count == fit + 1, "\(size): \(shown.count) rows showing, \(fit) fit")
            let row = try XCTUnwrap(stage.dump().layer("row.\(focused)")).frame.rect
            XCTAssertGreaterThanOrEqual(row.minY, list.minY - 0.5, "\(size): the focused row is in view")
            XCTAssertLessThanOrEqual(row.maxY, list.maxY + 0.5, "\(size): the focused row is in view")
            XCTAssertEqual(row.width, size.width, "\(size): rows made at the new width")
            XCTAssertEqual(try XCTUnwrap(stage.dump().layer("undo")).frame.center.x, size.width / 2, accuracy: 0.5)
        }
    }

    /// The Mailbox's menu at the smallest stage, 800 × 600, with Add Mail Account offered: every row, down to the way
    /// back to the gallery, is inside the stage, in its order, and none sits over another's text; resized back to
    /// 1024 × 768 while open, the rows spread out again (Gallery lower than at 600).
    func testTheMailboxMenuFitsTheSmallestStage() throws {
        var environment = AppsEnvironment.offline
        environment.mailAccountSetting = MailAccountSetting(check: { _ in }, keep: { _ in throw CancellationError() })
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", size: Size(width: 800, height: 600), duration: 0),
                                        entries: KineticApps.entries(environment: environment))
        defer { try? runner.removeOwnFolder() }  // best effort: the run's temporary folder
        let stage = runner.stage
        stage.run(until: 0.5)
        Mailbox.screen(of: runner).send(.setMenu(open: true))
        stage.run(for: 1)
        let rows = stage.dump().layers.filter { $0.id.hasPrefix("mailbox.menu.") && $0.id != "mailbox.menu.shield" }.map(\.frame.rect)
        let gallery = try XCTUnwrap(stage.dump().layer("mailbox.menu.gallery")).frame.rect
        XCTAssertNotNil(stage.dump().layer("mailbox.menu.account"))
        XCTAssertLessThanOrEqual(gallery.maxY, 600, "Gallery in sight: \(gallery)")
        for row in rows { XCTAssertLessThanOrEqual(row.maxY, 600.5, "\(row) in sight") }
        // No row reaches into the next: a click low on the setting never opens the account sheet below it.
        let panelRows = stage.dump().layers.filter { $0.id.hasPrefix("mailbox.menu.") && !["mailbox.menu", "mailbox.menu.shield", "mailbox.menu.top"].contains($0.id) }
            .map(\.frame.rect).sorted { $0.minY < $1.minY }
        for (upper, lower) in zip(panelRows, panelRows.dropFirst()) { XCTAssertLessThanOrEqual(upper.maxY, lower.minY + 0.5, "\(upper) reaches into \(lower)") }
        // The Mailbox's own menu's labels (the shell's, off stage at the left, are not shown here).
        let labels = stage.dump().layers.filter { $0.id.hasPrefix("menu.item.") && $0.frame.x >= 0 }.map(\.frame.rect).sorted { $0.minY < $1.minY }
        XCTAssertGreaterThan(labels.count, 10)
        for (upper, lower) in zip(labels, labels.dropFirst()) { XCTAssertLessThanOrEqual(upper.maxY, lower.minY + 0.5, "\(upper) over \(lower)") }
        stage.resize(to: Size(width: 1024, height: 768))
        stage.run(for: 0.5)
        let spread = try XCTUnwrap(stage.dump().layer("mailbox.menu.gallery")).frame.rect
        XCTAssertGreaterThan(spread.minY, gallery.minY, "room again: the rows spread out")
        XCTAssertLessThanOrEqual(spread.maxY, 768)
    }

    /// An open message keeps its place in the text through a resize, and its column stays readable and centred.
    func testTheReaderKeepsItsPlaceAndAReadableMeasure() throws {
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog near the riverbank at dawn. ", count: 12)
        let body = Array(repeating: paragraph, count: 24).joined(separator: "\n\n")
        let messages = [MailMessage(id: "long", sender: "Ana Lima", subject: "A long letter", snippet: "Hello", time: "9:41 AM", body: body)]
        let runner = try Mailbox.runner(messages: messages)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        screen.send(.reader(.open("long")))
        stage.run(for: 1)
        for _ in 0..<2 {
            stage.send(KeyEvent(scenarioName: "pagedown", timestamp: stage.time))
            stage.run(for: 0.6)
        }
        let fraction = try scrolledFraction(stage)
        XCTAssertGreaterThan(fraction, 0.1)
        XCTAssertLessThan(fraction, 0.9)
        for size in [Self.larger, Self.smaller] {
            stage.resize(to: size)
            stage.run(for: 0.5)
            XCTAssertEqual(try scrolledFraction(stage), fraction, accuracy: 0.01, "\(size): the same passage in view")
            let column = try XCTUnwrap(stage.dump().layer("reader.scroll")).frame.rect
            XCTAssertLessThanOrEqual(column.width, 944 + 0.5, "\(size): no wider than the seed's 944 pt column")
            XCTAssertEqual(column.midX, size.width / 2, accuracy: 1, "\(size): centred")
            XCTAssertEqual(column.maxY, size.height - 20, accuracy: 0.5, "\(size): down to 20 pt above the page's foot")
            XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader")).frame.rect, Rect(origin: .zero, size: size))
        }
    }

    /// A resize while a message is read makes the list's rows anew under the reader; closing it still gives the focus
    /// back to the row of the message read (the reader, a dialog, gives it back to the row made anew).
    func testClosingTheReaderAfterAResizeGoesBackToTheMessageRead() throws {
        let (runner, stage, _) = try Mailbox.opened()
        func key(_ name: String) { stage.send(KeyEvent(scenarioName: name, timestamp: stage.time)); stage.run(for: 0.1) }
        key("down")
        key("down")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "row.m02")
        key("enter")
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "message.m02")
        runner.stage.resize(to: Self.larger)
        stage.run(for: 0.5)
        key("escape")
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "row.m02", "the message read, in its row made anew")
    }

    /// Issue #58, item 6: at 800 × 600 long snippets shrank their font to fit two lines, so rows differed in text
    /// size. Every row's snippet is drawn at the rows' 14 pt, whatever its length, at the smallest window and the
    /// largest: laid out as drawn (the renderer's own fitting), it keeps its size and wraps to its two lines.
    func testEverySnippetIsDrawnAtOneSize() throws {
        let measure = PangoTextMeasure()
        for size in [Self.smaller, Self.larger] {
            let (runner, stage, _) = try Mailbox.opened()
            runner.stage.resize(to: size)
            stage.run(for: 0.5)
            var checked = 0
            let rows = stage.dump().layers.map(\.id).filter { $0.hasPrefix("message.") && $0.split(separator: ".").count == 2 }
            for layer in rows.compactMap({ stage.root.layer(withIdentifier: $0) }) {
                for label in layer.sublayers {
                    guard label.identifier == nil, case .text(let text) = label.contents, text.lineLimit == 2 else { continue }
                    XCTAssertEqual(measure.fitted(text, in: label.bounds.size).fontSize, 14, "\(size): \(text.string.prefix(40))")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 3, "\(size): the snippets of the rows that show")
        }
    }

    // MARK: Honeycomb

    /// A category's grid is centred in the new width (and in the height below the header), its cells grown in the
    /// larger window; an open panel stays within the stage.
    func testTheHoneycombGridCentresAndGrowsItsCells() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 1.5)
        let category = try XCTUnwrap(screen.state.categories.first { $0.children.count >= 4 })
        screen.send(.tapCategory(category.id))
        stage.run(for: 2)
        let seedSide = try cellSide(stage)
        for size in [Self.larger, Self.smaller] {
            stage.resize(to: size)
            stage.run(for: 0.1)
            let box = try cellsBox(stage)
            // Across, halfway between the cells' mass and their outline (docs/honeycomb.md, rule 6).
            XCTAssertEqual((try cellsMass(stage) + box.midX) / 2, size.width / 2, accuracy: 1, "\(size): centred across")
            // The grid's area: 84 pt from the top (below the header) to 24 pt from the bottom.
            XCTAssertEqual(box.midY, (84 + size.height - 24) / 2, accuracy: 1, "\(size): centred in the grid's height")
            if size == Self.larger { XCTAssertGreaterThan(try cellSide(stage), seedSide, "cells grow with the space") }
            if size == Self.smaller { XCTAssertLessThan(try cellSide(stage), seedSide, "cells shrink to fit") }
        }
        let cell = try XCTUnwrap(category.children.first)
        screen.send(.tapCell(cell.id))
        stage.run(for: 1.5)
        stage.resize(to: Self.larger)
        stage.run(for: 0.1)
        let panel = try XCTUnwrap(stage.dump().layer("panel")).frame.rect
        XCTAssertGreaterThanOrEqual(panel.minX, 0)
        XCTAssertLessThanOrEqual(panel.maxX, Self.larger.width)
        XCTAssertEqual(panel.midX, Self.larger.width / 2, accuracy: 1, "the panel centred under its row")
    }

    /// Titles grow with the window as the hexagons do: on a stage twice 1024 × 768 each way, the cells' 13 pt titles are
    /// drawn at 26 pt and the categories' 22 pt at 44 pt; back at 1024 × 768 they are as designed, and a smaller
    /// window keeps them at their size.
    func testHoneycombTitlesGrowWithTheWindow() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 1.5)
        func fontSize(_ id: String) throws -> Double {
            guard case .text(let text) = try XCTUnwrap(stage.root.layer(withIdentifier: id), id).contents else { throw XCTSkip("\(id) holds no text") }
            return text.fontSize
        }
        let category = try XCTUnwrap(screen.state.categories.first { $0.children.count >= 4 })
        XCTAssertEqual(try fontSize("category.\(category.id).title"), 22)
        stage.resize(to: Size(width: 2048, height: 1536))
        stage.run(for: 0.1)
        XCTAssertEqual(try fontSize("category.\(category.id).title"), 44)
        screen.send(.tapCategory(category.id))
        stage.run(for: 2)
        let cell = try XCTUnwrap(category.children.first)
        XCTAssertEqual(try fontSize("cell.\(cell.id).title"), 26)
        stage.resize(to: Size(width: 1024, height: 768))
        stage.run(for: 0.1)
        XCTAssertEqual(try fontSize("cell.\(cell.id).title"), 13)
        stage.resize(to: Self.smaller)
        stage.run(for: 0.1)
        XCTAssertEqual(try fontSize("cell.\(cell.id).title"), 13, "never smaller than designed")
    }

    // MARK: Disguise-O-Rama

    /// Scotch and the wheel keep the seed's proportions of whatever stage they are on: Scotch's centre at half the
    /// width and 55% of the height, each bubble at its spoke's end, the wheel turned as it was.
    func testScotchAndTheWheelStayCentredAtTheSeedsProportions() throws {
        let (stage, screen) = try disguiseOnItsWheel()
        XCTAssertEqual(stage.stateName, "wheel")
        for size in [Self.larger, Self.smaller] {
            let angle = try XCTUnwrap(screen.wheel).angle
            stage.resize(to: size)
            stage.run(for: 0.05)
            let scotch = try XCTUnwrap(stage.dump().layer("scotch")).frame.rect
            XCTAssertEqual(scotch.midX, size.width / 2, accuracy: 0.5, "\(size)")
            XCTAssertEqual(scotch.midY, size.height * 0.55, accuracy: 0.5, "\(size)")
            XCTAssertEqual(scotch.height, size.height * 0.33, accuracy: 0.5, "\(size): a third of the height, as on the seed's stage")
            XCTAssertEqual(try XCTUnwrap(screen.wheel).angle, angle, accuracy: 0.01, "\(size): the wheel turned as it was")
            let wheel = screen.state.wheel
            for (index, id) in wheel.enumerated() {
                let centre = try XCTUnwrap(stage.dump().layer("bubble.\(id)")).frame.center
                let step = 2 * Double.pi / Double(max(wheel.count, 5)), a = Double.pi / 2 + Double(index) * step + angle
                let expected = Point(x: size.width / 2 + size.height * 0.325 * cos(a), y: size.height * 0.55 + size.height * 0.325 * sin(a))
                XCTAssertLessThan(centre.distance(to: expected), 2, "\(size): bubble \(id) on its spoke")
            }
        }
    }

    /// A costume worn stays worn through a resize, on Scotch at his new size at once, its title centred.
    func testAWornCostumeStaysOnScotchThroughAResize() throws {
        let (stage, screen) = try disguiseOnItsWheel()
        let id = try XCTUnwrap(screen.state.wheel.first)
        let costume = try XCTUnwrap(Disguise.sixCostumes.first { $0.id == id })
        // The first spoke points straight down from the wheel's centre (512, 0.55 × 768) by 0.325 × 768.
        stage.send(stage.touch(1, .began, at: Point(x: 512, y: 768 * 0.875)))
        stage.step()
        stage.send(stage.touch(1, .ended, at: Point(x: 512, y: 768 * 0.875)))
        stage.run(for: 2)
        XCTAssertEqual(screen.state.phase, .selected(id))
        for size in [Self.larger, Self.smaller] {
            stage.resize(to: size)
            stage.run(for: 0.05)
            XCTAssertEqual(screen.state.phase, .selected(id), "\(size): still worn")
            let scotch = try XCTUnwrap(stage.dump().layer("scotch")).frame.rect
            let worn = try XCTUnwrap(stage.dump().layer("costume.\(id)")).frame.rect
            let expected = Disguise.wornFrame(costume, onScotch: scotch)
            XCTAssertEqual(worn.midX, expected.midX, accuracy: 0.5, "\(size)")
            XCTAssertEqual(worn.midY, expected.midY, accuracy: 0.5, "\(size)")
            XCTAssertEqual(worn.width, expected.width, accuracy: 0.5, "\(size)")
            for other in screen.state.wheel where other != id {
                let bubble = try XCTUnwrap(stage.dump().layer("bubble.\(other)")).frame.rect
                XCTAssertTrue(Rect(origin: .zero, size: size).insetBy(dx: -1, dy: -1).contains(bubble), "\(size): \(other) lies on this stage")
            }
        }
    }

    // MARK: Helpers

    /// Disguise-O-Rama with six costumes, taken through the intro by its keys to the wheel at rest (7 s in).
    private func disguiseOnItsWheel() throws -> (Stage, DisguiseScreen) {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage, screen = Disguise.screen(of: runner)
        for event in Disguise.throughIntro {
            guard case .key(let name, _) = event.action else { continue }
            stage.run(until: event.at)
            stage.send(KeyEvent(scenarioName: name, timestamp: stage.time))
        }
        stage.run(until: 7)
        return (stage, screen)
    }

    /// The message rows whose frames reach into the list's visible part.
    private func rowsShowing(_ stage: Stage) -> [LayerDump] {
        let dump = stage.dump()
        guard let list = dump.layer("mailbox.list")?.frame.rect else { return [] }
        return dump.layers.filter { $0.id.hasPrefix("row.") && $0.frame.rect.maxY > list.minY + 0.5 && $0.frame.rect.minY < list.maxY - 0.5 }
    }

    /// How far down the reader's body is scrolled, as a fraction of how far it can go.
    private func scrolledFraction(_ stage: Stage) throws -> Double {
        let view = try XCTUnwrap(stage.dump().layer("reader.scroll")).frame.rect
        let body = try XCTUnwrap(stage.dump().layer("reader.body")).frame.rect
        return (view.minY - body.minY) / (body.height - view.height)
    }

    /// The box round every cell of the grid on stage.
    private func cellsBox(_ stage: Stage) throws -> Rect {
        let cells = stage.dump().layers.filter { $0.id.hasPrefix("cell.") && $0.id.split(separator: ".").count == 2 && $0.opacity > 0.5 }
        let first = try XCTUnwrap(cells.first).frame.rect
        return cells.dropFirst().reduce(first) { $0.union($1.frame.rect) }
    }

    /// The mean of the grid's cells' centres across, on stage.
    private func cellsMass(_ stage: Stage) throws -> Double {
        let cells = stage.dump().layers.filter { $0.id.hasPrefix("cell.") && $0.id.split(separator: ".").count == 2 && $0.opacity > 0.5 }
        try XCTSkipIf(cells.isEmpty, "no cells")
        return cells.map { $0.frame.rect.midX }.reduce(0, +) / Double(cells.count)
    }

    /// One cell's side on stage.
    private func cellSide(_ stage: Stage) throws -> Double {
        let cell = try XCTUnwrap(stage.dump().layers.first { $0.id.hasPrefix("cell.") && $0.id.split(separator: ".").count == 2 })
        return cell.frame.height
    }
}
