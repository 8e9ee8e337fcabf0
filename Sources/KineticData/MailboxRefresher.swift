import Foundation
import KineticPlatform
import KineticCore

/// The Mailbox's messages: the bundled document at once (or the last download), then the content server's.
/// Like the honeycomb's nodes: an ETag, a saved copy (`mailbox-messages.json`), and whatever fails keeps what works.
public final class MailboxRefresher: Sendable {
    /// The `messages.json` shipped with the app, shown until a download is saved; `nil` when there is none.
    public let bundledData: Data?
    /// The served `messages.json`; `nil` when there is no content server (then `refresh()` only returns `current()`).
    public let messagesURL: URL?
    /// The data folder that holds the saved download, `mailbox-messages.json`.
    public let dataFolder: URL
    /// The network the document is fetched through (`NoNetwork` or a stub in tests).
    public let fetcher: HTTPFetching
    /// Largest document accepted, in bytes.
    public let maxDocumentBytes: Int

    /// The largest document accepted defaults to 2 MiB.
    public init(bundledData: Data?, messagesURL: URL?, dataFolder: URL, fetcher: HTTPFetching, maxDocumentBytes: Int = 2 * 1024 * 1024) {
        self.bundledData = bundledData
        self.messagesURL = messagesURL
        self.dataFolder = dataFolder
        self.fetcher = fetcher
        self.maxDocumentBytes = maxDocumentBytes
    }

    /// The messages to show and what went wrong on the way.
    public struct Snapshot: Sendable, Equatable {
        /// The messages, in document order.
        public var messages: [MailMessage]
        /// One line per problem; empty when all went well.
        public var problems: [String]
        /// Whether the refresh itself failed; the messages are then the ones shown before it.
        public var refreshFailed: Bool
        /// Whether the messages are the download saved by an earlier refresh (else the bundled ones, or none), so a
        /// failed refresh says which it shows.
        public var showingSaved = false
        /// Whether the messages are what an earlier check of a mail server found, this one having failed: nothing in
        /// them is news, so no placement follows them.
        public var isStale = false
        /// A mail server's other folders (`MailServer.folders()`), those holding no message too; none for a document.
        public var folders: [String] = []
        /// Why a mail server's check failed, by kind, for the Mailbox to say in the person's language (`problems`
        /// keep the English for the log); `nil` when it did not, or for a document.
        public var problem: MailProblem?

        /// A snapshot of `messages`, with what went wrong on the way.
        public init(messages: [MailMessage], problems: [String], refreshFailed: Bool, showingSaved: Bool = false) {
            (self.messages, self.problems, self.refreshFailed, self.showingSaved) = (messages, problems, refreshFailed, showingSaved)
        }
    }

    struct Saved: Codable {
        var url: String
        var etag: String?
        var messages: [MailMessage]
    }

    /// The saved download: the last document the server sent, with its URL and ETag.
    public var savedFile: URL { dataFolder.appendingPathComponent("mailbox-messages.json") }

    private var savedCopy: SavedFile<Saved> { SavedFile(savedFile) }

    /// The last download, if there is a readable one, and a problem when there is an unreadable one.
    private func loadSaved() -> (saved: Saved?, problem: String?) {
        let (value, problem) = savedCopy.load()
        return (value, problem.map { "saved messages: \($0); showing the bundled ones" })
    }

    /// The saved download if there is a readable one, else the bundled document, at once and without the network.
    public func current() -> Snapshot {
        let (saved, problem) = loadSaved()
        if let saved { return Snapshot(messages: saved.messages, problems: [], refreshFailed: false, showingSaved: true) }
        let problems = problem.map { [$0] } ?? []
        guard let bundledData else { return Snapshot(messages: [], problems: problems + ["no bundled messages.json"], refreshFailed: false) }
        do {
            let decoded = try MessageDocument.decode(bundledData, name: "bundled messages.json")
            return Snapshot(messages: decoded.messages, problems: problems + decoded.problems, refreshFailed: false)
        } catch {
            return Snapshot(messages: [], problems: problems + ["\(error)"], refreshFailed: false)
        }
    }

    /// Asks the server once (with the saved ETag) and saves a new document; whatever fails, the result keeps what
    /// `current()` had.
    public func refresh() async -> Snapshot {
        var snapshot = current()
        guard let messagesURL else { return snapshot }
        let saved = loadSaved().saved.map { (url: $0.url, etag: $0.etag) }
        let download = await DocumentDownload.get(messagesURL, saved: saved, maxBytes: maxDocumentBytes, fetcher: fetcher) {
            try MessageDocument.decode($0, name: messagesURL.absoluteString)
        }
        if let (decoded, newETag) = download.newDocument(problems: &snapshot.problems, failed: &snapshot.refreshFailed) {
            snapshot.messages = decoded.messages
            snapshot.problems += decoded.problems
            do {
                try savedCopy.save(Saved(url: messagesURL.absoluteString, etag: newETag, messages: decoded.messages))
            } catch {
                snapshot.problems.append("could not save the messages to \(savedFile.path): \(ErrorWords.sentence(error))")
            }
        }
        return snapshot
    }
}
