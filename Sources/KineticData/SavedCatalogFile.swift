import Foundation
import KineticCore

/// The remote costumes last received, kept between launches in `costumes.plist` in the data folder, with the
/// catalogue's URL and ETag for the next conditional request.
public struct SavedCatalog: Codable, Equatable, Sendable {
    /// The address the costumes were downloaded from: the ETag is sent back only to that same address.
    public var catalogURL: String
    /// The server's ETag for that download, sent as `If-None-Match` on the next refresh; `nil` when it sent none.
    public var etag: String?
    /// Image fields hold the remote URLs; the image cache maps them to files.
    public var costumes: [Costume]

    /// Pairs the costumes accepted from a download with the address and ETag they came with.
    public init(catalogURL: String, etag: String?, costumes: [Costume]) {
        self.catalogURL = catalogURL
        self.etag = etag
        self.costumes = costumes
    }
}

/// Reads and writes the saved catalogue. Writing is atomic; a file that cannot be read is reported and treated
/// as no saved catalogue, and is left in place until a good one replaces it.
public struct SavedCatalogFile: Sendable {
    /// The data folder that holds `costumes.plist`.
    public let folder: URL
    /// A store for the catalogue in `folder`; nothing is read or written until `load()` or `save(_:)`.
    public init(folder: URL) { self.folder = folder }

    /// The saved catalogue's file, an XML property list.
    public var fileURL: URL { folder.appendingPathComponent("costumes.plist") }

    private var file: SavedFile<SavedCatalog> { SavedFile(fileURL, format: .propertyList) }

    /// The saved catalogue (nil when there is none), and a problem if the file was unreadable.
    public func load() -> (catalog: SavedCatalog?, problem: String?) {
        let (catalog, problem) = file.load()
        return (catalog, problem.map { "saved catalogue \($0); it will be replaced by the next good download" })
    }

    /// Replaces the saved catalogue atomically, so a failed write leaves the previous one whole; throws when it fails.
    public func save(_ catalog: SavedCatalog) throws {
        try file.save(catalog)
    }
}
