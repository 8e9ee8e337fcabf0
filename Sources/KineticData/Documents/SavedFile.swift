import Foundation
import KineticPlatform

/// A value kept between launches in one file, JSON or a property list, written atomically (`AtomicFile`). A file
/// that cannot be read is reported and moved aside (`NAME.unreadable-N`), so the next save never overwrites it; the
/// caller says what it does instead. Every saved file (the costumes, the honeycomb's nodes, the messages, the
/// placements, Disguise-O-Rama's progress) is one of these.
public struct SavedFile<Value>: Sendable {
    /// How the value is written.
    public enum Format: Sendable { case json, propertyList }

    /// The file the value is kept in.
    public let url: URL
    /// How the file is written and read.
    public let format: Format

    /// The file at `url`; nothing is read or written until `load()` or `save(_:)`.
    public init(_ url: URL, format: Format = .json) {
        self.url = url
        self.format = format
    }

    /// Keeps the file beside itself under another name (a copy with `copying`, the file itself otherwise), and says
    /// where: before a save replaces a file that was read only in part, or not at all.
    public func keepAside(copying: Bool = false) -> String {
        do {
            return "kept as \(try AtomicFile.keepAside(url, copying: copying).lastPathComponent)"
        } catch {
            return "it could not be kept aside (\(ErrorWords.sentence(error))), so the next save replaces it"
        }
    }
}

/// The largest saved file that is read, in bytes (16 MB): every saved file is far smaller (the documents it keeps are
/// downloaded at most 1 MB each; ten thousand filings make about 1 MB), so a larger one was not written by Kinetic,
/// and reading it whole would cost its size in memory, and more again to decode.
public let savedFileLimit = 16 << 20

extension SavedFile where Value: Decodable {
    /// The value (`nil` when there is no file) and, for a file that cannot be read, why and where it was kept.
    public func load() -> (value: Value?, problem: String?) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return (nil, nil) }
        if isFolder.boolValue { return (nil, "\(url.path) is a folder where a file belongs; \(keepAside())") }
        // Looked at before reading: a file past the cap is not read into memory at all, but kept, whole, aside. A file
        // whose size cannot be had (nil: 0) is read next, and that read's own error is what is reported.
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
        if size > Int64(savedFileLimit) {
            return (nil, "\(url.path) is \(size) bytes, more than the \(savedFileLimit) bytes (16 MB) a saved file may be, so it was not read; \(keepAside())")
        }
        do {
            let data = try Data(contentsOf: url)
            switch format {
            case .json: return (try JSONDecoder().decode(Value.self, from: data), nil)
            case .propertyList: return (try PropertyListDecoder().decode(Value.self, from: data), nil)
            }
        } catch {
            return (nil, "\(url.path) could not be read (\(Self.reason(error))); \(keepAside())")
        }
    }

    /// A decoding error in a person's words: what was wrong and where (the parser's and the file system's own
    /// errors through `ErrorWords`).
    private static func reason(_ error: Error) -> String {
        guard let decoding = error as? DecodingError, decoding.underlying == nil else { return ErrorWords.sentence(error) }
        return FieldDescription.reason(for: decoding, below: [])
    }
}

extension SavedFile where Value: Encodable {
    /// Writes `value` atomically (JSON with sorted keys, or an XML property list), making the folder when missing, so a
    /// failed write leaves the old file whole; throws when the value cannot be encoded or the file written.
    public func save(_ value: Value) throws {
        let data: Data
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            data = try encoder.encode(value)
        case .propertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            data = try encoder.encode(value)
        }
        // What the person did, wrote and sent is theirs alone (0600).
        try AtomicFile.write(data, to: url, ownerOnly: true)
    }
}
