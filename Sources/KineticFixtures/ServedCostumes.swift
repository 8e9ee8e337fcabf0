import Foundation
import KineticApps
import KineticData
import KineticPlatform

/// The four costumes the content server offers, read straight from the repository's `Content/` folder with the
/// same decoder the network path uses. Tests and the benchmark use them to fill a six-spoke wheel offline; a fixture,
/// so it lives in `KineticFixtures`, which neither the apps nor the `kinetic` program link.
package enum ServedCostumes {

    /// The served costumes, their image fields turned into paths in `Content/`; empty (said in the log) when the file
    /// cannot be read.
    package static let all: [Costume] = {
        let contentFolder = RepositoryContent.folder
        // Decoded as the server would serve it (image URLs may be relative to the server's root), then each URL's
        // path is found in the folder.
        // A fixed, well-formed address (only a base for the served file's relative names): it always parses.
        let served = URL(string: "http://127.0.0.1/api/current_costumes.json")!
        let decoded: RemoteCatalog.Decoded
        do {
            decoded = try RemoteCatalog.decode(Data(contentsOf: contentFolder.appendingPathComponent("api/current_costumes.json")), catalogURL: served)
        } catch {
            Log.line("the served costumes in \(contentFolder.path) could not be read: \(error)")
            return []
        }
        func local(_ text: String) -> String {
            contentFolder.appendingPathComponent(String((URL(string: text)?.path ?? text).drop { $0 == "/" })).path
        }
        return decoded.costumes.map { costume in
            var copy = costume
            copy.icon = local(costume.icon)
            copy.worn = local(costume.worn)
            return copy
        }
    }()

    /// The bundled costumes followed by these four.
    package static var withBundled: [Costume] { BundledCostumes.load().costumes + all }
}
