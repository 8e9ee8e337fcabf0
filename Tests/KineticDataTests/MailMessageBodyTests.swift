import XCTest
import KineticData

/// `messages.json` gains a `body`; files without it keep working, and the reader shows the snippet for them.
final class MailMessageBodyTests: XCTestCase {
    func testABodyIsReadAndAMessageWithoutOneShowsItsSnippet() throws {
        let json = #"{"messages": [{"id": "a", "sender": "S", "subject": "T", "snippet": "first", "time": "9:41 AM", "body": "first\n\nsecond"},"#
            + #" {"id": "b", "sender": "S", "subject": "T", "snippet": "only a snippet", "time": "9:41 AM"}]}"#
        let decoded = try MessageDocument.decode(Data(json.utf8), name: "test")
        XCTAssertEqual(decoded.messages.map(\.text), ["first\n\nsecond", "only a snippet"])
        XCTAssertTrue(decoded.problems.isEmpty, "\(decoded.problems)")
    }

    func testABodyThatIsNotTextOrTooLongCostsOnlyItsMessage() throws {
        let long = String(repeating: "x", count: 50_001)
        let json = #"{"messages": [{"id": "a", "sender": "S", "subject": "T", "snippet": "s", "time": "t", "body": 42},"#
            + #" {"id": "b", "sender": "S", "subject": "T", "snippet": "s", "time": "t", "body": "\#(long)"},"#
            + #" {"id": "c", "sender": "S", "subject": "T", "snippet": "s", "time": "t", "body": "fine"}]}"#
        let decoded = try MessageDocument.decode(Data(json.utf8), name: "test")
        XCTAssertEqual(decoded.messages.map(\.id), ["c"])
        XCTAssertEqual(decoded.problems.count, 2, "\(decoded.problems)")
    }
}
