import Foundation
import KineticApps
import KineticData
import KineticMail
import KineticRuntime

/// A Mailbox of `count` messages opened from the mail a first check kept on this machine (`KeptMailSample` in a
/// temporary folder), as `kinetic run mailbox` opens on an account before the server answers: the store read
/// (`keptMessages`), then the screen made on them with its first step. The server is one nothing answers at, checked
/// only after the opening.
enum KeptMailboxOpening {
    /// Milliseconds to make a server on the store and read it, and, apart, to open the Mailbox on it from nothing (the
    /// server made and the store read again), and how many rows it held.
    static func measure(count: Int) throws -> (readMilliseconds: Double, openMilliseconds: Double, messages: Int) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench-kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: the run's temporary folder
        let file = folder.appendingPathComponent("kept.sqlite")
        try KeptMailSample.write((0..<count).map { index in
            let message = LargeMailboxBenchScene.message(index)
            return KeptMailSample.Message(from: "\(message.sender) <\(message.senderAddress ?? "a@example.org")>", subject: message.subject, text: message.body ?? "")
        }, to: file)
        let account = try MailAccount(address: "imap://127.0.0.1:9", user: "bench", password: "unused")
        // Apart, as a launch does it: the server made on the file (opened, its progress counted), then the store read.
        let readStart = DispatchTime.now()
        let kept = IMAPMailServer(account: account, checkInterval: 3600, keptIn: file).keptMessages()
        let read = Double(DispatchTime.now().uptimeNanoseconds - readStart.uptimeNanoseconds) / 1e6
        let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: folder.appendingPathComponent("data")))
        // The whole opening, as `kinetic run mailbox` pays it: the server made on the file, the Mailbox on it.
        let openStart = DispatchTime.now()
        var environment = AppsEnvironment.offline
        environment.mailServer = IMAPMailServer(account: account, checkInterval: 3600, timeout: .seconds(1), keptIn: file)
        stage.present(Shell(entries: KineticApps.entries(environment: environment), initialApp: "mailbox"))
        stage.step()
        let open = Double(DispatchTime.now().uptimeNanoseconds - openStart.uptimeNanoseconds) / 1e6
        let shown = ((stage.screen as? Shell)?.content as? MailboxScreen)?.state.messages.count ?? 0
        guard kept.count == count, shown == count else {
            throw BenchFailure("the store gave \(kept.count) messages and the Mailbox \(shown), of \(count) written")
        }
        return (read, open, shown)
    }
}

/// A benchmark whose own check of what it measured failed.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
