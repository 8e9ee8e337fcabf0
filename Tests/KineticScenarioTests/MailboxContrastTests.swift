import XCTest
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario

/// Every swipe icon at least 3:1 against its zone and the options' text at least 4.5:1 against its cell (WCAG 2.1),
/// measured on frames rendered at 2× (glyph cores reach their full colour there), with Mailbox's palette behind them.
final class MailboxContrastTests: XCTestCase {
    private let scale = 2.0

    func testEverySwipeIconStandsOutFromItsZone() throws {
        // Held mid-swipe: in the gray zone just short of each line (the icon nearly opaque), and in each action zone.
        for offset in [58.0, 120, 300, -58, -120, -300] {
            let runner = try Mailbox.runner(scale: scale)
            let stage = runner.stage
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 1, by: offset, over: 0.3, release: false)
            stage.step()
            runner.renderer.render(stage.root)
            let image = PixelImage(runner.renderer)
            let icon = try XCTUnwrap(stage.dump().layer("swipe.icon.m02")).frame.rect
            let row = try XCTUnwrap(stage.dump().layer("row.m02")).frame.rect
            // The revealed background, at its outer edge, away from the icon.
            let behind = Point(x: offset > 0 ? row.minX + 3 : row.maxX - 3, y: row.minY + 4)
            let contrast = Contrast.strongest(in: image, rect: icon, against: behind, scale: scale)
            XCTAssertGreaterThanOrEqual(contrast, 3, "icon at \(offset) pt: \(String(format: "%.2f", contrast)):1")
            stage.send(stage.touch(1, .cancelled, at: .zero))
        }
    }

    func testTheOptionsTextIsReadableOnYellowAndTan() throws {
        for offset in [-120.0, -300] {
            let runner = try Mailbox.runner(scale: scale)
            let stage = runner.stage
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 1, by: offset, over: 0.3)
            stage.run(for: 2)
            runner.renderer.render(stage.root)
            let image = PixelImage(runner.renderer)
            let dump = stage.dump()
            let items = dump.layers.filter { $0.id.hasPrefix("option.") }
            XCTAssertEqual(items.count, offset < -260 ? 4 : 8)
            for item in items {
                let cell = item.frame.rect
                // Inside the cell's rounded corner, clear of the centred label.
                let contrast = Contrast.strongest(in: image, rect: cell.insetBy(dx: 8, dy: 20), against: Point(x: cell.minX + 9, y: cell.minY + 9), scale: scale)
                XCTAssertGreaterThanOrEqual(contrast, 4.5, "\(item.id): \(String(format: "%.2f", contrast)):1")
            }
            let title = try XCTUnwrap(dump.layer("options.title")).frame.rect
            let panel = try XCTUnwrap(dump.layer("options.panel")).frame.rect
            let contrast = Contrast.strongest(in: image, rect: title, against: Point(x: panel.minX + 14, y: title.midY), scale: scale)
            XCTAssertGreaterThanOrEqual(contrast, 4.5, "options.title: \(String(format: "%.2f", contrast)):1")
        }
    }

    func testThePickersRowsButtonsAndLinesAreReadable() throws {
        let runner = try Mailbox.runner(scale: scale)
        let stage = runner.stage
        let screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        screen.send(.command(id: "m01", zone: .later))
        stage.run(for: 1)
        screen.send(.chooseOption(MailboxState.pickDateOption))
        stage.run(for: 1)
        runner.renderer.render(stage.root)
        let image = PixelImage(runner.renderer)
        let dump = stage.dump()
        let wheels = try XCTUnwrap(dump.layer("picker.wheels")).frame.rect
        // Every row in the window: the middle one on the band, the others on the sheet's white; sampled at the row's
        // left end, clear of its centred text.
        let rows = dump.layers.filter { $0.id.hasPrefix("picker.row.") && wheels.contains($0.frame.center) }
        XCTAssertEqual(rows.count, 3 + 5 + 3, "from today: today and two days; 08–12 around 10:00; 00, 05, 10")
        for row in rows {
            let rect = row.frame.rect
            let contrast = Contrast.strongest(in: image, rect: rect.insetBy(dx: 0, dy: 4), against: Point(x: rect.minX + 14, y: rect.midY), scale: scale)
            XCTAssertGreaterThanOrEqual(contrast, 4.5, "\(row.id): \(String(format: "%.2f", contrast)):1")
        }
        for id in ["picker.title", "picker.summary", "picker.cancel", "picker.schedule"] {
            let rect = try XCTUnwrap(dump.layer(id)).frame.rect
            let behind = id.hasSuffix("cancel") || id.hasSuffix("schedule") ? Point(x: rect.minX + 8, y: rect.midY) : Point(x: rect.minX + 2, y: rect.minY + 2)
            let contrast = Contrast.strongest(in: image, rect: rect, against: behind, scale: scale)
            XCTAssertGreaterThanOrEqual(contrast, 4.5, "\(id): \(String(format: "%.2f", contrast)):1")
        }
    }
}
