import XCTest
import Foundation
import KineticCore
import KineticScene
@testable import KineticRuntime

/// The gallery lays out any number of cards (issue #56): three side by side as always, a fourth in the same row where it
/// fits, more in rows that scroll, every card reached by the keyboard and scrolled into view.
final class GalleryCardsTests: XCTestCase {
    /// The rule worked by hand from its numbers: 30 pt margins and gaps, cards at least 200 and at most 280 pt wide.
    func testTheGridKeepsThreeInARowAndFitsMore() {
        let three = GalleryGrid(count: 3, width: 1024)
        XCTAssertEqual(three.columns, 3)
        XCTAssertEqual(three.frame(of: 0, top: 0), Rect(x: 62, y: 0, width: 280, height: 300), "(1024 − 3 × 280 − 2 × 30) / 2 = 62")
        XCTAssertEqual(GalleryGrid(count: 3, width: 800).cardWidth, (800 - 120) / 3, accuracy: 1e-9, "the narrowest stage: still one row")
        let four = GalleryGrid(count: 4, width: 1024)
        XCTAssertEqual(four.columns, 4)
        XCTAssertEqual(four.cardWidth, (1024 - 60 - 90) / 4, accuracy: 1e-9)
        XCTAssertEqual(four.frame(of: 0, top: 0).minX, 30, accuracy: 1e-9)
        XCTAssertEqual(four.frame(of: 3, top: 0).maxX, 994, accuracy: 1e-9, "inside the stage, 30 pt from each edge")
        let seven = GalleryGrid(count: 7, width: 800)
        XCTAssertEqual(seven.columns, 3, "(800 − 60 − 90) / 4 = 162.5 is under 200")
        XCTAssertEqual(seven.rows, 3)
        XCTAssertEqual(seven.frame(of: 6, top: 0).midX, 400, accuracy: 1e-9, "the last row's one card centred")
        XCTAssertEqual(seven.frame(of: 3, top: 0).minY, 330)
    }

    /// Six cards in the smallest stage: rows taller than the room scroll, and each card the keyboard reaches (Tab, End)
    /// ends fully inside the scrolled view.
    func testManyCardsScrollAndTheKeyboardReachesEach() throws {
        // Each with a screen: a card of an app not built yet is disabled, and takes no focus.
        let entries = (1...6).map { number in
            AppEntry(id: "app\(number)", title: "App \(number)", summary: "Number \(number).", tint: .black, makeScreen: { _ in Screen(identifier: "app\(number)") })
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let stage = Stage(size: Stage.minimumSize, settings: StageSettings(freshStart: true, dataDirectory: folder))
        stage.present(Shell(entries: entries))
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "gallery")
        let view = try XCTUnwrap(stage.dump().layer("gallery.cards"), "the rows scroll").frame.rect
        var reached: [String] = []
        func focusedCardIsInView() throws {
            stage.run(for: 1)
            let focused = try XCTUnwrap(stage.keyboardFocus.focused?.identifier)
            reached.append(focused)
            guard focused.hasPrefix("card.") else { return }
            let card = try XCTUnwrap(stage.dump().layer(focused)).frame.rect
            XCTAssertGreaterThanOrEqual(card.minY, view.minY - 0.5, "\(focused) at \(card), the view \(view)")
            XCTAssertLessThanOrEqual(card.maxY, view.maxY + 0.5, "\(focused) at \(card), the view \(view)")
            XCTAssertGreaterThanOrEqual(card.minX, 0)
            XCTAssertLessThanOrEqual(card.maxX, Stage.minimumSize.width)
        }
        for _ in 0..<8 {
            stage.send(KeyEvent(key: .tab, timestamp: stage.time))
            try focusedCardIsInView()
        }
        for id in entries.map({ "card.\($0.id)" }) { XCTAssertTrue(reached.contains(id), "Tab reaches \(id): \(reached)") }
        stage.send(KeyEvent(key: .home, timestamp: stage.time))
        try focusedCardIsInView()
        stage.send(KeyEvent(key: .end, timestamp: stage.time))
        try focusedCardIsInView()
        XCTAssertEqual(reached.last, "card.app6", "End: the last card, scrolled into view")
    }
}
