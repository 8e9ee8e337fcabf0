import XCTest
import Foundation
import KineticTestSupport
@testable import KineticMail

/// A file a message carries, read whole to open or save it (`MIMEMessage.file(at:of:)`), checked against another
/// reader of the same bytes: Python's `email` package, its attachments' decoded content, run by the test.
final class MIMEFileTests: XCTestCase {
    /// A message with a text, a PDF in base64, a text file in quoted-printable and a forwarded message marked an
    /// attachment: three files, in that order.
    private let message = [
        "From: Ana <ana@example.org>", "Subject: Files", "MIME-Version: 1.0", "Content-Type: multipart/mixed; boundary=\"b\"", "",
        "--b", "Content-Type: text/plain; charset=utf-8", "", "See the files.",
        "--b", "Content-Type: application/pdf; name=\"menu.pdf\"", "Content-Disposition: attachment; filename=\"menu.pdf\"",
        "Content-Transfer-Encoding: base64", "", "JVBERi0xLjQKJcOkw7zDtsOfCjEgMCBvYmoKPDwvVHlwZS9DYXRhbG9nPj4KZW5kb2JqCg==",
        "--b", "Content-Type: text/plain; charset=iso-8859-1; name=\"notes.txt\"", "Content-Disposition: attachment; filename=\"notes.txt\"",
        "Content-Transfer-Encoding: quoted-printable", "", "Caf=E9 =E0 midi=", "", "--b",
        "Content-Type: message/rfc822", "Content-Disposition: attachment", "", "From: Bo <bo@example.org>", "Subject: Old news", "", "Hello.",
        "--b--", "",
    ].joined(separator: "\r\n")

    /// Python's reading: each attachment's bytes, base64 (an embedded message as Python writes it, for its subject).
    private func pythonFiles() throws -> [[String: String]] {
        let script = """
        import base64, json, sys
        from email import policy
        from email.parser import BytesParser
        message = BytesParser(policy=policy.default).parsebytes(sys.stdin.buffer.read())
        files = []
        for part in message.iter_attachments():
            content = part.get_content()
            if part.get_content_type() == "message/rfc822":
                files.append({"subject": str(content["Subject"])})
            else:
                data = content if isinstance(content, bytes) else part.get_payload(decode=True)
                files.append({"name": part.get_filename() or "", "bytes": base64.b64encode(data).decode()})
        print(json.dumps(files))
        """
        return try JSONDecoder().decode([[String: String]].self, from: PythonReference.run(script, input: Data(message.utf8)))
    }

    func testEachFileIsReadWholeAsAnotherReaderReadsIt() throws {
        let expected = try pythonFiles()
        XCTAssertEqual(expected.count, 3)
        let bytes = Array(message.utf8)
        for index in 0..<2 {
            let file = try MIMEMessage.file(at: index, of: bytes)
            XCTAssertEqual(file.attachment.name, expected[index]["name"])
            XCTAssertEqual(Data(file.bytes).base64EncodedString(), expected[index]["bytes"], "file \(index)'s bytes, decoded")
        }
        // The forwarded message is written out whole: another reader finds its subject in it.
        let forwarded = try MIMEMessage.file(at: 2, of: bytes)
        XCTAssertEqual(forwarded.attachment.name, "Old news.eml")
        XCTAssertEqual(try MIMEMessage(parsing: forwarded.bytes).subject, expected[2]["subject"])
        XCTAssertThrowsError(try MIMEMessage.file(at: 3, of: bytes), "there is no fourth file")
        XCTAssertThrowsError(try MIMEMessage.file(at: -1, of: bytes))
        XCTAssertThrowsError(try MIMEMessage.file(at: 0, of: []), "no message")
    }
}
