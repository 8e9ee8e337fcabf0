import Foundation
import KineticCore

/// The remote costumes last received, kept between launches in `costumes.plist` in the data folder, with the
/// catalogue's URL and ETag for the next conditional request.
public struct SavedCatalog: Codable, Equatable, Sendable {
    public var catalogURL: String
    public var etag: String?
    /// Image fields hold the remote URLs; the image cache maps them to files.
    public var costumes: [Costume]

    public init(catalogURL: String, etag: String?, costumes: [Costume]) {
        self.catalogURL = catalogURL
        self.etag = etag
        self.costumes = costumes
    }
}

/// Reads and writes the saved catalogue. Writing is atomic; a file that cannot be read is reported and treated
/// as no saved catalogue, and is left in place until a good one replaces it.
public struct CatalogStore: Sendable {
    public let folder: URL
    public init(folder: URL) { self.folder = folder }

    public var fileURL: URL { folder.appendingPathComponent("costumes.plist") }

    private var file: SavedFile<SavedCatalog> { SavedFile(fileURL, format: .propertyList) }

    /// The saved catalogue (nil when there is none), and a problem if the file was unreadable.
    public func load() -> (catalog: SavedCatalog?, problem: String?) {
        let (catalog, problem) = file.load()
        return (catalog, problem.map { "saved catalogue \($0); it will be replaced by the next good download" })
    }

    public func save(_ catalog: SavedCatalog) throws {
        try file.save(catalog)
    }
}
