import Foundation

/// The four costumes beyond the bundled two, whose art ships in the app's folder too. The content server
/// offers them remotely; tests and the benchmark use this list to fill a six-spoke wheel without a network.
public enum ServedCostumes {
    public static let all: [Costume] = {
        let folder = BundledCostumes.resourceFolder
        let rows: [(id: String, title: String, description: String, y: Double, width: Double, height: Double)] = [
            ("pirate", "The Buccaneer", "Arr. Nobody questions a pirate buying rum.", -0.3, 0.78, 0.3867),
            ("chef", "The Chef", "Just picking up something for the sauce.", -0.3767, 0.54, 0.2467),
            ("detective", "The Sleuth", "The agents will think he is one of theirs.", -0.3333, 0.76, 0.28),
            ("disco", "The Dancer", "Too fabulous to be a fugitive.", -0.2933, 0.9, 0.4133),
        ]
        return rows.map { row in
            Costume(id: row.id, title: row.title, description: row.description,
                    icon: folder.appendingPathComponent("costume-\(row.id)-icon.svg").path,
                    worn: folder.appendingPathComponent("costume-\(row.id)-worn.svg").path,
                    displayX: 0, displayY: row.y, displayWidth: row.width, displayHeight: row.height)
        }
    }()

    /// The bundled costumes followed by these four.
    public static var withBundled: [Costume] { BundledCostumes.load().costumes + all }
}
