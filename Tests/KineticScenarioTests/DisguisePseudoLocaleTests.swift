import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// In the pseudo-locale, the texts Disguise-O-Rama writes itself (the intro's pages and button, the page control) and
/// what it tells a screen reader (the list, Scotch, the intro's panel, the announcements) come from the catalogue;
/// the costumes' titles and descriptions stay as served.
final class DisguisePseudoLocaleTests: XCTestCase {
    private let pseudo = Localization(languages: ["pseudo", "en"], available: [:])

    func testTheIntroAndTheWheelSpeakThePseudoLocale() throws {
        let scenario = Scenario(app: "disguise", freshStart: true, duration: 0)
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, localization: pseudo)
        let stage = runner.stage
        stage.run(until: 3)
        let page = try XCTUnwrap(stage.dump().layer("intro.text")?.text)
        XCTAssertEqual(page, PseudoLocale.transform(IntroPage.bundled[0].text), "the first page, from the catalogue")
        XCTAssertEqual(stage.dump().layer("intro.button")?.text, PseudoLocale.transform(IntroPage.bundled[0].button))
        var tree = AccessibilityTree(root: stage.root, title: "", size: stage.size)
        XCTAssertEqual(tree.root.first(key: "intro")?.name, PseudoLocale.transform("Introduction"))
        for _ in 0..<3 {
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            stage.run(for: 1.5)
        }
        stage.run(for: 4)
        tree = AccessibilityTree(root: stage.root, title: "", size: stage.size)
        let list = try XCTUnwrap(tree.root.all.first { $0.role == .list })
        XCTAssertEqual(list.name, PseudoLocale.transform("Costumes"))
        let first = try XCTUnwrap(list.children.first)
        XCTAssertFalse(first.name.hasPrefix("["), "a costume's title stays as it came: \(first.name)")
        XCTAssertEqual(tree.root.all.first { $0.key == "scotch" }?.name, PseudoLocale.transform("Scotch"))
        tree.actions[first.key]?.first?()  // Choose
        stage.run(for: 2)
        XCTAssertEqual(stage.announcement?.text, PseudoLocale.transform("Scotch is wearing {costume}.").replacingOccurrences(of: "{costume}", with: first.name))
    }
}
