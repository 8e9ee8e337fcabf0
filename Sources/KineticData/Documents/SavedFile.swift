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
            return "it could not be kept aside (\(error)), so the next save replaces it"
        }
    }
}

extension SavedFile where Value: Decodable {
    /// The value (`nil` when there is no file) and, for a file that cannot be read, why and where it was kept.
    public func load() -> (value: Value?, problem: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
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

    /// A decoding error in a person's words: what was wrong and where.
    private static func reason(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        return FieldDescription.reason(for: error, below: [])
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
        try AtomicFile.write(data, to: url)
    }
}
