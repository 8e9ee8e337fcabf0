import XCTest
import KineticTestSupport
import Foundation
@testable import KineticData

/// Address lists as people type and paste them, read as Python's `email.utils.getaddresses` reads them (another
/// implementation, run by the test), on RFC 5322's own examples (Appendix A) and on lists as mail programs paste them.
final class MailAddressTests: XCTestCase {
    /// Python's (name, address) pairs for each text.
    private func python(_ texts: [String]) throws -> [[[String]]] {
        let script = """
        import json, sys
        from email.utils import getaddresses
        print(json.dumps([[list(pair) for pair in getaddresses([text]) if pair[1]] for text in json.load(sys.stdin)]))
        """
        return try JSONDecoder().decode([[[String]]].self, from: PythonReference.run(script, input: JSONEncoder().encode(texts)))
    }

    func testListsAreReadAsPythonReadsThem() throws {
        let texts = [
            "Mary Smith <mary@x.test>, jdoe@example.org, Who? <one@y.test>",          // A.1.2
            #"<boss@nil.test>, "Giant; \"Big\" Box" <sysservices@example.net>"#,     // A.1.2
            #""Joe Q. Public" <john.q.public@example.com>"#,                           // A.1.1
            "A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;",        // A.1.3
            "dana@example.org (Dana Ng)",
            #""Ng, Kim" <kim@example.org>, lea@example.org"#,
            "Dana   Ng <dana@example.org>",
        ]
        let expected = try python(texts)
        for (text, pairs) in zip(texts, expected) {
            let ours = MailAddressList(text).addresses?.map { [$0.name ?? "", $0.address] }
            XCTAssertEqual(ours, pairs.map { [$0[0].split(separator: " ").joined(separator: " "), $0[1]] }, text)
        }
    }

    func testPastedListsAndWhatIsNotAnAddress() {
        // Outlook's semicolons, a spreadsheet's lines, a mailto: link: three addresses.
        XCTAssertEqual(MailAddressList("ana@example.org; Lea <lea@example.org>\nmailto:kim@example.org,").addresses?.map(\.address),
                       ["ana@example.org", "lea@example.org", "kim@example.org"])
        XCTAssertEqual(MailAddressList("Dana <dana@example").firstProblem, "Dana <dana@example")
        XCTAssertEqual(MailAddressList("Dana").firstProblem, "Dana", "a name alone goes nowhere")
        XCTAssertEqual(MailAddressList("ana@localhost").firstProblem, "ana@localhost", "no domain")
        XCTAssertNil(MailAddressList(" , ;").addresses, "nothing is no list")
        XCTAssertEqual(MailAddress(name: "Ng, Kim", address: "kim@example.org").written, #""Ng, Kim" <kim@example.org>"#)
        XCTAssertEqual(MailAddress(name: "Dana Ng", address: "dana@example.org").written, "Dana Ng <dana@example.org>")
    }
}
