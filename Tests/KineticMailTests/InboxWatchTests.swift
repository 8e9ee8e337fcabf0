import XCTest
@testable import KineticMail

/// How often the new-mail watch knocks on a server that is not answering: from 3 s, doubling, up to 30 s for a server
/// away (the checks' own rhythm), up to 5 minutes for one that refuses the login (never often enough to lock an
/// account). Seen from outside: a watch on a stopped server connected every 3 s for as long as it was away.
final class InboxWatchTests: XCTestCase {
    func testTheWaitsGrowToTheirLongest() {
        func waits(refused: Bool, count: Int) -> [Int64] {
            var wait = IMAPMailServer.noopInterval, seen: [Int64] = []
            for _ in 0..<count {
                seen.append(wait.components.seconds)
                wait = IMAPMailServer.wait(after: wait, refused: refused)
            }
            return seen
        }
        XCTAssertEqual(waits(refused: false, count: 7), [3, 6, 12, 24, 30, 30, 30])
        XCTAssertEqual(waits(refused: true, count: 9), [3, 6, 12, 24, 48, 96, 192, 300, 300])
    }
}
