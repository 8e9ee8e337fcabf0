import Foundation

/// Brings a remote image into the image cache and checks it the way the renderer will read it, so that an app
/// only ever points a layer at a file that draws. Shared by every app that shows downloaded art.
public struct ImageDownloader: Sendable {
    /// Where downloaded images are kept, and looked for before any download.
    public let cache: ImageCache
    /// The network images are fetched through (`file:` URLs are read from disk instead).
    public var fetcher: HTTPFetching
    /// Checks each file the way the renderer will read it; a file that fails is removed from the cache.
    public let validator: ImageValidator
    /// Largest image accepted, in bytes.
    public var maxBytes = 4 * 1024 * 1024

    /// A downloader into `cache` that accepts images of up to `maxBytes` (4 MiB unless changed).
    public init(cache: ImageCache, fetcher: HTTPFetching, validator: @escaping ImageValidator) {
        self.cache = cache
        self.fetcher = fetcher
        self.validator = validator
    }

    /// The checked file for `url`: the cached one if it still passes the check, else a fresh download, checked before
    /// it takes the cached file's name (so a check never reads a file another download is replacing or removing).
    /// - Returns: the file, or a reason naming the URL and what was wrong.
    public func file(for url: URL) async -> Result<URL, ImageProblem> {
        if let file = cache.cachedFile(for: url), await cache.verdict(ofFile: file, validator: validator) == .fine { return .success(file) }
        do {
            let body: Data
            if url.isFileURL {
                body = try Data(contentsOf: url)
            } else {
                body = try await fetcher.get(url, headers: ["Accept": "image/svg+xml, image/png"], maxBytes: maxBytes).body
            }
            switch await cache.verdict(of: body, named: cache.fileURL(for: url).lastPathComponent, validator: validator) {
            case .fine:
                return .success(try cache.store(body, for: url))
            case .refused(let problem):
                cache.remove(url)
                return .failure(ImageProblem(description: "image \(url.absoluteString): \(problem)", isWorthRetrying: false))
            case .notChecked(let problem):
                return .failure(ImageProblem(description: "image \(url.absoluteString): \(problem)", isWorthRetrying: true))
            }
        } catch {
            return .failure(ImageProblem(description: "image \(url.absoluteString): \(error)", isWorthRetrying: (error as? FetchError)?.isTransient ?? false))
        }
    }
}

/// Why a downloaded image cannot be shown.
public struct ImageProblem: Error, CustomStringConvertible, Equatable {
    /// One line for the log or a banner: `image URL: reason`.
    public var description: String
    /// Whether asking again later may bring it (a timeout, a broken connection, a busy server, the refresh's deadline),
    /// as opposed to an answer that will not change (a 404, a file that is not an image).
    public var isWorthRetrying: Bool

    /// A problem said as `description`; `isWorthRetrying` when a later try may succeed.
    public init(description: String, isWorthRetrying: Bool = false) {
        self.description = description
        self.isWorthRetrying = isWorthRetrying
    }
}
