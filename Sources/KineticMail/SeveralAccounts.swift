import NIOConcurrencyHelpers
import KineticData
import KineticPlatform

/// Several accounts as one Mailbox: their mailboxes read together, each message filed, read and answered through the
/// account it came from. An account that can't be checked keeps what it last showed, and says so once, while the others
/// go on; only when none can be checked does the check fail.
package final class SeveralAccounts: MailServer, Sendable {
    /// The accounts, each with the name the person gave it, in the file's order: the first sends new mail and keeps
    /// the drafts.
    package let accounts: [(name: String, server: MailServer)]

    /// What the last checks found: which accounts hold each message (by id; by Message-ID, the first), each
    /// account's last messages, and the accounts whose failure was already said.
    private struct Memory {
        var owners: [String: [Int]] = [:]
        var ownerByMessageID: [String: Int] = [:]
        var lastMessages: [Int: [MailMessage]] = [:]
        var failing: Set<Int> = []

        /// `message` is held by the account at `index`: filed and read through it, and a reply to it sent through the
        /// first account that holds it.
        mutating func own(_ message: MailMessage, by index: Int) {
            if owners[message.id]?.contains(index) != true { owners[message.id, default: []].append(index) }
            if let messageID = message.messageID, ownerByMessageID[messageID] == nil { ownerByMessageID[messageID] = index }
        }
    }
    private let memory = NIOLockedValueBox(Memory())

    /// The accounts, in order (at least one).
    package init(_ accounts: [(name: String, server: MailServer)]) {
        self.accounts = accounts
    }

    /// The soonest any account checks again.
    package var checkInterval: Double { accounts.map(\.server.checkInterval).min() ?? 30 }

    /// Whether any account can send.
    package var canSend: Bool { accounts.contains { $0.server.canSend } }

    /// Every account's messages, newest first across them all (`newestFirst`), each naming its account; a message two
    /// accounts hold shows once, as the first account's. An account that
    /// fails keeps its last messages; its failure is thrown once (as `PartialMailCheck`, with every message
    /// shown) until it works again; when all fail, the first failure is thrown.
    package func inbox() async throws -> [MailMessage] {
        var found: [Int: Result<[MailMessage], Error>] = [:]
        for (index, account) in accounts.enumerated() {
            do { found[index] = .success(try await account.server.inbox()) } catch { found[index] = .failure(error) }
        }
        if found.values.allSatisfy({ if case .failure = $0 { return true } else { return false } }), case .failure(let error)? = found[0] {
            throw error
        }
        let accounts = self.accounts
        let (messages, newlyFailing) = memory.withLockedValue { memory -> ([MailMessage], [(log: String, problem: MailProblem)]) in
            var messages: [MailMessage] = [], seen = Set<String>(), newlyFailing: [(log: String, problem: MailProblem)] = []
            (memory.owners, memory.ownerByMessageID) = ([:], [:])
            for index in accounts.indices {
                var answered = false
                switch found[index] {
                case .success(let list)?:
                    memory.lastMessages[index] = list
                    memory.failing.remove(index)
                    answered = true
                case .failure(let error)?:
                    if memory.failing.insert(index).inserted { newlyFailing.append(("\(accounts[index].name): \(error)", .inAccount(name: accounts[index].name, MailProblem.of(error)))) }
                case nil:
                    break
                }
                for var message in memory.lastMessages[index] ?? [] {
                    // Held by two accounts (one Message-ID), a message is filed and read in both.
                    memory.own(message, by: index)
                    guard seen.insert(message.id).inserted else { continue }
                    // What an account that did not answer last showed is no news of where its messages are.
                    if !answered { message.serverPlacement = nil }
                    message.account = accounts[index].name
                    messages.append(message)
                }
            }
            return (messages, newlyFailing)
        }
        if let first = newlyFailing.first {
            // Each failure for the log, whole; the first by its kind, for the Mailbox to say in the person's language.
            var partial = PartialMailCheck(messages: messages.newestFirst(), problems: newlyFailing.map(\.log))
            partial.problem = first.problem
            throw partial
        }
        return messages.newestFirst()
    }

    /// Every account's kept messages, as `inbox()` joins them; each account's are what it shows until it answers.
    package func keptMessages() -> [MailMessage] {
        let kept = accounts.map { $0.server.keptMessages() }
        return memory.withLockedValue { memory in
            var messages: [MailMessage] = [], seen = Set<String>()
            for (index, list) in kept.enumerated() {
                if memory.lastMessages[index] == nil { memory.lastMessages[index] = list }
                for var message in list {
                    memory.own(message, by: index)
                    message.account = accounts[index].name
                    if seen.insert(message.id).inserted { messages.append(message) }
                }
            }
            return messages.newestFirst()
        }
    }

    /// Every account's folders, each name once (a Receipts in two accounts is one menu row, holding both's).
    package func folders() -> [String] {
        Array(Set(accounts.flatMap { $0.server.folders() })).sorted()
    }

    /// Every account's progress added up; `nil` when none has any to say.
    package func syncProgress() -> MailSyncProgress? {
        let all = accounts.compactMap { $0.server.syncProgress() }
        guard !all.isEmpty else { return nil }
        return MailSyncProgress(read: all.map(\.read).reduce(0, +), kept: all.map(\.kept).reduce(0, +))
    }

    /// Every account searched; one that can't be searched finds nothing, said in the log (the local search still shows its
    /// messages).
    package func search(_ words: [String]) async throws -> Set<String> {
        var found = Set<String>()
        for account in accounts {
            do { found.formUnion(try await account.server.search(words)) } catch {
                Log.line("mail: \(MailAccount.shown(account.name))'s server could not be searched: \(error)")
            }
        }
        return found
    }

    /// The accounts that hold the message `id` (the first when it is not known).
    private func owners(of id: String) -> [MailServer] {
        (memory.withLockedValue { $0.owners[id] } ?? [0]).map { accounts[$0].server }
    }

    /// Files it through each account that holds it.
    package func move(_ id: String, to placement: Placement) async throws {
        for server in owners(of: id) { try await server.move(id, to: placement) }
    }

    /// Each account told of its own messages.
    package func markRead(_ ids: Set<String>) async throws {
        let owners = memory.withLockedValue { memory in ids.map { (id: $0, accounts: memory.owners[$0] ?? [0]) } }
        var byAccount: [Int: Set<String>] = [:]
        for (id, accounts) in owners { for index in accounts { byAccount[index, default: []].insert(id) } }
        for (index, ids) in byAccount.sorted(by: { $0.key < $1.key }) { try await accounts[index].server.markRead(ids) }
    }

    /// Each account that holds it told.
    package func markAnswered(_ id: String) async throws {
        for server in owners(of: id) { try await server.markAnswered(id) }
    }

    /// Read through the account that holds the message forwarded.
    package func forwardedFiles(of message: OutgoingMessage) async throws -> [MailAttachmentFile] {
        guard let original = message.forwarding, message.forwardedFiles ?? 0 > 0 else { return [] }
        return try await firstAnswer(of: original) { try await $0.forwardedFiles(of: message) }
    }

    /// Read from the first account that holds it and can give it.
    package func attachment(of id: String, at index: Int) async throws -> MailAttachmentFile {
        try await firstAnswer(of: id) { try await $0.attachment(of: id, at: index) }
    }

    /// What `ask` gets from the first account holding message `id` that answers; else what the last one threw.
    private func firstAnswer<Answer>(of id: String, _ ask: (any MailServer) async throws -> Answer) async throws -> Answer {
        var last: Error = MailAttachmentFile.Unavailable()
        for server in owners(of: id) {
            do { return try await ask(server) } catch { last = error }
        }
        throw last
    }

    /// A reply goes out through the account its message came to; new mail through the first account that can send.
    package func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws {
        guard let sender = sender(answering: inReplyTo) else { throw MailAccountError(.noAccountSends) }
        try await sender.send(to: to, subject: subject, body: body, inReplyTo: inReplyTo)
    }

    /// As `send`: through the account the answered message came to, else the first that can send.
    package func submit(_ message: OutgoingMessage, committed: @escaping @Sendable () -> Void) async throws {
        // A forward goes out through the account its message came to, as a reply does.
        let about = message.forwarding.flatMap { owners(of: $0).first }
        guard let sender = about.flatMap({ $0.canSend ? $0 : nil }) ?? sender(answering: message.inReplyTo) else { throw SendFailure.cannotSend(.account(.noAccountSends)) }
        // A forward's files are read from the account that holds the message.
        let files = try await IMAPMailServer.readForwardedFiles { try await forwardedFiles(of: message) }
        try await sender.submit(message, files: files, committed: committed)
    }


    /// The account a message goes out through: the one the answered message (by its Message-ID) came to, when it can
    /// send, else the first that can.
    private func sender(answering inReplyTo: String?) -> (any MailServer)? {
        let answered = inReplyTo.flatMap { messageID in memory.withLockedValue { $0.ownerByMessageID[messageID] } }
        return answered.map { accounts[$0].server }.flatMap { $0.canSend ? $0 : nil } ?? accounts.first { $0.server.canSend }?.server
    }

    /// Drafts are the first account's.
    package func keepDrafts(_ drafts: [MailMessage], device: String) async throws {
        try await accounts.first?.server.keepDrafts(drafts, device: device)
    }

    /// Every account watched at once.
    package func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for account in accounts { group.addTask { await account.server.watchForNewMail(changed) } }
        }
    }
}
