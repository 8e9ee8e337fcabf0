import Foundation

/// A filing the mail server has not carried out yet: the message, and where the person put it.
public struct WaitingMove: Codable, Equatable, Sendable {
    /// The message's id.
    public var id: String
    /// Where it goes on the server.
    public var placement: Placement

    /// `id` to `placement`.
    public init(id: String, placement: Placement) {
        (self.id, self.placement) = (id, placement)
    }
}

extension MailboxSavedFiles {
    /// The filings the server has not carried out yet, in the order they were made, kept in `mailbox-outbox.json`:
    /// what the person filed while the server was away outlives a quit, and is carried out at the next launch.
    public var outboxFileURL: URL { folder.appendingPathComponent("mailbox-outbox.json") }

    /// `mailbox-outbox.json` as written.
    struct Outbox: Encodable { var moves: [WaitingMove] }
    /// `mailbox-outbox.json` as read: each move on its own.
    struct OutboxEntries: Decodable { var moves: LenientList<WaitingMove> }

    /// The waiting filings, oldest first (none when there is no file, or it cannot be read: said in `problem`). Each is
    /// read on its own: one that cannot be read is left out with its reason, and the file copied aside.
    public func loadOutbox() -> (moves: [WaitingMove], problem: String?) {
        let file = SavedFile<OutboxEntries>(outboxFileURL)
        let (saved, problem) = file.load()
        if let problem { return ([], "filings waiting for the mail server: \(problem); the server's places are shown") }
        return Self.entries(saved?.moves.elements ?? [], in: "moves", of: file, called: "filings waiting for the mail server")
    }

    /// Writes the waiting filings atomically, in order; throws when the file cannot be written.
    public func saveOutbox(_ moves: [WaitingMove]) throws {
        try SavedFile<Outbox>(outboxFileURL).save(Outbox(moves: moves))
    }
}
