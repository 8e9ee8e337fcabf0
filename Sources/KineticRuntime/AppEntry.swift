import KineticCore

/// One app the shell can open: its menu entry and how to make its first screen.
public struct AppEntry {
    /// Short and stable: used in layer identifiers (`menu.item.<id>`) and on the command line (`kinetic run <id>`).
    public var id: String
    /// The app's name, as its menu row and gallery card show it (keyed `app.<id>.title`: a name, which a catalogue
    /// may keep as it is).
    public var title: LocalizedText
    /// One sentence for the gallery card (keyed `app.<id>.summary`).
    public var summary: LocalizedText
    /// The app's colour on its card.
    public var tint: Color
    /// Makes the app's screen; `nil` while the app is not built yet (the shell shows a placeholder).
    public var makeScreen: ((StageSettings) -> Screen)?

    /// An entry for the shell, its title and summary in English (the catalogues find them by the app's id); leave out
    /// `makeScreen` for an app that is not built yet.
    public init(id: String, title: String, summary: String, tint: Color, makeScreen: ((StageSettings) -> Screen)? = nil) {
        self.id = id
        self.title = LocalizedText("app.\(id).title", title)
        self.summary = LocalizedText("app.\(id).summary", summary)
        self.tint = tint
        self.makeScreen = makeScreen
    }
}
