/// One page of the new-user intro: the message in the top panel and the title of the button that moves on.
public struct IntroPage: Equatable, Sendable {
    /// The page's message, in the top panel (`intro.text`).
    public var text: String
    /// The title of the button that moves on (`intro.button`).
    public var button: String
}

/// The intro, in order. This list is the one source of truth for the pages: add, remove or reorder them here
/// and the screens follow.
public let introPages: [IntroPage] = [
    IntroPage(text: "S’up player…", button: "Say \"hello\""),
    IntroPage(text: "OK. Long story short… There are some government thugs out there looking for me.", button: "Tell me more"),
    IntroPage(text: "I need you to help me pick a costume so that I can run to the liquor store without anyone recognizing me.", button: "OK"),
]
