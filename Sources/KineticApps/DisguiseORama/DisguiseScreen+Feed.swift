import Foundation
import KineticCatalog
import KineticCore
import KineticRuntime
import KineticScene

/// What the data layer sends: new costumes join the wheel; a failed refresh shows a banner that goes by itself.
extension DisguiseScreen {
    static let refreshFailedMessage = "Couldn’t update costumes — showing saved ones"

    func apply(_ snapshot: CatalogSnapshot) {
        for problem in snapshot.problems { FileHandle.standardError.write(Data("kinetic: \(problem)\n".utf8)) }
        receive(snapshot.costumes)
        if snapshot.refreshFailed { showBanner(Self.refreshFailedMessage) }
    }

    func buildBanner() {
        banner.place(in: layout.size)
        banner.layer.zPosition = 7
        root.addSublayer(banner.layer)
    }

    func showBanner(_ message: String) { banner.show(message, animator: animator) }

    /// A failure with a visible consequence: a log line naming what was being done, and a banner.
    func report(_ error: Error, while doing: String) {
        FileHandle.standardError.write(Data("kinetic: disguise: \(doing): \(error)\n".utf8))
        showBanner("Something went wrong \(doing) — see the log")
    }

    func updateBanner(dt: Double) { banner.update(dt: dt, animator: animator) }
}
