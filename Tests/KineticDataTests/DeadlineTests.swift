import XCTest
import Foundation
import KineticTestSupport
@testable import KineticData
import KineticNetwork

/// Every request ends by its deadline, however the server stalls, and waiting costs no CPU.
final class DeadlineTests: XCTestCase {
    /// Seconds of CPU (user + system) this process has used so far.
    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Fetches `url` with an idle timeout of 1 s and a total of 3 s, and checks it fails by 3 s (+1) at low CPU cost.
    private func assertEndsByItsDeadline(_ url: String, file: StaticString = #filePath, line: UInt = #line) async {
        let fetcher = NetworkFetcher(policy: FetchPolicy(idleTimeout: 1, totalTimeout: 3, retryDelay: 0))
        let start = Date(), cpu = cpuSeconds()
        do {
            _ = try await fetcher.get(URL(string: url)!, headers: [:], maxBytes: 1 << 20)
            XCTFail("\(url) cannot succeed", file: file, line: line)
        } catch let error as FetchError {
            XCTAssertEqual(error, .timedOut(URL(string: url)!), file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        // One attempt and one retry (timeouts are worth one), each within its 3 s deadline.
        let elapsed = Date().timeIntervalSince(start), used = cpuSeconds() - cpu
        XCTAssertLessThan(elapsed, 2 * 3 + 1, "ended by its deadlines: \(elapsed) s", file: file, line: line)
        XCTAssertLessThan(used, 0.5, "waiting cost \(used) s of CPU", file: file, line: line)
    }

    func testATricklingBodyEndsAtTheTotalDeadline() async throws {
        let faults = try await FaultServer(imageBase: "http://127.0.0.1:9")
        await assertEndsByItsDeadline(faults.base + "/trickle")
        await faults.stop()
    }

    func testAServerThatNeverAnswersEndsAtTheIdleTimeout() async throws {
        let faults = try await FaultServer(imageBase: "http://127.0.0.1:9")
        await assertEndsByItsDeadline(faults.base + "/silent")
        await faults.stop()
    }

    func testAServerThatNeverAcceptsEndsAtTheConnectTimeout() async throws {
        // A listening socket that never accepts, its backlog already filled by connections of our own: further
        // connection attempts are never completed by the kernel.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        XCTAssertEqual(listen(listener, 0), 0)
        var bound = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) } }
        let port = Int(UInt16(bigEndian: bound.sin_port))
        var fillers: [Int32] = []
        for _ in 0..<8 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(filler, F_SETFL, O_NONBLOCK)
            var target = address
            target.sin_port = UInt16(port).bigEndian
            withUnsafePointer(to: &target) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            fillers.append(filler)
        }
        usleep(100_000)
        await assertEndsByItsDeadline("http://127.0.0.1:\(port)/api/current_costumes.json")
        for filler in fillers { close(filler) }
        close(listener)
    }
}
