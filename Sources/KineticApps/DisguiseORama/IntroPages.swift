import KineticData

/// One page of the new-user intro: the message in the top panel and the title of the button that moves on.
public struct IntroPage: Equatable, Sendable {
    /// What the page is known by: a served intro names a bundled page by it (`IntroOrder`).
    public var id: String
    /// The page's message, in the top panel (`intro.text`).
    public var text: String
    /// The title of the button that moves on (`intro.button`).
    public var button: String
}

extension IntroPage {
    /// The intro, in order. This list is the one source of truth for the pages: add, remove or reorder them here
    /// and the screens follow. A server may give another order (`IntroOrder`, seed 000 (B)); this is the default.
    public static let bundled: [IntroPage] = [
        IntroPage(id: "hello", text: "S’up player…", button: "Say \"hello\""),
        IntroPage(id: "story", text: "OK. Long story short… There are some government thugs out there looking for me.", button: "Tell me more"),
        IntroPage(id: "costume", text: "I need you to help me pick a costume so that I can run to the liquor store without anyone recognizing me.",
                  button: "OK"),
    ]

    /// The pages a served order gives: each bundled page it names (with its own words), or the server's own page, in
    /// the served order; the bundled intro when there is no order.
    public static func pages(for order: IntroOrder?) -> [IntroPage] {
        guard let order else { return bundled }
        let pages = order.pages.compactMap { page -> IntroPage? in
            if let text = page.text, let button = page.button { return IntroPage(id: page.id, text: text, button: button) }
            return bundled.first { $0.id == page.id }
        }
        return pages.isEmpty ? bundled : pages
    }
}
