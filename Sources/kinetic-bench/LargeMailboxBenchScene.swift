import Foundation
import KineticApps
import KineticCore
import KineticData
import KineticRuntime

/// The Mailbox holding `count` messages, as a mail server's Inbox of 10,000 gives it: a row swiped past the archive line
/// and let go (the message filed, the rows below closing up), then the list flung down and back up, over and over. Run
/// beside the same scene with 200 messages (the Mailbox's size before), so the cost of the size is read in one run.
final class LargeMailboxBenchScene: AppBenchScene {
    let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench-large-\(UUID().uuidString)")))
    private var frame = 0
    private(set) var eventThisStep = false
    private let screen: MailboxScreen
    /// How long opening took: the screen made on its messages, and its first step.
    let openingMilliseconds: Double
    /// How many messages were archived by the end.
    var archived: Int { screen.state.placements.values.filter { $0.list == .archive }.count }

    init(count: Int) {
        let messages = (0..<count).map(Self.message)
        let t0 = DispatchTime.now()
        screen = MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        var entries = KineticApps.catalog
        let made = screen
        entries[1].makeScreen = { _ in made }
        stage.present(Shell(entries: entries, initialApp: "mailbox"))
        stage.step()
        openingMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e6
        for _ in 0..<60 { stage.step() }
        // A search for a word no message holds (every text looked at), the first time and again: the keystroke's cost.
        screen.send(.search(.open))
        searchMilliseconds = (0..<2).map { attempt in
            let start = DispatchTime.now()
            screen.send(.search(.type(attempt == 0 ? "zebra" : "zebras")))
            screen.send(.search(.type("")))
            return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        }
        screen.send(.search(.close))
        for _ in 0..<30 { stage.step() }
    }

    /// How long a search for a word no message holds took: the first (every text folded), then again.
    private(set) var searchMilliseconds: [Double] = []

    /// The message numbered `index`, always the same: a sender of 40, a subject and a paragraph of text.
    static func message(_ index: Int) -> MailMessage {
        let senders = ["Ana Lima", "Carla Diaz", "Lea Martin", "Sam Okafor", "Mei Chen", "Jonas Berg", "Priya Nair", "Tom Walsh"]
        let text = "Here are the notes from Thursday's meeting, number \(index); the figures for the quarter follow, and the plan for next week after them."
        var message = MailMessage(id: "large-\(index)", sender: "\(senders[index % senders.count]) \(index % 5)", subject: "Notes, part \(index)",
                                  snippet: text, time: String(format: "%02d:%02d", index / 60 % 24, index % 60), body: String(repeating: text + " ", count: 4))
        message.senderAddress = "sender\(index % 40)@example.org"
        return message
    }

    /// One fixed step of a 4-second cycle: a swipe of the third row 150 pt right over 20 frames and let go (archived:
    /// past the 60 pt line, short of 260), then a fling up the screen at 1 s and one down it at 2.5 s.
    func step() {
        let cycle = frame % 480
        switch cycle {
        case 0, 20, 120, 132, 300, 312: eventThisStep = true
        default: eventThisStep = false
        }
        let y = 64 + 96 * 2 + 48.0
        switch cycle {
        case 0: stage.send(stage.touch(1, .began, at: Point(x: 300, y: y)))
        case 1..<20: stage.send(stage.touch(1, .moved, at: Point(x: 300 + 7.5 * Double(cycle), y: y)))
        case 20: stage.send(stage.touch(1, .ended, at: Point(x: 450, y: y)))
        case 120, 300: stage.send(stage.touch(2, .began, at: Point(x: 600, y: cycle == 120 ? 650 : 200)))
        case 121..<132: stage.send(stage.touch(2, .moved, at: Point(x: 600, y: cycle < 200 ? 650 - Double(cycle - 120) * 30 : 200 + Double(cycle - 300) * 30)))
        case 132, 312: stage.send(stage.touch(2, .ended, at: Point(x: 600, y: cycle < 200 ? 320 : 530)))
        default: break
        }
        stage.step()
        frame += 1
    }

    var state: String { stage.stateName }

    var summary: String? {
        String(format: "opening (the screen on its messages, and its first step) %.1f ms; a search for a word no message holds %.1f ms, again %.1f ms; %d archived",
               openingMilliseconds, searchMilliseconds.first ?? 0, searchMilliseconds.last ?? 0, archived)
    }
}
