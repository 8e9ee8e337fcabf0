import Foundation
import XCTest
import KineticContentServer
import KineticCore
import KineticTestSupport
@testable import KineticData

/// Every document decoder, fed thousands of mutated documents made from valid ones (`DocumentMutator`): none
/// stops the program, every refusal says why, and the valid document still decodes whole. `make test` reads 5,000
/// per decoder; `make fuzz` 100,000 (`KINETIC_FUZZ_DOCUMENTS`).
final class DocumentFuzzTests: XCTestCase {
    private let content = ContentServer.repositoryContent
    private let catalogURL = URL(string: "http://h.test/api/current_costumes.json")!

    /// Feeds `count` mutations of `document` to `decode`, which returns the problems it said (or throws why the
    /// whole document was refused); both must name something.
    private func fuzz(_ name: String, _ document: Data, seed: UInt64, decode: (Data) throws -> [String]) throws {
        let seed = DocumentFuzzBudget.seed(default: seed)
        var mutator = try DocumentMutator(document: document, seed: seed)
        var refused = 0, partial = 0
        for index in 0..<DocumentFuzzBudget.documents {
            let mutated = mutator.next()
            do {
                let problems = try decode(mutated)
                if !problems.isEmpty { partial += 1 }
                for problem in problems where problem.trimmingCharacters(in: .whitespaces).isEmpty {
                    return XCTFail("\(name) #\(index) (seed 0x\(String(seed, radix: 16))): a problem with no words")
                }
            } catch {
                refused += 1
                guard !"\(error)".isEmpty else { return XCTFail("\(name) #\(index) (seed 0x\(String(seed, radix: 16))): a refusal with no reason") }
            }
        }
        XCTAssertGreaterThan(refused + partial, DocumentFuzzBudget.documents / 4, "\(name): the mutations should mostly find something wrong")
    }

    func testTheCostumeCatalogue() throws {
        let valid = try Data(contentsOf: content.appendingPathComponent("api/current_costumes.json"))
        XCTAssertEqual(try RemoteCatalog.decode(valid, catalogURL: catalogURL).problems, [], "the valid catalogue decodes whole")
        try fuzz("costumes", valid, seed: 0xC057) { try RemoteCatalog.decode($0, catalogURL: catalogURL).problems }
    }

    func testTheHoneycombNodes() throws {
        let valid = try Data(contentsOf: content.appendingPathComponent("honeycomb/nodes.json"))
        let base = URL(string: "http://h.test/honeycomb/nodes.json")
        XCTAssertEqual(try HoneycombDocument.decode(valid, base: base).problems, [])
        try fuzz("nodes", valid, seed: 0x40DE) { try HoneycombDocument.decode($0, base: base).problems }
    }

    func testTheMessages() throws {
        let valid = try Data(contentsOf: content.appendingPathComponent("mailbox/messages.json"))
        XCTAssertEqual(try MessageDocument.decode(valid).problems, [])
        try fuzz("messages", valid, seed: 0x3E55) { try MessageDocument.decode($0).problems }
    }

    func testTheSavedPlacements() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-fuzz-placements-\(UUID().uuidString)")
        let store = MailboxSavedFiles(folder: folder)
        try store.save(["m1": Placement(.archive), "m2": Placement(.later, "Tomorrow"), "m3": Placement(.list, "To Read")])
        let valid = try Data(contentsOf: store.fileURL)
        XCTAssertNil(store.load().problem)
        try fuzz("placements", valid, seed: 0x9A7E) { data in
            try data.write(to: store.fileURL)
            let (_, problem) = store.load()
            for kept in try FileManager.default.contentsOfDirectory(atPath: folder.path) where kept.contains(".unreadable-") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(kept))
            }
            return problem.map { [$0] } ?? []
        }
    }

    func testTuningFiles() throws {
        let tuning = Tuning(app: "demo", tunables: [Tunable("a.delay", group: "A", label: "Delay", unit: "s", range: 0...2, default: 0.5)]
            + Tunable.spring("a.spring", group: "A", label: "Spring", default: Spring(response: 0.4, dampingRatio: 0.7)))
        var copy = tuning
        XCTAssertEqual(copy.apply(json: tuning.json()), [])
        try fuzz("tuning", tuning.json(), seed: 0x7E5E) { data in
            var target = tuning
            let problems = target.apply(json: data)
            for tunable in target.tunables {
                let value = target.value(of: tunable)
                if !(value.isFinite && tunable.range.contains(value)) { XCTFail("\(tunable.key) left its range: \(value) from \(String(decoding: data, as: UTF8.self).prefix(200))") }
            }
            return problems
        }
    }
}
