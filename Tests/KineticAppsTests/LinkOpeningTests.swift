import Foundation
import Synchronization
import XCTest
@testable import KineticApps
import KineticData

/// Learn More hands its link to the person's browser only when it is a web address.
final class LinkOpeningTests: XCTestCase {
    func testOnlyWebAddressesAreOpenedAndTheRestAreRefusedNamingWhy() async throws {
        let opened = Mutex<[String]>([])
        let environment = HoneycombEnvironment.opening(with: { url in opened.withLock { $0.append(url.absoluteString) } }, log: { _ in })
        try await environment.openLink("https://example.org/ocean/coral")
        var refusals: [String] = []
        for link in ["javascript:alert(1)", "file:///etc/passwd", "http://127.0.0.1:99999/x"] {
            do {
                try await environment.openLink(link)
                XCTFail("\(link) was handed on")
            } catch let refused as LinkRefused {
                refusals.append(refused.reason)
            }
        }
        XCTAssertEqual(opened.withLock { $0 }, ["https://example.org/ocean/coral"], "one open, of the cell's URL")
        XCTAssertEqual(refusals.count, 3, "\(refusals)")
        XCTAssertTrue(refusals[0].contains("\"javascript:alert(1)\" is not an http(s) URL"), refusals[0])
    }

    /// A headless run has no browser: it refuses the link, saying so, for the app to tell the person and copy it.
    func testAHeadlessRunRefusesTheLinkSayingItHasNoBrowser() async {
        let environment = AppsEnvironment(fetcher: NoNetwork(), imageValidator: { _ in .fine }, log: { _ in })
        do {
            try await environment.openLink(URL(string: "https://example.org/a")!)
            XCTFail("a headless run opened a link")
        } catch {
            XCTAssertEqual("\(error)", "this run has no browser")
        }
    }
}
