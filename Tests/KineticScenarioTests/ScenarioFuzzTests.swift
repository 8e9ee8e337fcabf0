import Foundation
import XCTest
import KineticTestSupport
@testable import KineticScenario

/// Scenario files, mutated thousands of times from the shipped ones: every one is either played-ready or refused
/// with the file and the reason, never a crash (`make fuzz` reads 100,000).
final class ScenarioFuzzTests: XCTestCase {
    func testMutatedScenariosAreReadOrRefusedWithAReason() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        let valid = try Data(contentsOf: folder.appendingPathComponent("mailbox.json"))
        XCTAssertNoThrow(try Scenario.decode(valid, name: "mailbox.json"))
        let seed = DocumentFuzzBudget.seed(default: 0x5CE4)
        var mutator = try DocumentMutator(document: valid, seed: seed)
        var refused = 0
        for index in 0..<DocumentFuzzBudget.documents {
            do {
                let scenario = try Scenario.decode(mutator.next(), name: "fuzz.json")
                XCTAssertLessThanOrEqual(scenario.effectiveDuration, 600.5, "#\(index) (seed 0x\(String(seed, radix: 16)))")
            } catch {
                refused += 1
                let reason = "\(error)"
                if !reason.contains("fuzz.json") { return XCTFail("#\(index) (seed 0x\(String(seed, radix: 16))): \(reason) names no file") }
            }
        }
        XCTAssertGreaterThan(refused, DocumentFuzzBudget.documents / 4)
    }
}
