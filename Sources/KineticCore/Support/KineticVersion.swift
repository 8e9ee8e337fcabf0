/// Kinetic's version, semantic (MAJOR.MINOR.PATCH): what `kinetic --version` prints, the newest `<release>` of every
/// AppStream file under `Install/metainfo/`, the newest heading of `CHANGELOG.md`, and the tag `vMAJOR.MINOR.PATCH` a
/// release is cut from. `VersionTests` holds them to one another, so a release changes this line and the others with
/// it. A library built on Kinetic reads it to say which engine it runs on.
public enum KineticVersion {
    /// The version of this build: 1.1.0 added the engine's effects (`Effect.run`, timers on the stage's clock,
    /// `Store.scope`), which 1.0.0 did not have; 1.2.0 reads catalogues by English and context (`.mo` too) and made
    /// opening a link asynchronous; 2.0.0 keeps the keyboard focus in the engine alone (`Screen.focusedControl` is
    /// gone: an app asks `KeyboardFocus.request`); 2.1.0 writes Cc, Bcc, Reply All and Forward and opens and saves
    /// a message's files; 2.2.0 shows the server's Sent, Drafts and other folders and selects the reader's text with
    /// the mouse; 3.0.0 passes what went wrong as typed problems (`MailProblem`, `FileProblem`), not English sentences,
    /// see CHANGELOG.md.
    public static let current = "3.0.0"
}
