import Foundation
import KineticCore
import KineticRuntime
import KineticTestSupport

/// Random input for the fuzz tests, from a seeded generator: touches anywhere on (and a little off) the stage,
/// except the shell's own controls (the ☰ button and the left-edge band that opens the menu), which would
/// legitimately take the fuzz out of the app.
struct FuzzInput {
    var random: SeededGenerator
    /// The keys a key event picks from.
    var keys: [KeyEvent.Key]
    /// How far, in points, each move of a drag may go in x and in y.
    var dragStep: Double

    func point(_ random: inout SeededGenerator) -> Point {
        let p = Point(x: Double.random(in: -20...1044, using: &random), y: Double.random(in: -20...788, using: &random))
        return p.x < 60 && (p.y < 60 || p.x < 30) ? Point(x: p.x + 70, y: p.y) : p
    }

    /// Waits 0…`maximumWait` steps, then sends one random tap (half the time), drag, or key, unless `allowKey`
    /// refuses the key drawn.
    mutating func sendOne(to stage: Stage, maximumWait: Int, allowKey: (KeyEvent.Key) -> Bool = { _ in true }) {
        for _ in 0..<Int.random(in: 0...maximumWait, using: &random) { stage.step() }
        let start = point(&random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            stage.send(stage.touch(1, .began, at: start))
            if Bool.random(using: &random) { stage.step() }
            stage.send(stage.touch(1, .ended, at: start))
        case 5..<9:
            stage.send(stage.touch(1, .began, at: start))
            var location = start
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                stage.step()
                location = location + Vector(dx: Double.random(in: -dragStep...dragStep, using: &random),
                                             dy: Double.random(in: -dragStep...dragStep, using: &random))
                stage.send(stage.touch(1, .moved, at: location))
            }
            stage.send(stage.touch(1, Bool.random(using: &random) ? .ended : .cancelled, at: location))
        default:
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            if allowKey(key) { stage.send(KeyEvent(key: key, timestamp: stage.time)) }
        }
    }
}

/// How much to fuzz: 10,000 events in `make test`; `make fuzz` sets `KINETIC_FUZZ_EVENTS` (a million) and may set
/// `KINETIC_FUZZ_SEED` to replay a failure, whose seed every failure message names.
enum FuzzBudget {
    static var events: Int {
        ProcessInfo.processInfo.environment["KINETIC_FUZZ_EVENTS"].flatMap(Int.init) ?? 10_000
    }

    /// The seed to use: `KINETIC_FUZZ_SEED` (decimal or 0x hex) if set, else the test's own.
    static func seed(default value: UInt64) -> UInt64 { DocumentFuzzBudget.seed(default: value) }
}

extension FuzzInput {
    /// Random input may leave the app through the shell's menu (a legitimate path, but then the app's own
    /// invariants no longer apply): when it has, the app is opened again. Returns whether it had to.
    static func returnToApp(_ id: String, on stage: Stage) -> Bool {
        guard let shell = stage.screen as? Shell, shell.currentEntry?.id != id || shell.isMenuOpen else { return false }
        shell.show(shell.entries.first { $0.id == id })
        return true
    }
}
