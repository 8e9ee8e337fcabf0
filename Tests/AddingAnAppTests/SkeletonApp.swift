import KineticCore
import KineticRuntime

/// The Counter's entry: what a real app adds to `KineticApps.entries(environment:)`, the one registry, as one
/// `AppEntry` (its id for the command line and the layer identifiers, its card, and how to make its screen).
enum SkeletonApp {
    static let id = "counter"

    /// The entry, with its environment built by the caller (the edge).
    static func entry(environment: SkeletonEnvironment) -> AppEntry {
        AppEntry(id: id, title: "Counter", summary: "Tap the button and it springs one place on, up to three.",
                 tint: SkeletonScreen.tint, makeScreen: { _ in SkeletonScreen(environment: environment) })
    }
}
