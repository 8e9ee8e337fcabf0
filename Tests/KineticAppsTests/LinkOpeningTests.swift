import Foundation
import XCTest
@testable import KineticApps
import KineticData

/// Learn More hands its link to the person's browser only when it is a web address.
final class LinkOpeningTests: XCTestCase {
    func testOnlyWebAddressesAreOpenedAndTheRestAreSaid() throws {
        var opened: [String] = [], said: [String] = []
        let environment = HoneycombEnvironment.opening(with: { opened.append($0.absoluteString) }, log: { said.append($0) })
        try environment.openLink("https://example.org/ocean/coral")
        try environment.openLink("javascript:alert(1)")
        try environment.openLink("file:///etc/passwd")
        try environment.openLink("http://127.0.0.1:99999/x")
        XCTAssertEqual(opened, ["https://example.org/ocean/coral"], "one open, of the cell's URL")
        XCTAssertEqual(said.count, 3, "\(said)")
        XCTAssertTrue(said[0].contains("\"javascript:alert(1)\" is not an http(s) URL; not opened"), said[0])
    }

    /// A headless run has no browser: it refuses the link, saying so, for the app to tell the person and copy it.
    func testAHeadlessRunRefusesTheLinkSayingItHasNoBrowser() {
        let environment = AppsEnvironment(fetcher: NoNetwork(), imageValidator: { _ in .fine }, log: { _ in })
        XCTAssertThrowsError(try environment.openLink(URL(string: "https://example.org/a")!)) { error in
            XCTAssertEqual("\(error)", "this run has no browser")
        }
    }
}
