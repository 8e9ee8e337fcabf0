import KineticRuntime

/// Disguise-O-Rama's own texts (issue #39): each by its key and in English, taken from the run's `Localization`, which
/// the screen hands its components (`texts`). Costume titles and descriptions stay as served; action names ("Choose",
/// "Take off", "press") are the names screen readers call them by, not words shown.
enum DisguiseText {
    static let costumes = LocalizedText("disguise.costumes", "Costumes")
    static let pageOf = LocalizedText("disguise.page-of", "{page} of {pages}")
    static let costumesPage = LocalizedText("disguise.costumes-page", "Costumes, page {page} of {pages}")
    static let page = LocalizedText("disguise.page", "Page {page} of {pages}")
    static let previousCostumes = LocalizedText("disguise.previous-costumes", "Previous costumes")
    static let nextCostumes = LocalizedText("disguise.next-costumes", "Next costumes")
    static let scotch = LocalizedText("disguise.scotch", "Scotch")
    static let scotchWearing = LocalizedText("disguise.scotch-wearing", "Scotch, wearing {costume}")
    static let takeOff = LocalizedText("disguise.take-off", "Take off {costume}")
    static let introduction = LocalizedText("disguise.introduction", "Introduction")
    /// The intro dialog's description, what a screen reader says with it: the page's words and where it is.
    static let introSaid = LocalizedText("disguise.intro.said", "{text} (page {page} of {pages})")
    static let replayIntro = LocalizedText("disguise.menu.replay-intro", "Replay intro")
    static let isWearing = LocalizedText("disguise.said.wearing", "Scotch is wearing {costume}.")
    static let tookOff = LocalizedText("disguise.said.took-off", "Took off {costume}.")
    static let theCostume = LocalizedText("disguise.said.the-costume", "the costume")
    // Banners
    static let serverUnreachable = LocalizedText("disguise.banner.unreachable", "Couldn’t reach the costume server — showing {showing}")
    static let serverError = LocalizedText("disguise.banner.server-error", "The costume server answered with an error — showing {showing}")
    static let catalogueUnreadable = LocalizedText("disguise.banner.unreadable", "The costume server’s catalogue can’t be read — showing {showing}")
    static let showingSaved = LocalizedText("disguise.banner.saved-costumes", "the costumes saved last time")
    static let showingBuiltIn = LocalizedText("disguise.banner.built-in-costumes", "the built-in costumes")
    static let leftOut = LocalizedPlural("disguise.banner.left-out", one: "1 new costume left out: its pictures couldn’t be loaded",
                                         other: "{count} new costumes left out: their pictures couldn’t be loaded")
    static let wheelWentWrong = LocalizedText("disguise.banner.wheel-went-wrong", "Something went wrong with the costume wheel — see the log")

    /// A bundled intro page's words by its id (`disguise.intro.hello.text`); a served page's own words are already in
    /// the person's language (`IntroDocument`) and pass as they are.
    static func intro(_ page: IntroPage, _ texts: Localization) -> (text: String, button: String) {
        guard IntroPage.bundled.contains(page) else { return (page.text, page.button) }
        let words = intro(page)
        return (texts(words[0]), texts(words[1]))
    }

    /// A bundled intro page's text and button as catalogue texts.
    static func intro(_ page: IntroPage) -> [LocalizedText] {
        [LocalizedText("disguise.intro.\(page.id).text", page.text), LocalizedText("disguise.intro.\(page.id).button", page.button)]
    }
}
