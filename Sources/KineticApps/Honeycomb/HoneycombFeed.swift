import KineticData
import KineticRuntime

/// The Honeycomb's data: the saved or bundled nodes at once, then the content server's, images included.
public typealias HoneycombFeed = DataFeed<HoneycombSnapshot>

extension DataFeed where Snapshot == HoneycombSnapshot {
    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when it has a nodes URL.
    public convenience init(refresher: HoneycombRefresher) {
        var refresh: (@Sendable () async -> HoneycombSnapshot)?
        if refresher.nodesURL != nil { refresh = { await refresher.refresh() } }
        self.init(current: { refresher.current() }, refresh: refresh)
    }
}
