import XCTest
import KineticContentServer
import KineticCore
import KineticData
import KineticRender
import KineticRuntime
import KineticTestSupport
@testable import KineticApps

/// Disguise-O-Rama with its data layer: costumes from the real content server fly in; a failed refresh shows a
/// banner that goes by itself. The refresh runs on the network in real time, so these tests wait (briefly) for it.
final class DisguiseNetworkTests: XCTestCase {
    private func stage(catalogURL: String, folder: URL) -> Stage {
        let settings = StageSettings(freshStart: true, dataDirectory: folder.appendingPathComponent("data"),
                                     cacheDirectory: folder.appendingPathComponent("cache"), catalogURL: URL(string: catalogURL))
        let stage = Stage(settings: settings)
        stage.present(Shell(entries: KineticApps.entries(environment: .networked(validator: { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) })), initialApp: "disguise"))
        return stage
    }

    /// Steps the stage until `condition` holds, letting real time pass for the background refresh.
    private func step(_ stage: Stage, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(8)
        while !condition() && Date() < deadline {
            stage.step()
            usleep(2000)
        }
    }

    func testCostumesFromTheServerJoinTheWheel() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let stage = stage(catalogURL: "\(server.base)/api/current_costumes.json", folder: Disguise.temporaryFolder())
        for _ in 0..<(120 * 2) { stage.step() }
        for key in 0..<3 {
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            for _ in 0..<(key == 2 ? 120 * 5 : 48) { stage.step() }
        }
        step(stage) { stage.dump().layer("bubble.disco") != nil }
        for _ in 0..<(120 * 6) { stage.step() }
        let dump = stage.dump()
        XCTAssertEqual(dump.state, "wheel")
        let angle = try XCTUnwrap(dump.layer("wheel")).rotation
        for (index, id) in ["moustache", "cowboy", "pirate", "chef", "detective", "disco"].enumerated() {
            let center = try XCTUnwrap(dump.layer("bubble.\(id)"), id).frame.center
            XCTAssertEqual(center.distance(to: Disguise.spokeEnd(index, of: 6, wheelAngle: angle)), 0, accuracy: 1, id)
        }
        XCTAssertEqual(dump.layer("banner")?.visible, false)
        await server.stop()
    }

    func testAFailedRefreshShowsABannerThatGoesAwayByItself() {
        let stage = stage(catalogURL: "http://127.0.0.1:9/api/current_costumes.json", folder: Disguise.temporaryFolder())
        step(stage) { stage.dump().layer("banner")?.visible == true }
        let banner = stage.dump().layer("banner")
        XCTAssertEqual(banner?.visible, true)
        XCTAssertEqual(banner?.text, "Couldn’t reach the costume server — showing the built-in costumes", "a first launch has nothing saved")
        for _ in 0..<(120 * 6) { stage.step() }
        XCTAssertEqual(stage.dump().layer("banner")?.visible, false)
    }
}
