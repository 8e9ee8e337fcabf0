import KineticData
import Foundation

/// The costumes shipped with the app: `config.plist` in the app's resources, read with `PropertyListDecoder`.
public enum BundledCostumes {
    /// The folder holding the Disguise-O-Rama art and `config.plist`.
    public static let resourceFolder = ResourceFolder.named("Disguise", containing: "config.plist")

    /// The shape of `config.plist`.
    struct File: Decodable {
        var costumes: [Costume]
    }

    /// Reads the bundled catalogue, keeping every costume that is valid.
    /// - Returns: the costumes, with image names made absolute, and one message per costume left out.
    public static func load(from url: URL = resourceFolder.appendingPathComponent("config.plist")) -> (costumes: [Costume], problems: [String]) {
        do {
            let file = try PropertyListDecoder().decode(File.self, from: Data(contentsOf: url))
            var costumes: [Costume] = [], problems: [String] = [], seen = Set<String>()
            for var costume in file.costumes {
                if let problem = costume.problem { problems.append("\(url.lastPathComponent): \(problem)"); continue }
                guard seen.insert(costume.id).inserted else { problems.append("\(url.lastPathComponent): duplicate id \(costume.id)"); continue }
                costume.icon = resolve(costume.icon, against: url.deletingLastPathComponent())
                costume.worn = resolve(costume.worn, against: url.deletingLastPathComponent())
                costumes.append(costume)
            }
            return (costumes, problems)
        } catch {
            return ([], ["\(url.path) could not be read: \(error)"])
        }
    }

    /// A file name becomes a path in `folder`; an absolute path or URL is kept.
    static func resolve(_ name: String, against folder: URL) -> String {
        if name.hasPrefix("/") || name.contains("://") { return name }
        return folder.appendingPathComponent(name).path
    }
}
