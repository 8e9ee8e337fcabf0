import Foundation
import KineticCatalog

/// Hands the data layer's results to the screen on the simulation's own thread.
///
/// The refresh runs in the background (it waits on the network); its result waits here until the screen's next
/// step picks it up, so the screen's state only ever changes inside a step.
public final class CostumeFeed: @unchecked Sendable {
    private let refresher: CatalogRefresher
    private let lock = NSLock()
    private var arrived: CatalogSnapshot?

    public init(refresher: CatalogRefresher) { self.refresher = refresher }

    /// Bundled and saved costumes, available at once.
    public func initial() -> CatalogSnapshot { refresher.current() }

    /// Starts one refresh, if a catalogue URL is set.
    public func startRefresh() {
        guard refresher.catalogURL != nil else { return }
        let refresher = self.refresher
        Task.detached { [weak self] in
            let snapshot = await refresher.refresh()
            self?.lock.withLock { self?.arrived = snapshot }
        }
    }

    /// The refresh's result, once, when it has arrived.
    public func take() -> CatalogSnapshot? {
        lock.withLock {
            defer { arrived = nil }
            return arrived
        }
    }
}
