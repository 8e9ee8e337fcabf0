import KineticData

extension IMAPMailServer {
    /// Watches the Inbox for new mail until the task is cancelled, calling `changed` when it changes: in IDLE (RFC
    /// 2177), so a message delivered shows within a second; on a server without IDLE, by a NOOP every `noopInterval`
    /// on one open session (a server says what changed in its answer to any command). The full checks every
    /// `checkInterval` still catch what other programs did in the other mailboxes. A server away is tried again
    /// every `noopInterval`; one that refuses, ever less often.
    public func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async {
        checkAgain.withLockedValue { $0 = changed }
        var wait = Self.noopInterval
        while !Task.isCancelled {
            do {
                try await session { session in
                    _ = try await session.select("INBOX")
                    wait = Self.noopInterval  // logged in: the server takes us
                    // Whatever came between the last session and this one was not watched: a check looks.
                    changed()
                    let idles = session.capabilities.contains("IDLE")
                    while !Task.isCancelled {
                        if idles {
                            // RFC 2177: a client re-issues IDLE within 29 minutes; a quiet wait ends the session, and
                            // the next begins at once.
                            let began = ContinuousClock.now
                            guard try await session.idle(upTo: Self.idleSpan) else {
                                // Ended by the server at once (a proxy that will not hold IDLE): not straight back.
                                if ContinuousClock.now - began < .seconds(10) { try await Task.sleep(for: Self.noopInterval) }
                                return
                            }
                            changed()
                        } else {
                            try await Task.sleep(for: Self.noopInterval)
                            let reply = try await session.run("NOOP")
                            if reply.data.contains(where: { $0.count >= 2 && ["EXISTS", "EXPUNGE"].contains($0[1].text?.uppercased() ?? "") }) { changed() }
                        }
                    }
                }
            } catch {
                // The server is away or refused: the checks say so in a banner; the watch waits and tries again. A
                // refusal (a password no longer taken) waits longer each time, up to 5 minutes, so that the watch
                // never knocks often enough to lock the account.
                try? await Task.sleep(for: wait)  // nil: cancelled, which the loop's condition sees
                if let refusal = error as? IMAPError, !refusal.meansUnreachable { wait = min(wait * 2, .seconds(300)) }
            }
        }
    }

    /// The longest wait in one IDLE.
    static let idleSpan = Duration.seconds(25 * 60)
    /// Seconds between NOOPs where IDLE is missing, and between tries while the server is away.
    static let noopInterval = Duration.seconds(3)
}
