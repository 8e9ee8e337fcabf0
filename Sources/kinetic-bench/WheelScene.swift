import Foundation
import KineticApps
import KineticCore
import KineticRuntime
import KineticFixtures

/// Disguise-O-Rama's wheel with six costumes, cycling through selections so that five bubbles are always
/// falling, colliding and coming to rest: the heaviest physics the app has.
final class WheelScene {
    let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench")))
    private var framesSinceSelection = 0
    private(set) var eventThisStep = false

    init() {
        var entries = KineticApps.catalog
        entries[0].makeScreen = { _ in DisguiseScreen(costumes: ServedCostumes.withBundled) }
        stage.present(Shell(entries: entries, initialApp: "disguise"))
        // Through the splash and the intro to a settled wheel.
        for second in 0..<8 {
            for _ in 0..<120 { stage.step() }
            if (2...4).contains(second) { stage.send(KeyEvent(key: .enter, timestamp: stage.time)) }
        }
        select()
    }

    private func select() {
        stage.send(KeyEvent(key: .tab, timestamp: stage.time))
        stage.send(KeyEvent(key: .enter, timestamp: stage.time))
        framesSinceSelection = 0
    }

    /// One fixed step. Every 1.5 s the costume is taken off and, half a second later, another one chosen, so the
    /// measured frames are mostly bubbles falling and flying home.
    func step() {
        stage.step()
        framesSinceSelection += 1
        eventThisStep = framesSinceSelection == 180 || framesSinceSelection == 240
        if framesSinceSelection == 180 { stage.send(KeyEvent(key: .space, timestamp: stage.time)) }
        if framesSinceSelection == 240 { select() }
    }

    var state: String { stage.stateName }
}
