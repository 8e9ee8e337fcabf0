import XCTest
import KineticTestSupport
import Foundation
import KineticData
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

    /// A forward's files as another reader finds them: multipart/mixed, the text first, then each file with its name
    /// (RFC 2231's form outside ASCII) and its bytes; a type that is no `type/subtype` goes as octet-stream.
    func testFilesGoAfterTheTextAsAnotherReaderFindsThem() throws {
        var mail = OutgoingMail(from: "ana@example.org", to: ["lea@example.org"], subject: "Fwd: Menu", body: "Voilà le menu.",
                                date: Date(timeIntervalSince1970: 0), uniqueness: "f1")
        let pdf = Data([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF, 0x0A])
        let long = String(repeating: "會議記錄", count: 50) + ".txt"  // 200 characters, 600 bytes of UTF-8
        mail.files = [MailAttachmentFile(name: "menu.pdf", mimeType: "application/pdf", bytes: pdf),
                      MailAttachmentFile(name: "Café \"à\" midi.txt", mimeType: "text/plain; charset=evil\r\nBcc: x@y", bytes: Data("hi".utf8)),
                      MailAttachmentFile(name: long, mimeType: "text/plain", bytes: Data())]
        let lines = String(decoding: mail.bytes, as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertLessThanOrEqual(lines.map(\.utf8.count).max() ?? 0, 78, "RFC 5322's line length, a long name in RFC 2231's continuations")
        let script = """
        import base64, json, sys
        from email import policy
        from email.parser import BytesParser
        message = BytesParser(policy=policy.default).parsebytes(sys.stdin.buffer.read())
        print(json.dumps({
            "type": message.get_content_type(),
            "text": message.get_body(("plain",)).get_content(),
            "files": [[part.get_filename(), part.get_content_type(), base64.b64encode(part.get_payload(decode=True)).decode()]
                      for part in message.iter_attachments()],
            "bcc": str(message["Bcc"]),
        }))
        """
        struct Read: Decodable { var type: String; var text: String; var files: [[String]]; var bcc: String }
        let read = try JSONDecoder().decode(Read.self, from: PythonReference.run(script, input: Data(mail.bytes)))
        XCTAssertEqual(read.type, "multipart/mixed")
        XCTAssertEqual(read.text.trimmingCharacters(in: .newlines), "Voilà le menu.")
        XCTAssertEqual(read.files, [["menu.pdf", "application/pdf", pdf.base64EncodedString()],
                                    ["Café \"à\" midi.txt", "application/octet-stream", Data("hi".utf8).base64EncodedString()],
                                    [long, "text/plain", ""]])
        XCTAssertEqual(read.bcc, "None", "a type's line break made no header")
    }
}
