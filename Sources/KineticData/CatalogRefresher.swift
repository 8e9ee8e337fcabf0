import Foundation
import KineticPlatform

/// The costumes to show, where each came from, and what went wrong on the way.
public struct CatalogSnapshot: Sendable {
    /// Where a shown costume came from: built into the app, the catalogue saved by an earlier refresh, or this refresh.
    public enum Source: String, Sendable { case bundled, saved, remote }

    /// Bundled first, then remote; image fields are local file paths, ready to draw.
    public var costumes: [Costume]
    /// Where each costume in `costumes` came from, by costume id.
    public var sources: [String: Source]
    /// One line per problem; empty when all went well.
    public var problems: [String]
    /// Whether the refresh itself failed (the app says so, and what it shows instead).
    public var refreshFailed: Bool
    /// Why it failed, when it did: whether the server was reached, answered with an error, or sent what can't be read.
    public var failure: RefreshFailure?
    /// The costumes this refresh left out because their pictures could not be had (a 404, a broken image): the person
    /// is told how many, as for a failed refresh.
    public var leftOutForPictures: [String] = []
    /// The intro's order the server gives (`intro.json` beside the catalogue), this refresh's or the one saved; `nil`
    /// when it gives none, or none that can be used: the bundled intro then.
    public var intro: IntroOrder?
}

/// What the refresher needs to read a served intro: the app's own pages (a served page may name one) and the person's
/// languages, most wanted first.
public struct IntroRequest: Sendable {
    /// The ids of the bundled intro's pages.
    public var bundledIDs: Set<String>
    /// The person's languages (`["fr", "en"]`).
    public var languages: [String]
    /// A request for a served intro over the pages `bundledIDs`, in `languages`.
    public init(bundledIDs: Set<String>, languages: [String]) {
        self.bundledIDs = bundledIDs
        self.languages = languages
    }
}

/// The data layer of Disguise-O-Rama: bundled costumes, the saved remote set, and a refresh from the server.
///
/// Launch shows `current()` at once (bundled + saved, only costumes whose images are cached); `refresh()` then
/// asks the server, with the saved ETag, merges by id (bundled always stay; the latest remote set replaces the
/// previous one), and hands back a costume only once both its images are on disk and pass the validator. A
/// costume whose new images fail keeps its previous version when there is one. Nothing that fails ever
/// replaces the saved catalogue.
public final class CatalogRefresher: Sendable {
    /// The costumes built into the app: always shown, first, whatever the server sends.
    public let bundled: [Costume]
    /// The remote catalogue's address; `nil` when none is set, and then only bundled and saved costumes are shown.
    public let catalogURL: URL?
    /// Keeps the last good remote catalogue between launches.
    public let savedFile: SavedCatalogFile
    /// The on-disk cache the costumes' images are downloaded into and drawn from.
    public let images: ImageCache
    /// The network the catalogue and its images are fetched through (`NoNetwork` or a stub in tests).
    public let fetcher: HTTPFetching
    /// Checks every downloaded image; a costume is shown only once both of its images pass.
    public let validator: ImageValidator
    /// Largest catalogue accepted, in bytes.
    public let maxCatalogBytes: Int
    /// How long one refresh, catalogue and images together, may take (`ImageBatch.refreshDeadline`), in seconds.
    public let refreshDeadline: Double
    /// Largest image accepted, in bytes.
    public let maxImageBytes: Int
    /// Whether, and for which pages, the served intro is read; `nil`: it is not asked for.
    public let introRequest: IntroRequest?

    /// Limits default to a 1 MiB catalogue, 4 MiB per image and `ImageBatch.refreshDeadline` seconds per refresh; the
    /// served intro is read only with an `introRequest`.
    public init(bundled: [Costume], catalogURL: URL?, savedFile: SavedCatalogFile, images: ImageCache, fetcher: HTTPFetching,
                validator: @escaping ImageValidator, maxCatalogBytes: Int = 1 * 1024 * 1024,
                refreshDeadline: Double = ImageBatch.refreshDeadline, maxImageBytes: Int = 4 * 1024 * 1024, introRequest: IntroRequest? = nil) {
        self.bundled = bundled
        self.catalogURL = catalogURL
        self.savedFile = savedFile
        self.images = images
        self.fetcher = fetcher
        self.validator = validator
        self.maxCatalogBytes = maxCatalogBytes
        self.refreshDeadline = refreshDeadline
        self.maxImageBytes = maxImageBytes
        self.introRequest = introRequest
    }

    /// The usual layout: the saved catalogue in `dataDirectory`, images under `cacheDirectory/images`.
    public convenience init(bundled: [Costume], catalogURL: URL?, dataDirectory: URL, cacheDirectory: URL, fetcher: HTTPFetching,
                            validator: @escaping ImageValidator, introRequest: IntroRequest? = nil) {
        self.init(bundled: bundled, catalogURL: catalogURL, savedFile: SavedCatalogFile(folder: dataDirectory),
                  images: ImageCache(folder: cacheDirectory.appendingPathComponent("images", isDirectory: true)), fetcher: fetcher,
                  validator: validator, introRequest: introRequest)
    }

    /// Bundled and saved costumes, at once, without the network; the saved intro order, if any.
    public func current() -> CatalogSnapshot {
        let (saved, problem) = savedFile.load()
        var snapshot = merge(remote: saved?.costumes ?? [], source: .saved)
        if let problem { snapshot.problems.insert(problem, at: 0) }
        if introRequest != nil {
            let (intro, introProblem) = savedIntro.load()
            snapshot.intro = intro
            if let introProblem { snapshot.problems.append("saved intro \(introProblem); the bundled intro is shown") }
        }
        return snapshot
    }

    /// The last served intro order that could be used, kept as `intro.json` in the data folder.
    private var savedIntro: SavedFile<IntroOrder> { SavedFile(savedFile.folder.appendingPathComponent("intro.json")) }

    /// Asks for `intro.json` beside the catalogue: its order (saved for the next launch), or `nil` with a line saying
    /// why not. A server that has none (404) is not a problem: the bundled intro is the default. A served intro that
    /// cannot be used forgets the saved one, so the bundled sequence shows, as the server now says.
    private func refreshIntro(_ request: IntroRequest, catalogURL: URL) async -> (IntroOrder?, [String]) {
        let address = IntroDocument.address(besideCatalog: catalogURL)
        let fallback = "; the bundled intro is shown"
        let response: HTTPResult
        do {
            response = try await fetcher.get(address, headers: ["Accept": "application/json"], maxBytes: IntroDocument.maximumBytes)
        } catch FetchError.status(_, 404) {
            return (nil, forgetSavedIntro().map { [$0] } ?? [])  // nothing saved is the same as the server's nothing
        } catch {
            // Not reached, or not read whole: the order saved by an earlier refresh stands, if there is one.
            let saved = savedIntro.load().value
            return (saved, ["intro document \(address.absoluteString): \(error)\(saved == nil ? fallback : "; the order saved earlier is kept")"])
        }
        do {
            let (order, problems) = try IntroDocument.decode(response.body, name: address.absoluteString, bundledIDs: request.bundledIDs,
                                                             languages: request.languages)
            var lines = problems
            do { try savedIntro.save(order) } catch { lines.append("could not save the intro order: \(error)") }
            return (order, lines)
        } catch {
            // An unusable intro: the bundled one, now and next time.
            return (nil, ["intro document \(address.absoluteString): \(error)\(fallback)"] + (forgetSavedIntro().map { [$0] } ?? []))
        }
    }

    /// Removes the saved intro order, so the next launch shows the bundled intro; a line saying why it could not be
    /// removed (it would then still be shown next time), or `nil`. No saved order is nothing to remove.
    private func forgetSavedIntro() -> String? {
        guard FileManager.default.fileExists(atPath: savedIntro.url.path) else { return nil }
        do {
            try FileManager.default.removeItem(at: savedIntro.url)
            return nil
        } catch {
            return "could not remove the saved intro order \(savedIntro.url.path) (\(ErrorWords.sentence(error))); it may show next time"
        }
    }

    /// Asks the server once (the intro's order first, when asked for, then the catalogue and its images, all within
    /// one deadline) and returns the merged result.
    public func refresh() async -> CatalogSnapshot {
        let started = DispatchTime.now()
        guard let catalogURL else {
            var snapshot = current()
            snapshot.problems.append("no catalogue URL is set (use --catalog-url or KINETIC_CATALOG_URL)")
            return snapshot
        }
        var intro: IntroOrder?, introProblems: [String] = []
        if let introRequest { (intro, introProblems) = await refreshIntro(introRequest, catalogURL: catalogURL) }
        var snapshot = await refreshCatalogue(catalogURL, started: started)
        snapshot.intro = intro
        snapshot.problems += introProblems
        return snapshot
    }

    /// The catalogue and its images, the refresh's deadline counted from `started`.
    private func refreshCatalogue(_ catalogURL: URL, started: DispatchTime) async -> CatalogSnapshot {
        let (saved, loadProblem) = savedFile.load()
        var problems = loadProblem.map { [$0] } ?? []
        let previous = saved?.catalogURL == catalogURL.absoluteString ? saved : nil
        // A copy whose images are not all in the cache, or not all sound there, is asked for again in full, so they can
        // be fetched (a 304 would keep the broken ones).
        // The cached images are checked within half the refresh's deadline (remembered ones cost a hash), leaving the
        // rest for the download; not finished in time counts as not sound.
        var usable: (url: String, etag: String?)?
        if let previous, await ImageBatch.answer(within: refreshDeadline / 2, otherwise: false, { await self.haveSoundImages(previous.costumes) }) {
            usable = (url: previous.catalogURL, etag: previous.etag)
        }
        let decoded: RemoteCatalog.Decoded, newETag: String?
        switch await DocumentDownload.get(catalogURL, saved: usable, maxBytes: maxCatalogBytes, fetcher: fetcher, decode: {
            try RemoteCatalog.decode($0, catalogURL: catalogURL)
        }) {
        case .failed(let reason, let failure):
            return failed(saved, problems + [reason], failure)
        case .notModified:
            var snapshot = merge(remote: previous?.costumes ?? [], source: .saved)
            snapshot.problems = problems + snapshot.problems
            return snapshot
        case .decoded(let document, let tag):
            (decoded, newETag) = (document, tag)
        }
        problems += decoded.problems
        // Every costume the document brings is offered (the wheel shows them a page at a time; the document itself is
        // held to `RemoteCatalog.maximumCostumes`); a served one reusing a built-in id is said and left out.
        let bundledIDs = Set(bundled.map(\.id))
        let reused = decoded.costumes.filter { bundledIDs.contains($0.id) }
        if !reused.isEmpty {
            problems.append("\(reused.count) served costume\(reused.count == 1 ? "" : "s") left out: \(reused.prefix(5).map(\.id).joined(separator: ", "))"
                            + "\(reused.count > 5 ? " and \(reused.count - 5) more" : "") reuse\(reused.count == 1 ? "s" : "") a built-in costume's id")
        }
        var accepted: [Costume] = [], leftOut: [String] = []
        let shown = decoded.costumes.filter { !bundledIDs.contains($0.id) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let imageProblems = await downloadImages(of: shown, within: refreshDeadline - elapsed)
        for (costume, problem) in zip(shown, imageProblems) {
            if let problem {
                problems.append("costume \(costume.id) left out: \(problem)")
                leftOut.append(costume.id)
                if let old = previous?.costumes.first(where: { $0.id == costume.id }), hasCachedImages(old) { accepted.append(old) }
            } else {
                accepted.append(costume)
            }
        }
        let newCatalog = SavedCatalog(catalogURL: catalogURL.absoluteString, etag: newETag, costumes: accepted)
        do { try savedFile.save(newCatalog) } catch { problems.append("could not save the catalogue: \(error)") }
        var snapshot = merge(remote: accepted, source: .remote)
        snapshot.problems = problems + snapshot.problems
        snapshot.leftOutForPictures = leftOut
        return snapshot
    }

    private func failed(_ saved: SavedCatalog?, _ problems: [String], _ failure: RefreshFailure) -> CatalogSnapshot {
        var snapshot = merge(remote: saved?.costumes ?? [], source: .saved)
        snapshot.problems = problems + snapshot.problems
        snapshot.refreshFailed = true
        snapshot.failure = failure
        return snapshot
    }

    /// Fetches both images of each costume (unless cached) together, within `seconds`, and checks them; returns,
    /// for each costume in order, the reason it cannot be shown, or `nil`.
    private func downloadImages(of costumes: [Costume], within seconds: Double) async -> [String?] {
        var downloader = ImageDownloader(cache: images, fetcher: fetcher, validator: validator)
        downloader.maxBytes = maxImageBytes
        let fields = costumes.map { [("icon", URL(string: $0.icon)), ("worn", URL(string: $0.worn))] }
        let urls = fields.flatMap { $0.compactMap(\.1) }
        let results = await ImageBatch.files(for: urls, downloader: downloader, within: seconds)
        var next = 0
        return fields.map { pair in
            var problem: String?
            for (field, url) in pair {
                guard url != nil else { problem = problem ?? "\(field) URL is invalid"; continue }
                if case .failure(let reason) = results[next], problem == nil { problem = "\(field) \(reason)" }
                next += 1
            }
            return problem
        }
    }

    /// Whether both images of every costume are cached and pass the check; one that does not is dropped from the cache.
    private func haveSoundImages(_ costumes: [Costume]) async -> Bool {
        for address in costumes.flatMap({ [$0.icon, $0.worn] }) {
            guard let url = URL(string: address), await images.soundFile(for: url, validator: validator) != nil else { return false }
        }
        return true
    }

    private func hasCachedImages(_ costume: Costume) -> Bool {
        [costume.icon, costume.worn].allSatisfy { URL(string: $0).map { images.cachedFile(for: $0) != nil } ?? false }
    }

    /// Bundled costumes, then remote ones (with cached images) whose ids are not bundled.
    private func merge(remote: [Costume], source: CatalogSnapshot.Source) -> CatalogSnapshot {
        var costumes = bundled, sources: [String: CatalogSnapshot.Source] = [:]
        for costume in bundled { sources[costume.id] = .bundled }
        var problems: [String] = []
        for var costume in remote where sources[costume.id] == nil {
            // A saved copy is held to what one document may bring, as a download is.
            guard costumes.count < bundled.count + RemoteCatalog.maximumCostumes else { break }
            guard let icon = URL(string: costume.icon).flatMap(images.cachedFile), let worn = URL(string: costume.worn).flatMap(images.cachedFile) else {
                problems.append("costume \(costume.id): its images are not in the cache; it waits for the next refresh")
                continue
            }
            costume.icon = icon.path
            costume.worn = worn.path
            costumes.append(costume)
            sources[costume.id] = source
        }
        return CatalogSnapshot(costumes: costumes, sources: sources, problems: problems, refreshFailed: false)
    }
}
