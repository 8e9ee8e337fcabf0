import Foundation
import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The tuning files on their own, for a host with three tunables: a missing file is written with the current values,
/// each save is read once, every good value applies, and every bad one is refused by name with the last good kept.
final class TuningFilesWidgetTests: WidgetTestCase {
    /// `spin.speed` (0.5…10 rad/s, default 1.5) and the spring `settle` (response 0.05…3 s, damping ratio 0.05…2).
    private static let tunables = [Tunable("spin.speed", group: "Spin", label: "Speed", unit: "rad/s", range: 0.5...10, default: 1.5)]
        + Tunable.spring("settle", group: "Spin", label: "Settle", default: Spring(response: 0.4, dampingRatio: 0.9))

    /// A host with the widget app's tunables, and tuning files in `tune/` of this test's folder (or the one file
    /// `location` names), their messages in `record`.
    private func tuned(location: URL? = nil) -> (stage: Stage, host: WidgetHost, files: TuningFiles) {
        let (stage, host) = hosted { host, _ in host.tunables = Tuning(app: "widget", tunables: Self.tunables) }
        let record = self.record
        let files = TuningFiles(location: location ?? folder.appendingPathComponent("tune")) { record.events.append($0) }
        stage.tuningFiles = files
        return (stage, host, files)
    }

    private func read(_ file: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// Saves `object` as the file, as an editor would, with a modification time `later` seconds on (later than any
    /// the file had, whatever the file system's clock tick).
    private func save(_ object: [String: Any], to file: URL, later: Double) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(later)], ofItemAtPath: file.path)
    }

    func testAMissingFileIsWrittenWithTheCurrentValuesOnceAndNothingIsAppliedBack() throws {
        let (stage, host, _) = tuned()
        XCTAssertNil(host.tunables?.set("spin.speed", to: 2.5), "in range")  // a value that is not the default
        stage.pollTuning()
        let file = folder.appendingPathComponent("tune/widget.json")
        let written = try read(file)
        XCTAssertEqual(written["app"] as? String, "widget")
        XCTAssertEqual(written["spin.speed"] as? Double, 2.5, "the value now, not the default")
        XCTAssertEqual(written["settle.response"] as? Double, 0.4)
        XCTAssertEqual(written["settle.dampingRatio"] as? Double, 0.9)
        XCTAssertEqual(written.count, 4, "the app and its three values")
        XCTAssertEqual(record.events, ["wrote \(file.path) with widget's 3 values; edit and save it to change the motion"])
        stage.pollTuning()
        stage.pollTuning()
        XCTAssertEqual(host.appliedTunings, [], "what it wrote itself is not read back")
        XCTAssertEqual(record.events.count, 1, "and nothing more was said")
    }

    func testASavedEditAppliesOnceFromTheNextPoll() throws {
        let (stage, host, files) = tuned()
        stage.pollTuning()
        let file = files.file(for: "widget")
        var object = try read(file)
        object["spin.speed"] = 3.0
        try save(object, to: file, later: 2)
        XCTAssertTrue(files.poll(host))
        XCTAssertEqual(host.appliedTunings.count, 1)
        XCTAssertEqual(host.tunables?.values["spin.speed"], 3.0)
        XCTAssertEqual(host.tunables?.values["settle.response"], 0.4, "the rest as they were")
        XCTAssertFalse(files.poll(host), "the same save is read once")
        XCTAssertEqual(record.events.count, 1, "only the first write was reported; a good file says nothing")
    }

    func testABadValueIsRefusedByNameTheGoodOnesApplyAndTheLastGoodStays() throws {
        let (stage, host, files) = tuned()
        stage.pollTuning()
        let file = files.file(for: "widget")
        try save(["app": "widget", "spin.speed": 3.0, "settle.response": 0.4, "settle.dampingRatio": 0.9], to: file, later: 2)
        stage.pollTuning()
        try save(["app": "widget", "spin.speed": 1000, "settle.response": "fast", "settle.dampingRatio": 0.7, "spin.colour": 1], to: file, later: 4)
        stage.pollTuning()
        // Each problem, in key order, after the file's name; the ranges and the kept values as `Tuning` words them.
        XCTAssertEqual(Array(record.events.dropFirst()), ["widget.json: settle.response: \"fast\" is not a number; keeping 0.4",
                                                      "widget.json: spin.colour: no such tunable in widget",
                                                      "widget.json: spin.speed: 1000.0 is outside 0.5…10.0; keeping 3.0"])
        XCTAssertEqual(host.tunables?.values, ["spin.speed": 3.0, "settle.response": 0.4, "settle.dampingRatio": 0.7],
                       "the good damping ratio applied; the speed and the response kept their last good values")
        XCTAssertEqual(host.appliedTunings.count, 2)
    }

    func testAFileThatIsNotJSONOrIsForAnotherAppChangesNothing() throws {
        let (stage, host, files) = tuned()
        stage.pollTuning()
        let file = files.file(for: "widget")
        try Data("speed = 3".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: file.path)
        XCTAssertFalse(files.poll(host))
        XCTAssertTrue(record.events.last?.hasPrefix("widget.json: not a JSON object of numbers") == true, "\(record.events)")
        XCTAssertTrue(record.events.last?.hasSuffix("; nothing changed") == true, "\(record.events)")
        try save(["app": "other", "spin.speed": 3.0], to: file, later: 4)
        XCTAssertFalse(files.poll(host))
        XCTAssertEqual(record.events.last, "widget.json: it is for other, not widget; nothing changed")
        XCTAssertEqual(host.appliedTunings, [])
        XCTAssertEqual(host.tunables?.values["spin.speed"], 1.5)
    }

    func testSavingFromThePanelWritesTheFileWithoutApplyingItBack() throws {
        let (stage, host, files) = tuned()
        stage.pollTuning()
        var tuning = try XCTUnwrap(host.tunables)
        XCTAssertNil(tuning.set("settle.dampingRatio", to: 0.6))
        files.save(tuning)
        XCTAssertEqual(try read(files.file(for: "widget"))["settle.dampingRatio"] as? Double, 0.6)
        XCTAssertEqual(record.events.last, "saved \(files.file(for: "widget").path)")
        XCTAssertFalse(files.poll(host), "its own save is remembered as read")
        XCTAssertEqual(host.appliedTunings, [])
    }

    func testALocationEndingInJSONIsOneFileForWhicheverAppPollsFirst() throws {
        let single = folder.appendingPathComponent("mine.JSON")
        let (stage, _, files) = tuned(location: single)
        XCTAssertTrue(files.isSingleFile, "the extension in any case")
        XCTAssertEqual(files.file(for: "widget"), single)
        XCTAssertEqual(files.file(for: "anything"), single)
        stage.pollTuning()
        XCTAssertEqual(try read(single)["app"] as? String, "widget")
        let inFolder = TuningFiles(location: folder.appendingPathComponent("tune")) { _ in }
        XCTAssertFalse(inFolder.isSingleFile)
        XCTAssertEqual(inFolder.file(for: "widget"), folder.appendingPathComponent("tune").appendingPathComponent("widget.json"))
    }
}
