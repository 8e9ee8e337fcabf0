import Foundation
import XCTest
import KineticCore

/// The one address check: only http(s) with a host and a port a socket can have.
final class WebAddressTests: XCTestCase {
    private func accepted(_ text: String, relativeTo base: String? = nil) -> String? {
        switch WebAddress.http(text, relativeTo: base.flatMap(URL.init(string:))) {
        case .success(let url): return url.absoluteString
        case .failure: return nil
        }
    }

    private func reason(_ text: String) -> String? {
        if case .failure(let refusal) = WebAddress.http(text) { return refusal.reason }
        return nil
    }

    func testHTTPAndHTTPSWithAHostAreAccepted() {
        XCTAssertEqual(accepted("http://127.0.0.1:8080/api/x.json"), "http://127.0.0.1:8080/api/x.json")
        XCTAssertEqual(accepted("HTTPS://example.org/a"), "HTTPS://example.org/a")
        XCTAssertEqual(accepted("http://[::1]:1/"), "http://[::1]:1/")
        XCTAssertEqual(accepted("http://h.test:65535/"), "http://h.test:65535/")
    }

    func testARelativeAddressResolvesAgainstItsDocument() {
        XCTAssertEqual(accepted("images/a.svg", relativeTo: "http://h.test/honeycomb/nodes.json"), "http://h.test/honeycomb/images/a.svg")
        XCTAssertNil(accepted("images/a.svg"), "nothing to resolve against")
    }

    func testPortsOutsideWhatASocketCanHaveAreRefused() {
        XCTAssertEqual(reason("http://127.0.0.1:99999/x.svg"), "has port 99999, outside 1…65535")
        XCTAssertEqual(reason("http://127.0.0.1:65536/"), "has port 65536, outside 1…65535")
        XCTAssertEqual(reason("http://127.0.0.1:0/"), "has port 0, outside 1…65535")
    }

    func testOtherSchemesAndHostlessAddressesAreRefused() {
        for text in ["javascript:alert(1)", "file:///etc/passwd", "ftp://h/x", "mailto:a@b.c", "data:text/plain,hi"] {
            XCTAssertEqual(reason(text), "is not an http(s) URL", text)
        }
        XCTAssertEqual(reason("http:///x"), "has no host")
        XCTAssertEqual(reason("http://:80/"), "has no host")
        XCTAssertEqual(reason(""), "is empty")
        XCTAssertEqual(reason("http://h:abc/"), "is not a URL")
    }

    func testARefusalQuotesTheAddress() {
        guard case .failure(let refusal) = WebAddress.http("gopher://x") else { return XCTFail("accepted") }
        XCTAssertEqual(refusal.description, "\"gopher://x\" is not an http(s) URL")
    }
}

/// Doubles from outside become whole numbers without stopping the program.
final class SaturatingIntTests: XCTestCase {
    func testEveryDoubleHasAWholeNumber() {
        XCTAssertEqual(Int(saturating: 2.5), 3)
        XCTAssertEqual(Int(saturating: -2.5), -3)
        XCTAssertEqual(Int(saturating: 2.7, rounding: .down), 2)
        XCTAssertEqual(Int(saturating: 1e30), 1 << 40)
        XCTAssertEqual(Int(saturating: -.infinity), -(1 << 40))
        XCTAssertEqual(Int(saturating: .nan), 0)
        XCTAssertEqual(Int(saturating: 1e308, bound: 1_000_000_000), 1_000_000_000)
    }
}
