import XCTest
import KineticCore
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Image snapshots of Disguise-O-Rama's screens at half scale (512×384 pixels), compared with the references in
/// `References/` within `snapshotPixelFraction` (0.5% of pixels may differ by more than 16/255).
final class DisguiseSnapshotTests: XCTestCase {
    func testEveryScreenMatchesItsReference() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0, scale: 0.5)
        let stage = runner.stage
        func run(until time: Double) { while stage.time < time - 1e-9 { stage.step() } }
        func snapshot(_ name: String, state: String) throws {
            XCTAssertEqual(stage.stateName, state, name)
            runner.renderer.render(stage.root)
            XCTAssertTrue(runner.renderer.assetErrors.isEmpty, "\(runner.renderer.assetErrors)")
            try assertSnapshot(runner.renderer, named: "disguise-\(name)")
        }
        run(until: 0.3)
        try snapshot("splash", state: "splash")
        run(until: 2.2)
        try snapshot("intro-1", state: "intro.1")
        for page in 2...3 {
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            run(until: stage.time + 1)
            try snapshot("intro-\(page)", state: "intro.\(page)")
        }
        stage.send(KeyEvent(key: .enter, timestamp: stage.time))
        run(until: stage.time + 4)
        try snapshot("wheel", state: "wheel")
        let target = Disguise.spokeEnd(3, of: 6, wheelAngle: 0)
        stage.send(stage.touch(1, .began, at: target))
        stage.send(stage.touch(1, .ended, at: target))
        run(until: stage.time + 4)
        try snapshot("selected", state: "selected.chef")
    }
}
