import Foundation
import KineticData
import KineticNetwork
import XCTest

/// A connection that fails is said as a sentence naming the place, with its brackets balanced, whatever words the
/// network library uses for it.
final class ConnectionFailureTests: XCTestCase {
    private let fetcher = NetworkFetcher(policy: FetchPolicy(idleTimeout: 2, totalTimeout: 3, retryDelay: 0.05))

    private func problem(fetching address: String) async -> String {
        do {
            _ = try await fetcher.get(URL(string: address)!, headers: [:], maxBytes: 1024)  // a fixed, valid address
            return "fetched"
        } catch {
            return "\(error)"
        }
    }

    /// Nothing listens on the discard port of loopback here (the other tests use it as the closed port too).
    func testARefusedConnectionSaysNothingAcceptsConnectionsThere() async {
        let said = await problem(fetching: "http://127.0.0.1:9/api/current_costumes.json")
        XCTAssertEqual(said, "http://127.0.0.1:9/api/current_costumes.json could not be fetched: nothing accepts connections at 127.0.0.1:9 (connection refused)")
        XCTAssertEqual(said.filter { $0 == "(" }.count, said.filter { $0 == ")" }.count, "balanced: \(said)")
    }
}
