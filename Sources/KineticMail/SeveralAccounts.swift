import NIOConcurrencyHelpers
import KineticData

/// Several accounts as one Mailbox: their mailboxes read together, each message filed, read and answered through the
/// account it came from. An account that can't be checked keeps what it last showed, and says so once, while the others
/// go on; only when none can be checked does the check fail.
public final class SeveralAccounts: MailServer, Sendable {
    /// The accounts, each with the name the person gave it, in the file's order: the first sends new mail and keeps
    /// the drafts.
    public let accounts: [(name: String, server: MailServer)]

    /// What the last checks found: which account each message (by id and by Message-ID) came from, each account's
    /// last messages, and the accounts whose failure was already said.
    private struct Memory {
        var owner: [String: Int] = [:]
        var ownerByMessageID: [String: Int] = [:]
        var lastMessages: [Int: [MailMessage]] = [:]
        var failing: Set<Int> = []
    }
    private let memory = NIOLockedValueBox(Memory())

    /// The accounts, in order (at least one).
    public init(_ accounts: [(name: String, server: MailServer)]) {
        self.accounts = accounts
    }

    /// The soonest any account checks again.
    public var checkInterval: Double { accounts.map(\.server.checkInterval).min() ?? 30 }

    /// Whether any account can send.
    public var canSend: Bool { accounts.contains { $0.server.canSend } }

    /// Every account's messages, the first account's first; a message two accounts hold shows once. An account that
    /// fails keeps its last messages; its failure is thrown once (as `PartialMailCheck`, with every message
    /// shown) until it works again; when all fail, the first failure is thrown.
    public func inbox() async throws -> [MailMessage] {
        var found: [Int: Result<[MailMessage], Error>] = [:]
        for (index, account) in accounts.enumerated() {
            do { found[index] = .success(try await account.server.inbox()) } catch { found[index] = .failure(error) }
        }
        if found.values.allSatisfy({ if case .failure = $0 { return true } else { return false } }), case .failure(let error)? = found[0] {
            throw error
        }
        let accounts = self.accounts
        let (messages, newlyFailing) = memory.withLockedValue { memory -> ([MailMessage], [String]) in
            var messages: [MailMessage] = [], seen = Set<String>(), newlyFailing: [String] = []
            memory.owner = [:]
            for index in accounts.indices {
                switch found[index] {
                case .success(let list)?:
                    memory.lastMessages[index] = list
                    memory.failing.remove(index)
                case .failure(let error)?:
                    if memory.failing.insert(index).inserted { newlyFailing.append("\(accounts[index].name): \(error)") }
                case nil:
                    break
                }
                for message in memory.lastMessages[index] ?? [] where seen.insert(message.id).inserted {
                    memory.owner[message.id] = index
                    if let messageID = message.messageID { memory.ownerByMessageID[messageID] = index }
                    messages.append(message)
                }
            }
            return (messages, newlyFailing)
        }
        if !newlyFailing.isEmpty { throw PartialMailCheck(messages: messages, problems: newlyFailing) }
        return messages
    }

    /// The account the message `id` came from (the first when it is not known).
    private func owner(of id: String) -> MailServer {
        accounts[memory.withLockedValue { $0.owner[id] } ?? 0].server
    }

    /// Files it through its own account.
    public func move(_ id: String, to placement: Placement) async throws {
        try await owner(of: id).move(id, to: placement)
    }

    /// Each account told of its own messages.
    public func markRead(_ ids: Set<String>) async throws {
        let byOwner = memory.withLockedValue { memory in Dictionary(grouping: ids) { memory.owner[$0] ?? 0 } }
        for (index, ids) in byOwner.sorted(by: { $0.key < $1.key }) { try await accounts[index].server.markRead(Set(ids)) }
    }

    /// A reply goes out through the account its message came to; new mail through the first account that can send.
    public func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws {
        let answered = inReplyTo.flatMap { messageID in memory.withLockedValue { $0.ownerByMessageID[messageID] } }
        let sender = answered.map { accounts[$0].server }.flatMap { $0.canSend ? $0 : nil } ?? accounts.first { $0.server.canSend }?.server
        guard let sender else { throw MailAccountError("no account has an SMTP server to send through") }
        try await sender.send(to: to, subject: subject, body: body, inReplyTo: inReplyTo)
    }

    /// Drafts are the first account's.
    public func keepDrafts(_ drafts: [MailMessage], device: String) async throws {
        try await accounts.first?.server.keepDrafts(drafts, device: device)
    }

    /// Every account watched at once.
    public func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for account in accounts { group.addTask { await account.server.watchForNewMail(changed) } }
        }
    }
}
