import KineticData

/// A mail server that holds nothing and takes nothing: what an account kept opens on, in a test of the rules alone.
struct NoMailServer: MailServer {
    func inbox() async throws -> [MailMessage] { [] }
    func move(_ id: String, to placement: Placement) async throws {}
    var checkInterval: Double { 60 }
    func markRead(_ ids: Set<String>) async throws {}
    var canSend: Bool { false }
    func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws {}
}
