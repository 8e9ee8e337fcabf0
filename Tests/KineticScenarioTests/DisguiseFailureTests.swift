import XCTest
import KineticCore
import KineticPhysics
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// Failures inside Disguise-O-Rama have a visible consequence: nothing is swallowed.
final class DisguiseFailureTests: XCTestCase {
    func testAFailureInsideThePhysicsReachesTheScreen() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        for time in [2.0, 2.4, 2.8] {
            stage.run(until: time)
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
        }
        stage.run(until: 7)
        XCTAssertEqual(stage.stateName, "wheel")
        XCTAssertEqual(stage.dump().layer("banner")?.visible, false)
        let wheel = try XCTUnwrap(Disguise.screen(of: runner).wheel)
        // What the world calls when it had to put a diverging body back.
        let report = try XCTUnwrap(wheel.world.onError, "the world's errors are listened to")
        report(.diverged(item: "bubble.chef"))
        stage.run(for: 0.5)
        let banner = try XCTUnwrap(stage.dump().layer("banner"))
        XCTAssertTrue(banner.visible)
        // The person is told the wheel went wrong; the log names the step ("moving the wheel", `DisguiseRulesTests`).
        XCTAssertEqual(banner.text, "Something went wrong with the costume wheel — see the log")
    }

    func testAnUnreadableProgressFileCountsAsAFirstLaunch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a property list".utf8).write(to: DisguiseProgress.url(in: folder))
        XCTAssertEqual(DisguiseProgress.load(from: folder), DisguiseProgress(introCompleted: false))
        try DisguiseProgress(introCompleted: true).save(to: folder)
        XCTAssertEqual(DisguiseProgress.load(from: folder), DisguiseProgress(introCompleted: true))
    }
}
