import XCTest
import KineticTestSupport
import Foundation
@testable import KineticMail

/// A reply's bytes as another mail reader reads them: Python's `email` package (its modern policy, which decodes
/// RFC 2047 names and parses address lists), run by the test.
final class OutgoingMailTests: XCTestCase {
    private func pythonReads(_ bytes: [UInt8]) throws -> [String: [String]] {
        let script = """
        import json, sys
        from email import policy
        from email.parser import BytesParser
        message = BytesParser(policy=policy.default).parsebytes(sys.stdin.buffer.read())
        def addresses(name):
            return [f"{a.display_name}|{a.addr_spec}" for a in message[name].addresses] if message[name] is not None else []
        print(json.dumps({
            "from": addresses("From"),
            "to": addresses("To"),
            "cc": addresses("Cc"),
            "bcc": addresses("Bcc"),
            "references": str(message["References"]).split(),
            "in-reply-to": [str(message["In-Reply-To"])],
        }))
        """
        return try JSONDecoder().decode([String: [String]].self, from: PythonReference.run(script, input: Data(bytes)))
    }

    func testNamesAndTheThreadArriveAsWritten() throws {
        var mail = OutgoingMail(from: "scotch@example.org", to: ["Dana Ng <dana@example.org>", "\"Ng, Kim\" <kim@example.org>", "Zoë Kraus <zoe@example.org>", "lea@example.org"],
                                subject: "Re: Rent", body: "Paid.", inReplyTo: "<c@example.org>", date: Date(timeIntervalSince1970: 0), uniqueness: "r1")
        mail.references = ["<a@example.org>", "<b@example.org>", "<c@example.org>"]
        XCTAssertEqual(mail.envelope, ["dana@example.org", "kim@example.org", "zoe@example.org", "lea@example.org"], "RCPT TO: addresses alone")
        let read = try pythonReads(mail.bytes)
        XCTAssertEqual(read["to"], ["Dana Ng|dana@example.org", "Ng, Kim|kim@example.org", "Zoë Kraus|zoe@example.org", "|lea@example.org"])
        XCTAssertEqual(read["references"], ["<a@example.org>", "<b@example.org>", "<c@example.org>"], "the chain, the parent once and last")
        XCTAssertEqual(read["in-reply-to"], ["<c@example.org>"])
    }

    /// Copies, blind copies and the sender's name as another reader finds them: Cc in its header, Bcc in none of the
    /// message sent but in the copy kept (`keepsBcc`), every address given to the SMTP server once; a name with a comma
    /// quoted, one outside ASCII encoded (RFC 5322 §3.4, RFC 2047).
    func testCopiesBlindCopiesAndTheSendersNameArriveAsWritten() throws {
        var mail = OutgoingMail(from: "ana@example.org", to: [], subject: "Picnic", body: "Bread.", date: Date(timeIntervalSince1970: 0), uniqueness: "p1")
        mail.cc = ["Lea <lea@example.org>", "kim@example.org"]
        mail.bcc = ["Zoë Kraus <zoe@example.org>", "LEA@example.org"]
        mail.fromName = "Lima, Ana"
        XCTAssertEqual(mail.envelope, ["lea@example.org", "kim@example.org", "zoe@example.org"], "each address once, whatever its case")
        let sent = try pythonReads(mail.bytes)
        XCTAssertEqual(sent["from"], ["Lima, Ana|ana@example.org"])
        XCTAssertEqual(sent["to"], [], "no To when only copies were written")
        XCTAssertEqual(sent["cc"], ["Lea|lea@example.org", "|kim@example.org"])
        XCTAssertEqual(sent["bcc"], [], "a blind copy is in no header a recipient gets")
        mail.keepsBcc = true
        mail.fromName = "Anaïs Lima"
        let kept = try pythonReads(mail.bytes)
        XCTAssertEqual(kept["bcc"], ["Zoë Kraus|zoe@example.org", "|LEA@example.org"], "the sender's copy keeps them")
        XCTAssertEqual(kept["from"], ["Anaïs Lima|ana@example.org"])
    }
}
