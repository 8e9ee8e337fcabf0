import KineticData
import Foundation
import KineticCore
import KineticRuntime

/// The apps of the house, in menu order. An entry without `makeScreen` shows a "not built yet" screen.
public enum KineticApps {
    /// The apps, offline (`AppsEnvironment.offline`).
    public static var catalog: [AppEntry] { entries(environment: .offline) }

    /// The apps' ids, in menu order, for the command line.
    public static var ids: [String] { catalog.map(\.id) }

    /// The apps, reaching the world through `environment`.
    public static func entries(environment: AppsEnvironment) -> [AppEntry] {
        let mail = MailboxConnection(server: environment.mailServer, warnings: environment.mailWarnings)
        return [
            AppEntry(id: "disguise", title: "Disguise-O-Rama",
                     summary: "Dress Scotch from a wheel of costume bubbles that spins, falls and springs.",
                     tint: Color(red8: 0xE1, green8: 0x59, blue8: 0x26), makeScreen: { makeDisguiseScreen($0, environment: environment) }),
            AppEntry(id: "mailbox", title: "Mailbox",
                     summary: "Swipe messages left and right to archive, delete, snooze or list them.",
                     tint: Color(red8: 0x4A, green8: 0xA8, blue8: 0xD8), makeScreen: { makeMailboxScreen($0, environment: environment, connection: mail) }),
            AppEntry(id: "honeycomb", title: "Honeycomb",
                     summary: "Navigate categories on a honeycomb that rearranges into a grid of hexagons.",
                     tint: Color(red8: 0xF2, green8: 0xB1, blue8: 0x34), makeScreen: { makeHoneycombScreen($0, environment: environment) }),
        ]
    }
}
