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
        print(json.dumps({
            "to": [f"{a.display_name}|{a.addr_spec}" for a in message["To"].addresses],
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
}
