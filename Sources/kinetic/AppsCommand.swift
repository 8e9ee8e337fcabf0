import ArgumentParser
import KineticApps

/// `kinetic apps`: the one registry of apps (`KineticApps.entries`), printed for scripts, so that a script looping
/// over the apps (`scripts/idle-cpu`) asks the program instead of keeping a list of its own that a new app would miss.
struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "List the apps `kinetic run` opens: one line each, the id, a tab, the title, in menu order.")

    func run() {
        for entry in KineticApps.catalog { print("\(entry.id)\t\(entry.title.english)") }
    }
}
