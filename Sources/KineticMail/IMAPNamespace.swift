/// Where a server keeps the person's own mailboxes (RFC 2342's personal namespace): the prefix every name made there
/// starts with, and the character between a parent's name and its child's.
///
/// Dovecot and Cyrus as installed mostly have no prefix and `/` or `.`; Courier, and the Dovecots of hosting panels,
/// keep everything under `INBOX.` with `.` between names, and refuse a top-level `Archive`. A mailbox the Mailbox
/// makes is therefore always `prefix + name` (`INBOX.Archive`, `INBOX.Lists.to-read`).
package struct IMAPNamespace: Equatable, Sendable {
    /// What each of the person's mailbox names starts with (`""`, `"INBOX."`).
    package var prefix: String
    /// What separates a parent's name from its child's (`/`, `.`); `nil` for a server with no hierarchy.
    package var delimiter: String?

    /// A personal namespace as the server said it.
    package init(prefix: String = "", delimiter: String? = "/") {
        (self.prefix, self.delimiter) = (prefix, delimiter)
    }

    /// The full name of the mailbox `path` (its parts, parent first) in this namespace: `["Lists", "to-read"]` is
    /// `Lists/to-read`, or `INBOX.Lists.to-read` under Courier's prefix. `nil` when a part holds the delimiter, or the
    /// server has no hierarchy and the path has more than one part.
    package func name(_ path: [String]) -> String? {
        guard let first = path.first, !first.isEmpty else { return nil }
        guard let delimiter else { return path.count == 1 ? prefix + first : nil }
        guard path.allSatisfy({ !$0.isEmpty && !$0.contains(delimiter) }) else { return nil }
        return prefix + path.joined(separator: delimiter)
    }

    /// The NAMESPACE response's first personal namespace (`* NAMESPACE (("INBOX." ".")) NIL NIL`), or `nil` when the
    /// reply holds none.
    static func personal(in data: [[IMAPValue]]) -> IMAPNamespace? {
        guard let line = data.first(where: { $0.first?.text?.uppercased() == "NAMESPACE" }), line.count >= 2,
              let first = line[1].list?.first?.list, let prefix = first.first?.text else { return nil }
        let delimiter = first.count >= 2 ? first[1].text : nil
        return IMAPNamespace(prefix: prefix, delimiter: delimiter.flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension IMAPSession {
    /// The person's namespace: asked with NAMESPACE where the server offers it; else no prefix, and the delimiter LIST
    /// gives for the top level (`LIST "" ""`, RFC 3501 §6.3.8).
    package func personalNamespace() async throws -> IMAPNamespace {
        if capabilities.contains("NAMESPACE"), let namespace = IMAPNamespace.personal(in: try await run("NAMESPACE").data) {
            return namespace
        }
        let reply = try await run("LIST \"\" \"\"")
        let line = reply.data.first { $0.first?.text?.uppercased() == "LIST" && $0.count >= 3 }
        guard let line else { return IMAPNamespace() }
        return IMAPNamespace(prefix: "", delimiter: line[2].text)
    }

    /// Whether the server offers `capability` (`MOVE`, `UIDPLUS`), as it said once logged in.
    package func offers(_ capability: String) -> Bool { capabilities.contains(capability.uppercased()) }
}
