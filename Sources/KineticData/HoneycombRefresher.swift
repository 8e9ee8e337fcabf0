import Foundation
import KineticCore

/// The honeycomb's data, ready to show: the categories, the local file of every image that is on disk and
/// checked, where the categories came from, and what went wrong on the way.
public struct HoneycombSnapshot: Sendable, Equatable {
    /// Where the categories came from: the document shipped with the app, the saved download, or this refresh.
    public enum Source: String, Sendable { case bundled, saved, remote }

    /// The categories to show, each with its cells.
    public var categories: [HoneycombNode]
    /// Image URL → checked local file. A cell whose image is not here shows a placeholder.
    public var imageFiles: [String: String]
    /// Where `categories` came from.
    public var source: Source
    /// One line per problem; empty when all went well.
    public var problems: [String]
    /// Whether the refresh itself failed (the app says so in a banner and keeps what it shows).
    public var refreshFailed: Bool
    /// Image URLs this refresh did not get but may yet (the deadline passed, a timeout, a busy server): fetched again
    /// in the background after it (`LateImages`).
    public var lateImages: [String] = []
}

/// The nodes last downloaded, kept between launches (`honeycomb-nodes.json` in the data folder) with the URL and
/// ETag they came from.
public struct SavedHoneycomb: Codable, Equatable, Sendable {
    /// The address the nodes were downloaded from: the ETag is sent back only to that same address.
    public var nodesURL: String
    /// The server's ETag for that download, sent as `If-None-Match` on the next refresh; `nil` when it sent none.
    public var etag: String?
    /// The categories as decoded, their image URLs resolved to absolute ones.
    public var categories: [HoneycombNode]
}

/// The honeycomb's data layer: the bundled document at once, the saved download instead when there is one,
/// then a refresh from the content server whose images are downloaded into the shared image cache (hashed
/// names, size cap, checked before use) and shown from there, as the seed asks: stored locally, loaded locally.
public final class HoneycombRefresher: Sendable {
    /// The document shipped with the app (its relative image URLs resolve against `nodesURL`).
    public let bundledData: Data?
    /// The served `nodes.json`; `nil` when there is no content server (then `refresh()` only returns `current()`).
    public let nodesURL: URL?
    /// The data folder that holds the saved download, `honeycomb-nodes.json`.
    public let dataFolder: URL
    /// Downloads and checks the cells' images into the shared image cache; its fetcher also fetches the document.
    public let downloader: ImageDownloader
    /// How long one refresh, document and images together, may take (`ImageBatch.refreshDeadline`), in seconds.
    public let refreshDeadline: Double
    /// Largest document accepted, in bytes.
    public let maxDocumentBytes: Int

    /// Limits default to a 1 MiB document and `ImageBatch.refreshDeadline` seconds per refresh.
    public init(bundledData: Data?, nodesURL: URL?, dataFolder: URL, downloader: ImageDownloader,
                refreshDeadline: Double = ImageBatch.refreshDeadline, maxDocumentBytes: Int = 1 * 1024 * 1024) {
        self.bundledData = bundledData
        self.nodesURL = nodesURL
        self.dataFolder = dataFolder
        self.downloader = downloader
        self.refreshDeadline = refreshDeadline
        self.maxDocumentBytes = maxDocumentBytes
    }

    /// The saved download: the last document the server sent, once all its images were checked.
    public var savedFile: URL { dataFolder.appendingPathComponent("honeycomb-nodes.json") }

    /// The saved download if there is one, else the bundled document; with the images already in the cache.
    public func current() -> HoneycombSnapshot {
        var problems: [String] = []
        let (saved, problem) = loadSaved()
        if let problem { problems.append(problem) }
        if let saved {
            return HoneycombSnapshot(categories: saved.categories, imageFiles: cachedFiles(saved.categories), source: .saved,
                                     problems: problems, refreshFailed: false)
        }
        guard let bundledData else {
            return HoneycombSnapshot(categories: [], imageFiles: [:], source: .bundled, problems: problems + ["no bundled nodes.json"], refreshFailed: false)
        }
        do {
            let decoded = try HoneycombDocument.decode(bundledData, base: nodesURL, name: "bundled nodes.json")
            return HoneycombSnapshot(categories: decoded.categories, imageFiles: cachedFiles(decoded.categories), source: .bundled,
                                     problems: problems + decoded.problems, refreshFailed: false)
        } catch {
            return HoneycombSnapshot(categories: [], imageFiles: [:], source: .bundled, problems: problems + ["\(error)"], refreshFailed: false)
        }
    }

    /// Asks the server once (with the saved ETag), downloads and checks every image a new document names, and only
    /// then saves the document, so a copy on disk never refers to an image that was not checked. Whatever fails, the
    /// result keeps what `current()` had.
    public func refresh() async -> HoneycombSnapshot {
        let started = DispatchTime.now()
        var snapshot = current()
        guard let nodesURL else { return snapshot }
        let saved = loadSaved().catalog.map { (url: $0.nodesURL, etag: $0.etag) }
        var newCopy: SavedHoneycomb?
        let download = await DocumentDownload.get(nodesURL, saved: saved, maxBytes: maxDocumentBytes, fetcher: downloader.fetcher) {
            try HoneycombDocument.decode($0, base: nodesURL, name: nodesURL.absoluteString)
        }
        if let (decoded, etag) = download.newDocument(problems: &snapshot.problems, failed: &snapshot.refreshFailed) {
            snapshot.categories = decoded.categories
            snapshot.source = .remote
            snapshot.problems += decoded.problems
            newCopy = SavedHoneycomb(nodesURL: nodesURL.absoluteString, etag: etag, categories: decoded.categories)
        }
        snapshot.imageFiles = [:]
        var seen = Set<String>()
        let images = snapshot.categories.flatMap(\.imageURLs).filter { seen.insert($0).inserted }
            .compactMap { text in URL(string: text).map { (text: text, url: $0) } }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let results = await ImageBatch.files(for: images.map(\.url), downloader: downloader, within: refreshDeadline - elapsed)
        for (image, result) in zip(images, results) {
            switch result {
            case .success(let file): snapshot.imageFiles[image.text] = file.path
            case .failure(let problem):
                snapshot.problems.append("\(problem); the cells using it show a placeholder\(problem.isWorthRetrying ? " until it comes" : "")")
                if problem.isWorthRetrying { snapshot.lateImages.append(image.text) }
            }
        }
        if let newCopy {
            do { try savedCopy.save(newCopy) } catch {
                snapshot.problems.append("could not save the honeycomb's nodes to \(savedFile.path): \(error)")
            }
        }
        return snapshot
    }

    private var savedCopy: SavedFile<SavedHoneycomb> { SavedFile(savedFile) }

    private func loadSaved() -> (catalog: SavedHoneycomb?, problem: String?) {
        let (catalog, problem) = savedCopy.load()
        return (catalog, problem.map { "saved honeycomb: \($0); showing the bundled nodes until the next good download" })
    }

    /// Image URL → file, for the images already in the cache (checked when they were stored).
    private func cachedFiles(_ categories: [HoneycombNode]) -> [String: String] {
        var files: [String: String] = [:]
        for text in categories.flatMap(\.imageURLs) {
            if let url = URL(string: text), let file = downloader.cache.cachedFile(for: url) { files[text] = file.path }
        }
        return files
    }
}
