import XCTest
import KineticRuntime
import KineticCore
@testable import KineticApps
import KineticData

/// The Honeycomb's rules alone: state + action → state + effects, no layers, no time.
final class HoneycombRulesTests: XCTestCase {
    private let categories = [
        HoneycombNode(id: "a", title: "A", color: "#112233", children: [
            HoneycombNode(id: "x", title: "X", color: "#445566", detail: .init(label: "X", text: "About X", learnMore: "https://example.org/x")),
            HoneycombNode(id: "y", title: "Y", color: "#445566"),
        ]),
        HoneycombNode(id: "b", title: "B", color: "#778899", children: [HoneycombNode(id: "z", title: "Z", color: "#000000")]),
    ]

    private func state() -> HoneycombState { HoneycombState(categories: categories, size: Size(width: 1024, height: 768)) }

    @discardableResult
    private func apply(_ state: inout HoneycombState, _ actions: HoneycombAction...) -> [HoneycombEffect] {
        actions.flatMap { HoneycombRules.reduce(&state, $0) }
    }

    /// The data comes as work the rules ask for: a refresh once on the stage, its snapshot's pictures taken, those it
    /// did not get in time fetched again, and each that lands joining the rest (a newer file for a URL replaces the older).
    func testARefreshsPicturesAndTheLateOnesThatLandAreTheStates() {
        var s = state()
        XCTAssertEqual(apply(&s, .appeared), [.refresh])
        let effects = apply(&s, .snapshotArrived(categories: categories, problems: [], refreshFailed: false, showingSaved: false,
                                                 imageFiles: ["https://example.org/a.png": "/cache/a.png"],
                                                 latePictures: ["https://example.org/x.png"]))
        XCTAssertEqual(effects, [.fetchLatePictures(["https://example.org/x.png"])])
        XCTAssertEqual(s.imageFiles, ["https://example.org/a.png": "/cache/a.png"])
        XCTAssertEqual(s.snapshotsArrived, 1)
        XCTAssertEqual(apply(&s, .picturesLanded(["https://example.org/x.png": "/cache/x.png", "https://example.org/a.png": "/cache/a2.png"])), [])
        XCTAssertEqual(s.imageFiles, ["https://example.org/a.png": "/cache/a2.png", "https://example.org/x.png": "/cache/x.png"])
        XCTAssertEqual(apply(&s, .snapshotArrived(categories: categories, problems: [], refreshFailed: false, showingSaved: true)), [],
                       "a snapshot with every picture asks for none again")
        XCTAssertEqual(s.imageFiles, [:], "a snapshot's pictures are the ones it has")
    }

    func testIntoAGridAndBack() {
        var s = state()
        XCTAssertEqual(s.stateName, "categories")
        apply(&s, .tapCategory("a"))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: true))
        XCTAssertEqual(s.stateName, "morph")
        apply(&s, .tapCell("x"))
        XCTAssertNil(s.openCell, "cells take taps only once the grid is in place")
        apply(&s, .morphFinished)
        XCTAssertEqual(s.stateName, "grid.a")
        apply(&s, .tapCell("x"))
        XCTAssertEqual(s.stateName, "panel.x")
        apply(&s, .tapCell("y"))
        XCTAssertEqual(s.stateName, "panel.y", "another cell moves the panel")
        apply(&s, .tapCell("y"))
        XCTAssertEqual(s.stateName, "grid.a", "the same cell closes it")
        apply(&s, .tapCell("x"), .tapBackground)
        XCTAssertEqual(s.stateName, "grid.a", "a tap outside closes it")
        apply(&s, .tapCell("x"), .escape)
        XCTAssertEqual(s.stateName, "grid.a", "Esc closes the panel first")
        apply(&s, .escape)
        XCTAssertEqual(s.phase, .morph(category: "a", forward: false), "then goes back")
        apply(&s, .morphFinished)
        XCTAssertEqual(s.stateName, "categories")
        XCTAssertEqual(apply(&s, .escape), [.leave], "and at the top hands Esc to the shell")
    }

    func testTheMorphReversesEitherWayMidway() {
        var s = state()
        apply(&s, .tapCategory("a"), .back)
        XCTAssertEqual(s.phase, .morph(category: "a", forward: false))
        apply(&s, .tapCategory("b"))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: false), "another category waits for the way back to end")
        apply(&s, .tapCategory("a"))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: true), "the same one turns round again")
    }

    func testTheMenuJumpsStraightToAGrid() {
        var s = state()
        apply(&s, .showCategory("b"), .morphFinished)
        XCTAssertEqual(s.stateName, "grid.b")
        apply(&s, .showCategory("a"))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: true), "from one grid to another")
        apply(&s, .showCategory("nope"))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: true), "an unknown category changes nothing")
        apply(&s, .morphFinished, .showCategory(nil))
        XCTAssertEqual(s.phase, .morph(category: "a", forward: false))
    }

    func testLearnMoreAsksToOpenTheOpenCellsLink() {
        var s = state()
        apply(&s, .tapCategory("a"), .morphFinished)
        XCTAssertEqual(apply(&s, .learnMore), [], "no panel, nothing to open")
        apply(&s, .openPanel("x"))
        XCTAssertEqual(apply(&s, .learnMore), [.openLink("https://example.org/x")], "the link is handed on; nothing is said yet")
        XCTAssertEqual(inEnglish(apply(&s, .linkOpened("https://example.org/x"))), ["banner: Learn More: https://example.org/x"],
                       "once a browser took it, the banner says which link")
        XCTAssertEqual(apply(&s, .linkRefused("javascript:x", reason: "\"javascript:x\" is not an http(s) URL")),
                       [.log("honeycomb: Learn More: \"javascript:x\" is not an http(s) URL; not opened")], "no web address: only logged, not copied")
        apply(&s, .openPanel("y"))
        XCTAssertEqual(apply(&s, .learnMore), [], "y has no link")
        apply(&s, .openPanel("z"))
        XCTAssertEqual(s.openCell, "y", "a cell of another category cannot be opened here")
    }

    /// Issue 36, item 14: with no browser the banner showed the link, which could not be copied. A link no browser
    /// took comes back as an action: the log says why, the link goes on the clipboard, and the banner says both.
    func testALinkNoBrowserOpenedIsCopiedAndSaidSo() {
        var s = state()
        apply(&s, .tapCategory("a"), .morphFinished, .openPanel("x"))
        let before = s
        XCTAssertEqual(inEnglish(apply(&s, .linkNotOpened("https://example.org/x", reason: "xdg-open failed"))), inEnglish([
            .log("honeycomb: Learn More: no browser opened https://example.org/x (xdg-open failed); copied it to the clipboard"),
            .copyToClipboard("https://example.org/x"),
        ]) + ["banner: No browser opened the link — copied it: https://example.org/x"])
        XCTAssertEqual(s, before, "the panel stays as it was")
    }

    func testNewDataKeepsWhatStillExists() {
        var s = state()
        apply(&s, .tapCategory("a"), .morphFinished, .tapCell("x"))
        var changed = categories
        changed[0].children.removeFirst()
        apply(&s, .snapshotArrived(categories: changed, problems: [], refreshFailed: false, showingSaved: false))
        XCTAssertEqual(s.stateName, "grid.a", "the grid stays; the panel of a cell that went closes")
        apply(&s, .snapshotArrived(categories: [categories[1]], problems: [], refreshFailed: false, showingSaved: false))
        XCTAssertEqual(s.stateName, "categories", "a category that went takes its grid with it")
    }

    func testASnapshotsProblemsAreLoggedAndAFailedRefreshSaysSo() {
        var s = state()
        let quiet = apply(&s, .snapshotArrived(categories: categories, problems: [], refreshFailed: false, showingSaved: false))
        XCTAssertEqual(quiet, [], "nothing to say about good data")
        let problems = ["rootNode[2] \"c\" left out: invalid hex colour \"blue\"", "rootNode[0] \"a\".node[1] image left out"]
        let effects = apply(&s, .snapshotArrived(categories: [categories[0]], problems: problems, refreshFailed: true, showingSaved: true))
        XCTAssertEqual(inEnglish(effects), inEnglish([
            .log("honeycomb: rootNode[2] \"c\" left out: invalid hex colour \"blue\""),
            .log("honeycomb: rootNode[0] \"a\".node[1] image left out"),
        ]) + ["banner: Couldn’t update the honeycomb — showing the cells saved last time"], "each problem is one log line, in the data layer's order, and then the banner")
        XCTAssertEqual(s.categories.map(\.id), ["a"], "the snapshot's nodes are taken with its problems")
        XCTAssertEqual(inEnglish(apply(&s, .snapshotArrived(categories: [categories[0]], problems: [], refreshFailed: true, showingSaved: true))),
                       ["banner: Couldn’t update the honeycomb — showing the cells saved last time"], "a failed refresh alone still says so")
        // Issue #38 item 6: a first launch has nothing saved, so it does not claim to show saved cells.
        XCTAssertEqual(inEnglish(apply(&s, .snapshotArrived(categories: [categories[0]], problems: [], refreshFailed: true, showingSaved: false))),
                       ["banner: Couldn’t update the honeycomb — showing the built-in cells"], "the bundled cells are said as such")
    }

    func testStartupProblemsAreLoggedAndChangeNothing() {
        var s = state()
        let before = s
        XCTAssertEqual(apply(&s, .startupProblems(["the bundled nodes.json could not be read"])),
                       [.log("honeycomb: the bundled nodes.json could not be read")])
        XCTAssertEqual(s, before)
        XCTAssertEqual(apply(&s, .startupProblems([])), [])
    }

    func testUpdatingANodeKeepsACategorysCells() {
        var s = state()
        apply(&s, .updateNode(HoneycombNode(id: "a", title: "Renamed", color: "#FFFFFF")))
        XCTAssertEqual(s.categories[0].title, "Renamed")
        XCTAssertEqual(s.categories[0].children.map(\.id), ["x", "y"])
        apply(&s, .updateNode(HoneycombNode(id: "y", title: "Why", color: "#000000")))
        XCTAssertEqual(s.node("y")?.title, "Why")
    }

    func testArrowKeysWalkHexagonNeighbours() {
        // Rows of a real honeycomb, written out: [0, 2] over [-1, 1, 3] over [0, 2] (x in half-cells, d = 2).
        let rows = [[Point(x: 0, y: 0), Point(x: 2, y: 0)], [Point(x: -1, y: 1), Point(x: 1, y: 1), Point(x: 3, y: 1)], [Point(x: 0, y: 2), Point(x: 2, y: 2)]]
        func go(_ from: (Int, Int), _ direction: HexNavigation.Direction) -> [Int]? {
            HexNavigation.neighbour(of: (from.0, from.1), in: rows, direction).map { [$0.row, $0.column] }
        }
        XCTAssertEqual(go((1, 1), .left), [1, 0])
        XCTAssertEqual(go((1, 1), .right), [1, 2])
        XCTAssertNil(go((1, 0), .left), "no wrapping at the row's end")
        // (1, 1) at x = 1 has two cells above, at 0 and 2, equally near: ↑ takes the left, ↓ the right.
        XCTAssertEqual(go((1, 1), .up), [0, 0])
        XCTAssertEqual(go((1, 1), .down), [2, 1])
        XCTAssertEqual(go((0, 0), .down), [1, 1], "↑ then ↓ comes back")
        XCTAssertEqual(go((2, 1), .up), [1, 1], "↓ then ↑ comes back")
        // (1, 0) at x = −1: the nearest above is x = 0, by a full cell over x = 2.
        XCTAssertEqual(go((1, 0), .up), [0, 0])
        XCTAssertNil(go((0, 1), .up))
    }

    /// The rules ask for the focus; the stage's keyboard focus holds it (issue #51: one focus). An action carries the
    /// hexagon that has it.
    func testTheKeyboardFocusesOpensAndGoesBack() {
        var s = state()
        XCTAssertEqual(apply(&s, .activate(nil)), [.focusHexagon("a", fromAHexagonOnly: false)],
                       "the first key asks for the focus on the first category")
        XCTAssertEqual(apply(&s, .moveFocus(.right, from: "a")), [.focusHexagon("b", fromAHexagonOnly: false)],
                       "the flower's top row is [a, b]")
        XCTAssertEqual(apply(&s, .moveFocus(.left, from: "a")), [], "no wrapping at the row's end: the focus stays")
        XCTAssertEqual(apply(&s, .activate("b")), [.focusHexagon("z", fromAHexagonOnly: true)],
                       "a hexagon that had the focus hands it to the new honeycomb's first cell, b's only one")
        XCTAssertEqual(s.phase, .morph(category: "b", forward: true))
        XCTAssertEqual(apply(&s, .morphFinished, .escape), [.focusHexagon("b", fromAHexagonOnly: true)],
                       "back: a focused cell hands the focus to its category")
        XCTAssertEqual(s.phase, .morph(category: "b", forward: false))
    }

    /// Learn More opens its cell's link; a cell with no link has none to open.
    func testLearnMoreOpensTheOpenCellsLink() {
        var s = state()
        apply(&s, .tapCategory("a"), .morphFinished, .tapCell("x"))
        XCTAssertEqual(s.stateName, "panel.x")
        XCTAssertEqual(apply(&s, .learnMore), [.openLink("https://example.org/x")])
        XCTAssertEqual(s.stateName, "panel.x", "the panel stays open")
        apply(&s, .tapCell("y"))
        XCTAssertEqual(apply(&s, .learnMore), [], "no link, nothing to open")
    }
}

/// The effects as a person and the log read them: each banner in English (its words are the catalogue's source).
private func inEnglish(_ effects: [HoneycombEffect]) -> [String] {
    effects.map { if case .showBanner(let message) = $0 { return "banner: \(message.english)" } else { return "\($0)" } }
}
