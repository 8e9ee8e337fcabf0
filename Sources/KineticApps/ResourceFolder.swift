import Foundation

/// Finds an app's folder in the package's resources. The package copies `Resources/` into the module's bundle,
/// whose `resourceURL` is the bundle itself on some platforms and its `Resources` on others, so each candidate is
/// tried for the file the app cannot do without.
enum ResourceFolder {
    static func named(_ name: String, containing file: String) -> URL {
        let candidates = [Bundle.module.bundleURL.appendingPathComponent("Resources/\(name)", isDirectory: true),
                          Bundle.module.resourceURL?.appendingPathComponent(name, isDirectory: true),
                          Bundle.module.resourceURL?.appendingPathComponent("Resources/\(name)", isDirectory: true)].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(file).path) } ?? candidates[0]
    }
}
