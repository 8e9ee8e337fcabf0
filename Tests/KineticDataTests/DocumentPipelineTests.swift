import XCTest
@testable import KineticData
import KineticNetwork

/// The one document pipeline: every document's list is read element by element, so anything a server puts in it
/// (numbers, nulls, strings, lists, empty objects) is one element left out with its place and reason, never a crash
/// and never the whole document.
final class DocumentPipelineTests: XCTestCase {
    /// Five entries that are not costumes, messages or nodes, then one good one.
    private func hostile(_ good: String) -> String { "[1, null, \"x\", [], {}, \(good)]" }

    private func assertFiveLeftOut(_ problems: [String], list: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(problems.count, 5, "\(problems)", file: file, line: line)
        for (index, reason) in [(0, "not an object"), (1, "not an object"), (2, "not an object"), (3, "not an object"), (4, "is missing")] {
            XCTAssertTrue(problems.contains { $0.contains("\(list)[\(index)] left out: ") && $0.contains(reason) },
                          "\(list)[\(index)]: \(reason) not in \(problems)", file: file, line: line)
        }
    }

    func testACatalogueOfNonObjectEntriesKeepsItsOneGoodCostume() throws {
        let good = #"{"id": "hat", "title": "Hat", "description": "", "icon": "hat.svg", "worn": "hat-worn.svg", "alignment_x": 0, "alignment_y": 0, "display_x": 0, "display_y": -0.3, "display_width": 0.5, "display_height": 0.3}"#
        let decoded = try RemoteCatalog.decode(Data(#"{"costumes": \#(hostile(good))}"#.utf8), catalogURL: URL(string: "http://h.test/api/c.json")!)
        XCTAssertEqual(decoded.costumes.map(\.id), ["hat"])
        XCTAssertEqual(decoded.costumes.first?.icon, "http://h.test/api/hat.svg")
        assertFiveLeftOut(decoded.problems, list: "costumes")
    }

    func testMessagesOfNonObjectEntriesKeepTheirOneGoodMessage() throws {
        let good = #"{"id": "m1", "sender": "Ana", "subject": "Hi", "snippet": "", "time": "9:41 AM"}"#
        let decoded = try MessageDocument.decode(Data(#"{"messages": \#(hostile(good))}"#.utf8))
        XCTAssertEqual(decoded.messages.map(\.id), ["m1"])
        XCTAssertFalse(decoded.messages[0].unread, "unread is optional and false by default")
        assertFiveLeftOut(decoded.problems, list: "messages")
    }

    func testNodesOfNonObjectEntriesKeepTheirOneGoodCategory() throws {
        let good = ##"{"id": "sea", "title": "Sea", "color": "#2255AA", "node": [7, {"id": "fish", "title": "Fish", "color": "#113355"}]}"##
        let decoded = try HoneycombDocument.decode(Data(#"{"rootNode": \#(hostile(good))}"#.utf8), base: nil)
        XCTAssertEqual(decoded.categories.map(\.id), ["sea"])
        XCTAssertEqual(decoded.categories.first?.children.map(\.id), ["fish"])
        XCTAssertEqual(decoded.problems.count, 6, "\(decoded.problems)")
        XCTAssertTrue(decoded.problems.contains { $0.contains("rootNode[5] \"sea\".node[0] left out: not an object") }, "\(decoded.problems)")
    }

    func testEveryDocumentRefusesTheSameWaysAsAWhole() {
        let url = URL(string: "http://h.test/api/c.json")!
        let refusals: [(String, (Data) throws -> Void)] = [
            ("costumes", { _ = try RemoteCatalog.decode($0, catalogURL: url) }),
            ("messages", { _ = try MessageDocument.decode($0, name: "messages.json") }),
            ("rootNode", { _ = try HoneycombDocument.decode($0, base: nil) }),
        ]
        for (list, decode) in refusals {
            XCTAssertThrowsError(try decode(Data("{\"\(list)\": [".utf8)), list) { error in
                guard case .notJSON? = error as? DocumentError else { return XCTFail("\(list): \(error)") }
            }
            XCTAssertThrowsError(try decode(Data("[]".utf8)), list) { error in
                guard case .wrongShape(_, "not an object")? = error as? DocumentError else { return XCTFail("\(list): \(error)") }
            }
            XCTAssertThrowsError(try decode(Data("{\"\(list)\": 5}".utf8)), list) { error in
                guard case .wrongShape(_, "\"\(list)\" must be a list")? = error as? DocumentError else { return XCTFail("\(list): \(error)") }
            }
        }
    }

    func testAFieldOfTheWrongTypeIsNamedWithItsPath() throws {
        let decoded = try HoneycombDocument.decode(Data(##"{"rootNode": [{"id": "a", "title": "A", "color": "#000000", "detail": {"label": ["x"]}}]}"##.utf8), base: nil)
        XCTAssertEqual(decoded.categories, [])
        XCTAssertEqual(decoded.problems, [#"nodes.json: rootNode[0] "a" left out: "detail.label" must be a string"#])
    }
}

/// An address a document may hold but no socket can have never reaches the HTTP client.
final class FetcherAddressTests: XCTestCase {
    func testAPortOutOfRangeIsAFailedFetchNotACrash() async {
        let fetcher = NetworkFetcher(policy: FetchPolicy(idleTimeout: 1, totalTimeout: 2, retryDelay: 0))
        let url = URL(string: "http://127.0.0.1:99999/x.svg")!
        do {
            _ = try await fetcher.get(url, headers: [:], maxBytes: 1024)
            XCTFail("fetched an address with port 99999")
        } catch let error as FetchError {
            XCTAssertEqual(error, .connection(url, "\"http://127.0.0.1:99999/x.svg\" has port 99999, outside 1…65535"))
        } catch {
            XCTFail("\(error)")
        }
    }
}

/// Numbers no Double holds, and how they are said.
final class OverflowingNumberTests: XCTestCase {
    func testANumberTooLargeCostsItsCostumeAndIsSaidSo() throws {
        let costume = { (id: String, x: String) in
            #"{"id": "\#(id)", "title": "T", "description": "", "icon": "i.svg", "worn": "w.svg", "alignment_x": 0, "alignment_y": 0, "display_x": \#(x), "display_y": 0, "display_width": 0.5, "display_height": 0.5}"#
        }
        let data = Data(#"{"costumes": [\#(costume("big", "1e999")), \#(costume("fine", "0.1"))]}"#.utf8)
        do {
            let decoded = try RemoteCatalog.decode(data, catalogURL: URL(string: "http://h.test/c.json")!)
            XCTAssertEqual(decoded.costumes.map(\.id), ["fine"])
            XCTAssertEqual(decoded.problems.count, 1, "\(decoded.problems)")
            XCTAssertTrue(decoded.problems.first?.hasSuffix("\"big\" left out: a number out of range (1e999)") == true, "\(decoded.problems)")
        } catch {
            XCTFail("one overflowing number refused the whole catalogue: \(error)")
        }
    }
}
