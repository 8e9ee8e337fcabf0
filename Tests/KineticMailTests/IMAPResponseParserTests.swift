import XCTest
@testable import KineticMail

/// The parser against RFC 3501's own examples (§6, §7), split every way the bytes could arrive, and against what a
/// hostile server could send.
final class IMAPResponseParserTests: XCTestCase {
    private func parse(_ text: String, chunk: Int? = nil) throws -> [IMAPResponse] {
        var parser = IMAPResponseParser()
        var responses: [IMAPResponse] = []
        let bytes = Array(text.utf8)
        let size = chunk ?? bytes.count
        var index = 0
        while index < bytes.count {
            parser.append(bytes[index..<min(index + size, bytes.count)])
            index += size
            while let response = try parser.next() { responses.append(response) }
        }
        return responses
    }

    func testStatusResponsesWithTheirCodes() throws {
        let responses = try parse("* OK [UIDVALIDITY 3857529045] UIDs valid\r\nA142 OK [READ-WRITE] SELECT completed\r\n")
        XCTAssertEqual(responses, [
            .untagged([.atom("OK"), .list([.atom("UIDVALIDITY"), .number(3857529045)]), .string(Array("UIDs valid".utf8))]),
            .tagged(tag: "A142", status: .ok, code: [.atom("READ-WRITE")], text: "SELECT completed"),
        ])
    }

    func testDataResponses() throws {
        let responses = try parse("""
        * 172 EXISTS\r
        * FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r
        * LIST (\\Noselect) "/" ~/Mail/foo\r
        * SEARCH 2 84 882\r
        + Ready for additional command text\r

        """)
        XCTAssertEqual(responses, [
            .untagged([.number(172), .atom("EXISTS")]),
            .untagged([.atom("FLAGS"), .list(["\\Answered", "\\Flagged", "\\Deleted", "\\Seen", "\\Draft"].map(IMAPValue.atom))]),
            .untagged([.atom("LIST"), .list([.atom("\\Noselect")]), .string(Array("/".utf8)), .atom("~/Mail/foo")]),
            .untagged([.atom("SEARCH"), .number(2), .number(84), .number(882)]),
            .continuation("Ready for additional command text"),
        ])
    }

    /// RFC 3501 §6.4.5's FETCH with a literal, its section in brackets kept whole, arriving a byte at a time.
    func testAFetchWithALiteralArrivesWholeHoweverItIsSplit() throws {
        let header = "Subject: Hi\r\n\r\n"
        let text = "* 12 FETCH (UID 4827313 FLAGS (\\Seen) BODY[HEADER.FIELDS (SUBJECT)] {\(header.utf8.count)}\r\n\(header))\r\nA1 OK done\r\n"
        let expected: [IMAPResponse] = [
            .untagged([.number(12), .atom("FETCH"), .list([.atom("UID"), .number(4827313), .atom("FLAGS"), .list([.atom("\\Seen")]),
                                                           .atom("BODY[HEADER.FIELDS (SUBJECT)]"), .string(Array(header.utf8))])]),
            .tagged(tag: "A1", status: .ok, code: nil, text: "done"),
        ]
        for chunk in [1, 2, 7, 1000] { XCTAssertEqual(try parse(text, chunk: chunk), expected, "in chunks of \(chunk)") }
    }

    func testQuotedStringsAndNil() throws {
        let responses = try parse("* 1 FETCH (ENVELOPE (NIL \"say \\\"hi\\\" \\\\ bye\"))\r\n")
        XCTAssertEqual(responses, [.untagged([.number(1), .atom("FETCH"), .list([.atom("ENVELOPE"), .list([.nilValue, .string(Array("say \"hi\" \\ bye".utf8))])])])])
    }

    /// A 1 GB literal is refused when it is announced: nothing waits for its bytes.
    func testAGigabyteLiteralIsRefusedAtOnce() {
        var parser = IMAPResponseParser()
        parser.append(Array("* 1 FETCH (BODY[] {1073741824}\r\nabc".utf8))
        XCTAssertThrowsError(try parser.next()) { error in
            XCTAssertEqual(error as? IMAPProtocolError, .literalTooLarge(announced: 1_073_741_824, limit: 64 << 20))
        }
    }

    func testALineWithNoEndIsRefusedPastTheLimit() {
        var limits = IMAPResponseParser.Limits()
        limits.lineBytes = 1000
        var parser = IMAPResponseParser(limits: limits)
        parser.append(Array("* OK ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 990))
        XCTAssertNil(try parser.next(), "not yet past the limit: waits")
        parser.append(Array(repeating: UInt8(ascii: "a"), count: 20))
        XCTAssertThrowsError(try parser.next()) { XCTAssertEqual($0 as? IMAPProtocolError, .lineTooLong(limit: 1000)) }
    }

    /// Literals each within the limit, but too many in one response, are refused once the response passes its total.
    func testManyLiteralsInOneResponseAreRefusedPastTheTotal() {
        var limits = IMAPResponseParser.Limits()
        limits.literalBytes = 1000
        limits.responseBytes = 5000
        var parser = IMAPResponseParser(limits: limits)
        let literal = "{1000}\r\n" + String(repeating: "x", count: 1000)
        parser.append(Array(("* 1 FETCH (" + Array(repeating: "BODY[] " + literal, count: 6).joined(separator: " ")).utf8))
        XCTAssertThrowsError(try parser.next()) { XCTAssertEqual($0 as? IMAPProtocolError, .responseTooLarge(limit: 5000)) }
    }

    func testListsNestedTooDeeplyAreRefused() {
        let deep = "* 1 FETCH " + String(repeating: "(", count: 100) + String(repeating: ")", count: 100) + "\r\n"
        XCTAssertThrowsError(try parse(deep)) { XCTAssertEqual($0 as? IMAPProtocolError, .nestedTooDeeply(limit: 64)) }
    }

    func testBytesThatAreNotIMAPAreRefusedWithAReason() {
        for garbage in ["HTTP/1.1 200 OK\r\n", "* 1 FETCH (UID 3\r\n", "A1 MAYBE done\r\n", "* 1 FETCH (BODY[] {x}\r\n", "\r\n", "* \u{1}\r\n"] {
            XCTAssertThrowsError(try parse(garbage), garbage.debugDescription) { error in
                guard case .malformed = error as? IMAPProtocolError else { return XCTFail("\(garbage.debugDescription): \(error)") }
            }
        }
    }

    func testUIDSetsExpand() {
        XCTAssertEqual(IMAPUIDSet.expand("304,319:320"), [304, 319, 320])
        XCTAssertEqual(IMAPUIDSet.expand("7:5"), [5, 6, 7])
        XCTAssertEqual(IMAPUIDSet.expand("1:4000000000"), [], "a range no mailbox holds names nothing")
        XCTAssertEqual(IMAPUIDSet.expand("5:*"), [], "a copy's reply names its UIDs: a * names none")
        XCTAssertEqual(IMAPUIDSet.expand(Array(repeating: "1:99999", count: 20).joined(separator: ",")), [], "not 2 million UIDs")
        XCTAssertEqual(IMAPUIDSet.expand("3,x"), [])
    }

    func testQuotingForCommands() {
        XCTAssertEqual(IMAPSession.quoted("pa\"ss\\word"), "\"pa\\\"ss\\\\word\"")
        XCTAssertNil(IMAPSession.quoted("line\r\nbreak"), "a line break goes as a literal")
        XCTAssertNil(IMAPSession.quoted("mot de passe é"), "eight-bit bytes go as a literal")
    }
}

/// 20,000 responses mutated from valid ones (bytes flipped, cut, repeated, a literal's length changed), fed in random
/// chunks: each is read, waited for, or refused with an `IMAPProtocolError`; none traps, and none is taken past its
/// limits.
final class IMAPResponseParserFuzzTests: XCTestCase {
    private struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    func testMutatedResponsesNeverTrap() {
        let corpus = [
            "* OK [CAPABILITY IMAP4rev1 UIDPLUS MOVE IDLE] Dovecot ready.\r\n",
            "* 12 FETCH (UID 7 FLAGS (\\Seen) BODY[HEADER.FIELDS (SUBJECT)] {15}\r\nSubject: Hi\r\n\r\n)\r\n",
            "* LIST (\\HasNoChildren \\Archive) \"/\" Archive\r\n",
            "K3 OK [COPYUID 1764 3 9] Moved UIDs.\r\n",
            "* 1 FETCH (ENVELOPE (\"Mon, 5 Jan 2026\" \"Hi\" ((\"Ana\" NIL \"ana\" \"example.org\")) NIL NIL NIL NIL NIL NIL \"<a@b>\"))\r\n",
            "+ idling\r\n",
        ].map { Array($0.utf8) }
        var random = SplitMix(state: 0x1A4B)
        var limits = IMAPResponseParser.Limits()
        limits.literalBytes = 4096
        limits.lineBytes = 4096
        for _ in 0..<20_000 {
            var bytes = corpus[random.below(corpus.count)]
            for _ in 0...random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(5) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(at..<min(at + random.below(8) + 1, bytes.count))
                case 2: bytes.insert(contentsOf: bytes[at..<min(at + random.below(16) + 1, bytes.count)], at: at)
                case 3: bytes.insert(contentsOf: Array("{\(random.below(100_000))}\r\n".utf8), at: at)
                default: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "("), count: random.below(100)), at: at)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "*")] }
            }
            var parser = IMAPResponseParser(limits: limits)
            var index = 0
            reading: while index < bytes.count {
                let size = random.below(32) + 1
                parser.append(bytes[index..<min(index + size, bytes.count)])
                index += size
                do {
                    while try parser.next() != nil {}
                } catch is IMAPProtocolError {
                    break reading
                } catch {
                    XCTFail("an error that is not the protocol's: \(error)")
                    break reading
                }
            }
        }
    }
}
