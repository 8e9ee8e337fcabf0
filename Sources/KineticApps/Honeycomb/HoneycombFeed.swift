import Foundation
import KineticCatalog
import KineticRuntime

/// Hands the honeycomb's data layer results to the screen at a step.
public final class HoneycombFeed: @unchecked Sendable {
    private let refresher: HoneycombRefresher
    private let delivery = BackgroundDelivery<HoneycombSnapshot>()

    public init(refresher: HoneycombRefresher) { self.refresher = refresher }

    /// The saved or bundled nodes, at once.
    public func initial() -> HoneycombSnapshot { refresher.current() }

    /// Starts one refresh (nodes, then images), if there is a content server.
    public func startRefresh(counting work: BackgroundWork?) {
        guard refresher.nodesURL != nil else { return }
        let refresher = self.refresher
        delivery.start(counting: work) { await refresher.refresh() }
    }

    public func take() -> HoneycombSnapshot? { delivery.take() }
}
