import Foundation
import KineticApps
import KineticCore
import KineticData
import KineticRuntime
import KineticScene

/// The Mailbox's reader holding a 10,000-word message (about 14,000 pt of text, tiled), flung down through it and back
/// up, over and over: a finger flicks the body every half second, seven times down, then seven times up, each fling
/// interrupting the last one's coast, as a person races through a long message.
final class LongMessageBenchScene: AppBenchScene {
    let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench-long-\(UUID().uuidString)")))
    private var frame = 0
    private(set) var eventThisStep = false
    private let body: Layer?
    /// The least and most of the body scrolled off the top over the frames stepped so far, in points.
    private(set) var scrolled: ClosedRange<Double> = 0...0

    init() {
        let message = MailMessage(id: "long", sender: "Ana Lima", subject: "The whole report", snippet: "Ten thousand words", time: "9:41 AM",
                                  body: Self.words(10_000))
        var entries = KineticApps.catalog
        let screen = MailboxScreen(messages: [message], environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        entries[1].makeScreen = { _ in screen }
        stage.present(Shell(entries: entries, initialApp: "mailbox"))
        for _ in 0..<60 { stage.step() }
        screen.send(.reader(.open("long")))
        for _ in 0..<120 { stage.step() }
        body = stage.root.layer(withIdentifier: "reader.body")
    }

    /// `count` words of differing lengths, always the same ones.
    static func words(_ count: Int) -> String {
        let some = ["the", "quarterly", "figures", "arrived", "late", "again,", "so", "Montgomery", "asked", "whether", "anyone",
                    "had", "read", "them", "before", "lunch;", "nobody", "had.", "Featherstonehaugh", "sighed", "and", "opened", "a", "window."]
        return (0..<count).map { some[($0 * 7 + $0 / some.count) % some.count] }.joined(separator: " ")
    }

    /// One fixed step of a 14-second cycle: a fling every 60 frames, the first seven up the screen (down through the
    /// message, to its foot), the next seven down it (back to the top). A fling is 11 frames of a finger moving 48 pt a
    /// frame (5,760 pt/s), then let go.
    func step() {
        let cycle = frame % 840, phase = cycle % 60
        let down = cycle < 420
        eventThisStep = phase == 0 || phase == 12
        let start = down ? 700.0 : 200.0
        let travel = 48.0 * Double(phase) * (down ? -1 : 1)
        switch phase {
        case 0: stage.send(stage.touch(3, .began, at: Point(x: 500, y: start)))
        case 1..<12: stage.send(stage.touch(3, .moved, at: Point(x: 500, y: start + travel)))
        case 12: stage.send(stage.touch(3, .ended, at: Point(x: 500, y: start + travel)))
        default: break
        }
        stage.step()
        frame += 1
        if let offset = body?.superlayer.map({ -$0.position.y }) {
            scrolled = min(scrolled.lowerBound, offset)...max(scrolled.upperBound, offset)
        }
    }

    var state: String { stage.stateName }

    var summary: String? {
        String(format: "body %.0f pt tall, scrolled from %.0f to %.0f pt", body?.bounds.height ?? 0, scrolled.lowerBound, scrolled.upperBound)
    }
}
