import Foundation
import XCTest
@testable import KineticData

/// `intro.json` read page by page: what each page may hold, which words a person gets, and what refuses the document.
final class IntroDocumentTests: XCTestCase {
    private let bundled: Set<String> = ["hello", "story", "costume"]

    private func decode(_ json: String, languages: [String] = ["en"]) throws -> (order: IntroOrder, problems: [String]) {
        try IntroDocument.decode(Data(json.utf8), name: "intro.json", bundledIDs: bundled, languages: languages)
    }

    func testPagesAreOrderedByTheirOrderThenAsListed() throws {
        let (order, problems) = try decode(#"{"variant": "b", "pages": [{"id": "story", "order": 2}, {"id": "costume", "order": 1}, {"id": "hello", "order": 2}]}"#)
        XCTAssertEqual(order.pages.map(\.id), ["costume", "story", "hello"])
        XCTAssertEqual(order.variant, "b")
        XCTAssertEqual(problems, [])
    }

    func testWordsComeInThePersonsLanguageThenEnglishThenTheFirstGiven() throws {
        let json = #"{"pages": [{"id": "w", "order": 1, "text": {"de": "Hallo", "en": "Hello", "fr-CA": "Bonjour"}, "button": "OK"},"#
            + #"{"id": "x", "order": 2, "text": {"de": "Nur Deutsch"}, "button": {"de": "Weiter"}}]}"#
        XCTAssertEqual(try decode(json, languages: ["fr"]).order.pages.map(\.text), ["Bonjour", "Nur Deutsch"], "fr takes fr-CA")
        XCTAssertEqual(try decode(json, languages: ["ar"]).order.pages.map(\.text), ["Hello", "Nur Deutsch"], "else English, else the only one")
    }

    func testABadPageCostsOnlyItself() throws {
        let long = String(repeating: "a", count: IntroDocument.textLimit + 1)
        let json = #"{"pages": [{"id": "hello", "order": 1}, {"id": "nope", "order": 2}, {"id": "a", "order": 2.5},"#
            + #"{"id": "b", "order": 1e300}, {"id": "c", "order": 3, "text": "\#(long)", "button": "OK"},"#
            + #"{"id": "d", "order": 3, "text": "Hi\u001b[31m", "button": "OK"}, {"id": "e", "order": 3, "text": "Only text"}]}"#
        let (order, problems) = try decode(json)
        XCTAssertEqual(order.pages.map(\.id), ["hello"])
        XCTAssertEqual(problems.count, 6, "\(problems)")
        for (id, reason) in [("nope", "names no bundled page"), ("c", "at most \(IntroDocument.textLimit)"), ("d", "control character"),
                             ("e", "needs both")] {
            XCTAssertTrue(problems.contains { $0.contains("\"\(id)\"") && $0.contains(reason) }, "\(id): \(problems)")
        }
        XCTAssertEqual(problems.filter { $0.contains("whole number from 0 to 1000") }.count, 2, "2.5 and 1e300: \(problems)")
    }

    func testADocumentThatCannotBeUsedWholeIsRefused() {
        XCTAssertThrowsError(try decode(#"{"variant": "a"}"#), "no pages")
        XCTAssertThrowsError(try decode(#"{"pages": [3, null, "hello"]}"#), "keeps no page")
        XCTAssertThrowsError(try decode(#"{"pages": ["# + Array(repeating: #"{"id": "hello", "order": 1}"#, count: 21).joined(separator: ",") + "]}")) { error in
            XCTAssertEqual("\(error)", "holds 21 pages; at most 20")
        }
        XCTAssertThrowsError(try decode("not json"))
    }
}
