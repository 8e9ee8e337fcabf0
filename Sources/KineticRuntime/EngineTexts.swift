/// The engine's own texts (issue #39): the shell, the gallery, the context menu and the date picker's words, each
/// by its key and in English, said in the run's language (`StageSettings.localization`). "Kinetic" is the product's
/// name and stays a name in every language, as an app's name does.
public enum EngineText {
    /// The product's name, the shell's title unless an app hosting its screens in one gives its own.
    public static let kinetic = LocalizedText("kinetic.name", "Kinetic")
    static let gallery = LocalizedText("kinetic.gallery", "Gallery")
    static let menu = LocalizedText("kinetic.menu", "Menu")
    static let tagline = LocalizedText("kinetic.gallery.tagline", "Fluid, physics-driven interfaces")
    static let menuHint = LocalizedText("kinetic.gallery.hint", "Swipe from the left edge, or press ☰, for the menu.")
    static let notBuiltYet = LocalizedText("kinetic.gallery.not-built", "Not built yet")
    static let cut = LocalizedText("kinetic.edit.cut", "Cut")
    static let copy = LocalizedText("kinetic.edit.copy", "Copy")
    static let paste = LocalizedText("kinetic.edit.paste", "Paste")
    static let selectAll = LocalizedText("kinetic.edit.select-all", "Select All")
    static let actions = LocalizedText("kinetic.context-menu", "Actions")
    /// The date picker's first day, and a Later row's.
    public static let today = LocalizedText("kinetic.picker.today", "Today")
    /// The date picker's second day, and a Later row's.
    public static let tomorrow = LocalizedText("kinetic.picker.tomorrow", "Tomorrow")
    /// The day before today, as a list's row says when a message came.
    public static let yesterday = LocalizedText("kinetic.day.yesterday", "Yesterday")
    /// The date picker's wheels, as a screen reader names them.
    static let day = LocalizedText("kinetic.picker.day", "Day")
    static let hour = LocalizedText("kinetic.picker.hour", "Hour")
    static let minute = LocalizedText("kinetic.picker.minute", "Minute")
}
