import Foundation
import KineticCatalog
import KineticRuntime

/// Hands the data layer's results to the screen on the simulation's own thread.
///
/// The refresh runs in the background (it waits on the network); its result waits until the screen's next step
/// picks it up, so the screen's state only ever changes inside a step.
public final class CostumeFeed: @unchecked Sendable {
    private let refresher: CatalogRefresher
    private let delivery = BackgroundDelivery<CatalogSnapshot>()

    public init(refresher: CatalogRefresher) { self.refresher = refresher }

    /// Bundled and saved costumes, available at once.
    public func initial() -> CatalogSnapshot { refresher.current() }

    /// Starts one refresh, if a catalogue URL is set, counted in `work`.
    public func startRefresh(counting work: BackgroundWork? = nil) {
        guard refresher.catalogURL != nil else { return }
        let refresher = self.refresher
        delivery.start(counting: work) { await refresher.refresh() }
    }

    /// The refresh's result, once, when it has arrived.
    public func take() -> CatalogSnapshot? { delivery.take() }
}
