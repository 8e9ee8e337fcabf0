import KineticData

extension IMAPMailServer {
    /// Watches the Inbox for new mail until the task is cancelled, calling `changed` when it changes: in IDLE (RFC
    /// 2177), so a message delivered shows within a second; on a server without IDLE, by a NOOP every `noopInterval`
    /// on one open session (a server says what changed in its answer to any command). The full checks every
    /// `checkInterval` still catch what other programs did in the other mailboxes. A server away or refusing is tried
    /// again ever less often: from `noopInterval`, doubling, up to `longestWaitAway` or `longestWaitRefused`.
    package func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async {
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
                // The server is away or refused: the checks say so (the Mailbox's strip under its bar); the watch
                // waits and tries again, longer each time. A server away, up to 30 s (the checks' own rhythm: one that
                // is back is seen within it either way); a refusal (a password no longer taken), up to 5 minutes, so
                // that the watch never knocks often enough to lock the account.
                try? await Task.sleep(for: wait)  // nil: cancelled, which the loop's condition sees
                wait = Self.wait(after: wait, refused: (error as? IMAPError).map { !$0.meansUnreachable } ?? false)
            }
        }
    }

    /// The longest wait in one IDLE.
    static let idleSpan = Duration.seconds(25 * 60)
    /// Seconds between NOOPs where IDLE is missing, and the first wait before a server away is tried again.
    static let noopInterval = Duration.seconds(3)
    /// The longest wait between tries of a server that can't be reached.
    static let longestWaitAway = Duration.seconds(30)
    /// The longest wait between tries of a server that refuses the login.
    static let longestWaitRefused = Duration.seconds(300)

    /// The wait after one of `wait` that ended in another failure: twice as long, up to the longest for a server away,
    /// or for one that refused the login.
    static func wait(after wait: Duration, refused: Bool) -> Duration {
        min(wait * 2, refused ? longestWaitRefused : longestWaitAway)
    }
}
