import KineticRuntime

/// The Honeycomb's own texts (issue #39): each by its key and in English, taken from the run's `Localization`, which
/// the screen hands its components (`texts`). Category and cell titles, panels' words and links stay as served.
enum HoneycombText {
    static let back = LocalizedText("honeycomb.back", "Back")
    static let place = LocalizedText("honeycomb.cell.place", "row {row}, cell {cell}")
    static let learnMore = LocalizedText("honeycomb.learn-more", "Learn More")
    static let allCategories = LocalizedText("honeycomb.menu.all-categories", "All categories")
    static let noCategories = LocalizedText("honeycomb.empty.categories", "No categories to show: the honeycomb’s data has none.")
    static let emptyCategory = LocalizedText("honeycomb.empty.category", "Nothing in {category} yet: the honeycomb’s data has no cells for it.")
    // Banners
    static let refreshFailed = LocalizedText("honeycomb.banner.refresh-failed", "Couldn’t update the honeycomb — showing {showing}")
    static let showingSaved = LocalizedText("honeycomb.banner.saved-cells", "the cells saved last time")
    static let showingBuiltIn = LocalizedText("honeycomb.banner.built-in-cells", "the built-in cells")
    static let openedLink = LocalizedText("honeycomb.banner.opened-link", "Learn More: {link}")
    static let noBrowser = LocalizedText("honeycomb.banner.no-browser", "No browser opened the link — copied it: {link}")
}
