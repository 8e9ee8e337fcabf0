import Foundation
import KineticData
import KineticRuntime

/// The Honeycomb's data: the saved or bundled nodes at once, then the content server's, images included; and, after
/// that refresh, the pictures it did not get in time, fetched again in the background (`LateImages`) and handed over
/// as each lands, the category on screen first.
public final class HoneycombFeed {
    private let data: DataFeed<HoneycombSnapshot>
    private let late: LateImages
    /// The category whose pictures were last put first.
    private var preferredCategory: String?

    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when it has a nodes URL, followed by
    /// the late pictures.
    public init(refresher: HoneycombRefresher) {
        let late = LateImages()
        self.late = late
        var refresh: (@Sendable () async -> HoneycombSnapshot)?
        if refresher.nodesURL != nil {
            refresh = {
                let snapshot = await refresher.refresh()
                let urls = snapshot.lateImages.compactMap(URL.init(string:))
                // Not counted in the stage's background work: a picture lands whenever the server sends it.
                if !urls.isEmpty { Task.detached { await late.fetch(urls, downloader: refresher.downloader) } }
                return snapshot
            }
        }
        data = DataFeed(current: { refresher.current() }, refresh: refresh)
    }

    /// What can be shown at once.
    public func initial() -> HoneycombSnapshot { data.initial() }

    /// Starts the refresh, if there is one, counted in `work`.
    public func startRefresh(counting work: BackgroundWork? = nil) { data.startRefresh(counting: work) }

    /// The refresh's result, once, when it has arrived.
    public func take() -> HoneycombSnapshot? { data.take() }

    /// The late pictures that landed since the last call: image URL → checked file.
    public func takeLatePictures() -> [String: String] { late.take() }

    /// Puts `category`'s pictures first in the late pictures' next round (the category on screen).
    func prefer(_ category: HoneycombNode?) {
        guard let category, category.id != preferredCategory else { return }
        preferredCategory = category.id
        late.prefer(category.children.flatMap(\.imageURLs) + category.imageURLs)
    }

    /// The screen went away: no more late pictures are asked for.
    func stop() { late.stop() }
}
