import XCTest
import Foundation
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// Issue #39's acceptance: in the pseudo-locale, where every text of the app's own is about 40% longer than its
/// English, no such text is cut or spills out of its frame, in any state the shipped scenarios reach. Each visible text
/// layer holding a bracketed (pseudo) text is laid out by Pango, as drawn (a label's font shrunk as far as it may): on
/// one line it must fit the frame's width; on several, more than half of its last line must be inside the frame, and
/// its lines within its line limit.
final class PseudoLocaleFitTests: XCTestCase {
    func testNoTextOfTheAppsOwnIsCutInThePseudoLocale() throws {
        let pseudo = Localization(languages: ["pseudo", "en"], available: [:])
        let measure = PangoTextMeasure()
        var cut: Set<String> = []
        for (name, scenario) in try LocalizedScenarioTests.scenarios() {
            let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, localization: pseudo)
            defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
            runner.onCapture = { capture in
                Self.visit(runner.stage.root) { layer, text in
                    // As drawn: shrunk to fit where the label may shrink.
                    let drawn = measure.fitted(text, in: layer.bounds.size)
                    guard text.string.contains("["), let problem = Self.problem(layer: layer, text: drawn, measure: measure) else { return }
                    cut.insert("\(name)/\(capture) \(layer.identifier ?? "?"): \(problem) — \(text.string)")
                }
            }
            _ = try runner.run(outputDirectory: nil)
        }
        XCTAssertEqual(cut.sorted(), [], "texts cut or spilling in the pseudo-locale")
    }

    /// Issue #57: every language `LINGUAS` lists, checked as the pseudo-locale is: no text of the catalogue's (a
    /// translation, its `{values}` standing for anything) is cut or spills out of its frame in any state the shipped
    /// scenarios reach. Served words (a message's snippet, ellipsised on purpose) are not the catalogue's.
    func testNoTextOfTheAppsOwnIsCutInAnyShippedLanguage() throws {
        let shipped = KineticApps.shippedCatalogues()
        let measure = PangoTextMeasure()
        var cut: Set<String> = []
        for language in try LocalizedScenarioTests.shippedLanguages() {
            let localization = Localization(languages: [language], catalogues: shipped)
            let catalogue = try XCTUnwrap(localization.catalogues.first, "\(language) has a catalogue")
            let catalogues = CatalogueTemplates(catalogue)
            for (name, scenario) in try LocalizedScenarioTests.scenarios() {
                let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, localization: localization)
                defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
                runner.onCapture = { capture in
                    Self.visit(runner.stage.root) { layer, text in
                        guard catalogues.holds(text.string) else { return }
                        let drawn = measure.fitted(text, in: layer.bounds.size)
                        guard let problem = Self.problem(layer: layer, text: drawn, measure: measure) else { return }
                        cut.insert("\(language): \(name)/\(capture) \(layer.identifier ?? "?"): \(problem) — \(text.string)")
                    }
                }
                _ = try runner.run(outputDirectory: nil)
            }
        }
        XCTAssertEqual(cut.sorted(), [], "texts of the catalogues cut or spilling")
    }

    /// Each visible text layer under `layer` (the tuning panel, a designer's instrument in English, left out).
    static func visit(_ layer: Layer, _ found: (Layer, TextContent) -> Void) {
        guard !layer.isHidden, layer.opacity > 0.01, layer.identifier?.hasPrefix("tuning") != true else { return }
        if case .text(let text) = layer.contents { found(layer, text) }
        for sublayer in layer.sublayers { visit(sublayer, found) }
    }

    /// Why `text` does not fit `layer`, or `nil` when it does.
    static func problem(layer: Layer, text: TextContent, measure: PangoTextMeasure) -> String? {
        let bounds = layer.bounds
        var unlimited = text
        unlimited.lineLimit = 0  // a limited layout stops (ellipsised) at its limit: count what the words need
        let lines = measure.lines(of: unlimited, width: bounds.width)
        if text.lineLimit == 1 {
            let width = measure.size(of: text, width: nil).width
            return width > bounds.width + 0.5 ? "\(Int(width.rounded())) pt wide in \(Int(bounds.width)) pt" : nil
        }
        if text.lineLimit > 0, lines.count > text.lineLimit { return "\(lines.count) lines for \(text.lineLimit)" }
        // A line is cut when more than half of it falls past the frame's bottom (a glyph's accent reaching a point
        // or two past a tight frame is drawn whole, over nothing).
        guard let last = lines.last, lines.count > 1 else { return nil }
        return last.frame.midY > bounds.height ? "\(lines.count) lines, \(Int(last.frame.maxY.rounded())) pt high in \(Int(bounds.height)) pt" : nil
    }
}
