import Foundation
import KineticData
import KineticRuntime

/// The Honeycomb's data: the saved or bundled nodes at once, then the content server's, images included; and, after
/// that refresh, the pictures it did not get in time, fetched again in rounds (`LateImages`), the category on screen
/// first. The screen runs both as the engine's work (`refreshWork`, `fetchLatePictures`), which sends each result
/// back to the rules as an action.
public final class HoneycombFeed {
    private let data: DataFeed<HoneycombSnapshot>
    private let late: LateImages
    private let downloader: ImageDownloader
    /// The category whose pictures were last put first.
    private var preferredCategory: String?

    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when it has a nodes URL.
    public init(refresher: HoneycombRefresher) {
        late = LateImages()
        downloader = refresher.downloader
        var refresh: (@Sendable () async -> HoneycombSnapshot)?
        if refresher.nodesURL != nil { refresh = { await refresher.refresh() } }
        data = DataFeed(current: { refresher.current() }, refresh: refresh)
    }

    /// What can be shown at once.
    public func initial() -> HoneycombSnapshot { data.initial() }

    /// The refresh as work to run, or `nil` when there is nowhere to refresh from.
    public var refreshWork: (@Sendable () async -> HoneycombSnapshot)? { data.refreshWork }

    /// The work of fetching `urls` again, round by round, handing each picture to its `landed` as it lands (image URL
    /// → checked file), until each has landed or is not worth asking for again, the rounds are over, or `stop()`.
    public func latePicturesWork(_ urls: [String]) -> @Sendable (_ landed: @escaping @Sendable ([String: String]) -> Void) async -> Void {
        let late = self.late, downloader = self.downloader, urls = urls.compactMap(URL.init(string:))
        return { landed in await late.fetch(urls, downloader: downloader, landed: { url, file in landed([url: file]) }) }
    }

    /// Puts `category`'s pictures first in the late pictures' next round (the category on screen).
    func prefer(_ category: HoneycombNode?) {
        guard let category, category.id != preferredCategory else { return }
        preferredCategory = category.id
        late.prefer(category.children.flatMap(\.imageURLs) + category.imageURLs)
    }

    /// The screen went away: no more late pictures are asked for.
    func stop() { late.stop() }
}
