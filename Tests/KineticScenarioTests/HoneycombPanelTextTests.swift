import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// The detail panel's description is read whole (issue 36, item 10: a long one was cut at 4 lines in a 440 pt column
/// of an 880 pt panel, its 4th line under Learn More, the text box overlapping the button by 6 pt, and the rest could
/// be read nowhere).
final class HoneycombPanelTextTests: XCTestCase {
    private let long = String(repeating: "Coral reefs cover less than one percent of the ocean floor, yet they shelter about a quarter of its species. ",
                              count: 7) + "The end."

    /// Opens Coral's panel in Ocean's grid with `text` as its description; returns the runner at rest.
    private func coralPanel(describedAs text: String) throws -> ScenarioRunner {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 1.5)
        screen.showCategory("ocean")
        stage.run(for: 2)
        XCTAssertTrue(screen.updateNode(withID: "coral") { $0.detail.text = text })
        XCTAssertTrue(screen.openPanel(forCellWithID: "coral"))
        stage.run(for: 1.5)
        return runner
    }

    func testALongDescriptionIsShownWholeAboveLearnMoreInsideThePanel() throws {
        let runner = try coralPanel(describedAs: long)
        let stage = runner.stage
        let dump = stage.dump()
        let panel = try XCTUnwrap(dump.layer("panel")).frame.rect
        let text = try XCTUnwrap(dump.layer("panel.text")).frame.rect
        let button = try XCTUnwrap(dump.layer("panel.learn-more")).frame.rect
        XCTAssertEqual(dump.layer("panel.text")?.text, long, "the whole description is the text layer's")
        // Nothing overlaps Learn More, and both are inside the panel.
        XCTAssertLessThanOrEqual(text.maxY, button.minY, "text \(text), button \(button)")
        XCTAssertTrue(panel.contains(text), "\(text) in \(panel)")
        XCTAssertTrue(panel.contains(button), "\(button) in \(panel)")
        // Every line fits its box, as the renderer lays the text out at the box's width, with no line limit.
        guard case .text(let content)? = stage.root.layer(withIdentifier: "panel.text")?.contents else { return XCTFail("no text") }
        XCTAssertEqual(content.lineLimit, 0, "no line is cut")
        let needed = stage.textInput.measure.size(of: content, width: text.width).height
        XCTAssertGreaterThan(needed, 4 * 17 * 1.25, "the description is longer than the 4 lines it was cut to")
        XCTAssertLessThanOrEqual(needed, text.height + 0.5, "\(needed) pt of text in a box of \(text.height) pt")
        // The panel shows on the stage, below the header (72 pt), where it can be read.
        XCTAssertGreaterThanOrEqual(panel.minY, 72)
        XCTAssertLessThanOrEqual(panel.maxY, stage.size.height)
    }

    /// A short description keeps the panel as it was: 210 pt, the text beside the picture and Learn More at the bottom.
    func testAShortDescriptionKeepsTheLeastPanel() throws {
        let runner = try coralPanel(describedAs: "Small.")
        let dump = runner.stage.dump()
        let panel = try XCTUnwrap(dump.layer("panel")).frame.rect
        let text = try XCTUnwrap(dump.layer("panel.text")).frame.rect
        let button = try XCTUnwrap(dump.layer("panel.learn-more")).frame.rect
        XCTAssertEqual(panel.height, 210, accuracy: 0.5)
        XCTAssertLessThanOrEqual(text.maxY, button.minY)
        XCTAssertEqual(panel.maxY - button.maxY, 18, accuracy: 0.5)
    }
}
