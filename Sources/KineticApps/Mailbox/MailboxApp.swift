import Foundation
import KineticData
import KineticRuntime

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
        let screen = MailboxScreen(feed: feed,
                                   environment: .live(dataDirectory: settings.dataDirectory, log: environment.log), freshStart: settings.freshStart,
                                   words: MailboxText.mailWords(settings.localization))
        screen.startupProblems += problems
        return screen
    }
}
