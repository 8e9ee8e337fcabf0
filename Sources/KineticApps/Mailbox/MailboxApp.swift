import Foundation
import KineticData
import KineticRuntime
import KineticPlatform

extension KineticApps {
    /// The content server's path of the Mailbox's messages.
    public static let mailboxMessagesPath = "mailbox/messages.json"

    /// Makes the Mailbox's screen on its data layer: the bundled (or saved) messages at once, then the content
    /// server's; the person's placements from the data folder (unless the run starts fresh).
    static func makeMailboxScreen(_ settings: StageSettings, environment: AppsEnvironment) -> Screen {
        let file = ResourceFolder.named("Mailbox", containing: "messages.json").appendingPathComponent("messages.json")
        let bundled: Data?
        var problems: [String] = []
        do { bundled = try Data(contentsOf: file) } catch {
            bundled = nil
            problems.append("the bundled \(file.path) could not be read: \(error)")
        }
        let refresher = MailboxRefresher(bundledData: bundled, messagesURL: settings.document(mailboxMessagesPath),
                                         dataFolder: settings.dataDirectory, fetcher: environment.fetcher)
        let feed = environment.mailServer.map { MailboxFeed(server: $0) } ?? MailboxFeed(refresher: refresher)
        var mailboxEnvironment = MailboxEnvironment.live(dataDirectory: settings.dataDirectory, log: environment.log)
        if let server = environment.mailServer {
            mailboxEnvironment.moveOnServer = { id, placement in try await server.move(id, to: placement) }
            let device = MailDevice.name(in: settings.dataDirectory, log: environment.log)
            mailboxEnvironment.keepDraftsOnServer = { drafts in try await server.keepDrafts(drafts, device: device) }
            mailboxEnvironment.syncProgress = { server.syncProgress() }
            mailboxEnvironment.searchOnServer = { words in try await server.search(words) }
            if server.canSend {
                mailboxEnvironment.sendOnServer = { message in
                    try await server.send(to: message.to, subject: message.subject, body: message.body, inReplyTo: message.inReplyTo)
                }
            }
            // Off the stage's thread: a failure goes to the process's log (standard error), which any thread may write.
            mailboxEnvironment.markReadOnServer = { ids in
                Task.detached {
                    do { try await server.markRead(ids) } catch { Log.line("mailbox: the mail server was not told \(ids.count) message(s) were read: \(error)") }
                }
            }
        }
        let screen = MailboxScreen(feed: feed,
                                   environment: mailboxEnvironment, freshStart: settings.freshStart,
                                   words: MailboxText.mailWords(settings.localization))
        screen.startupProblems += problems
        return screen
    }
}
