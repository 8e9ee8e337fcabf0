import Foundation
import KineticCore
import KineticPlatform

/// Finds an app's folder in the program's resources, wherever the program was put: `$KINETIC_RESOURCES/<name>`
/// if set, else in the resource bundle beside the executable (as SwiftPM builds it), in `../share/kinetic` beside
/// it, or in the source checkout. SwiftPM's own `Bundle.module` stops the process when its bundle is missing; this
/// never does: it logs every place it looked, and the app's loaders then report what they could not read.
enum ResourceFolder {
    static func named(_ name: String, containing file: String) -> URL {
        let executable = InstalledFiles.executableFolder
        let bundle = executable.appendingPathComponent("Kinetic_KineticApps.resources", isDirectory: true)
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources", isDirectory: true)
        var candidates = [bundle.appendingPathComponent("Resources/\(name)", isDirectory: true),
                          bundle.appendingPathComponent(name, isDirectory: true),
                          executable.appendingPathComponent("../share/kinetic/Resources/\(name)", isDirectory: true).standardized,
                          checkout.appendingPathComponent(name, isDirectory: true)]
        if let named = ProcessInfo.processInfo.environment["KINETIC_RESOURCES"], !named.isEmpty {
            candidates = [URL(fileURLWithPath: named, isDirectory: true).appendingPathComponent(name, isDirectory: true)]
        }
        switch InstalledFiles.locate("the \(name) resources", marker: file, candidates: candidates) {
        case .success(let folder):
            return folder
        case .failure(let notFound):
            Log.line("\(notFound)")
            return candidates[0]
        }
    }
}
