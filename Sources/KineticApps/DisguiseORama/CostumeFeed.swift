import KineticData
import KineticRuntime

/// Disguise-O-Rama's data: bundled and saved costumes at once, then a refresh from the catalogue URL.
public typealias CostumeFeed = DataFeed<CatalogSnapshot>

extension DataFeed where Snapshot == CatalogSnapshot {
    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when a catalogue URL is set.
    public convenience init(refresher: CatalogRefresher) {
        var refresh: (@Sendable () async -> CatalogSnapshot)?
        if refresher.catalogURL != nil { refresh = { await refresher.refresh() } }
        self.init(current: { refresher.current() }, refresh: refresh)
    }
}
