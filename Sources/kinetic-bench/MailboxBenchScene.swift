import Foundation
import KineticApps
import KineticCore
import KineticRuntime

/// The Mailbox at work: a finger sweeping a row through all four zones (colours and icons changing at the lines),
/// then the list flung up and down, coasting and rubber-banding, over and over.
final class MailboxBenchScene: AppBenchScene {
    let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench-mailbox-\(UUID().uuidString)")))
    private var frame = 0
    private(set) var eventThisStep = false

    init() {
        stage.present(Shell(entries: KineticApps.catalog, initialApp: "mailbox"))
        for _ in 0..<60 { stage.step() }
    }

    /// Whether a recognizer has claimed either of the scene's fingers (1 swipes, 2 flings).
    private var aTouchIsClaimed: Bool { stage.arena.winner(of: 1) != nil || stage.arena.winner(of: 2) != nil }

    /// One fixed step of a 4-second cycle: 2 s of swiping (the finger held, never released), then two flings.
    func step() {
        let cycle = frame % 480
        // Touches beginning and ending are events, and so is the moment a recognizer claims a moving touch.
        // So are rows made and taken away as the flung list brings messages into reach.
        let claimedBefore = aTouchIsClaimed, rowsBefore = rowsMadeOrTaken
        defer { eventThisStep = eventThisStep || claimedBefore != aTouchIsClaimed || rowsBefore != rowsMadeOrTaken }
        switch cycle {
        case 0, 239, 260, 272, 380, 392: eventThisStep = true
        default: eventThisStep = false
        }
        let y = 64 + 96 * 2 + 48.0
        switch cycle {
        case 0:
            stage.send(stage.touch(1, .began, at: Point(x: 512, y: y)))
        case 1..<239:
            stage.send(stage.touch(1, .moved, at: Point(x: 512 + 330 * sin(Double(cycle) / 240 * 4 * .pi), y: y)))
        case 239:
            stage.send(stage.touch(1, .cancelled, at: Point(x: 512, y: y)))
        case 260, 380:
            stage.send(stage.touch(2, .began, at: Point(x: 600, y: cycle == 260 ? 650 : 200)))
        case 261..<272, 381..<392:
            let step = Double(cycle % 120 - 20)
            stage.send(stage.touch(2, .moved, at: Point(x: 600, y: cycle < 300 ? 650 - step * 30 : 200 + step * 30)))
        case 272, 392:
            stage.send(stage.touch(2, .ended, at: Point(x: 600, y: cycle < 300 ? 320 : 530)))
        default:
            break
        }
        stage.step()
        frame += 1
    }

    var state: String { stage.stateName }

    /// The Mailbox screen's count of rows made or taken away (0 before it shows).
    private var rowsMadeOrTaken: Int { ((stage.screen as? Shell)?.content as? MailboxScreen)?.rowsMadeOrTaken ?? 0 }
}
