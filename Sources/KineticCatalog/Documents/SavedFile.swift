import Foundation
import KineticPlatform

/// A value kept between launches in one file, JSON or a property list, written atomically (`AtomicFile`). A file
/// that cannot be read is reported, and left as it is until the next save replaces it; the caller says what it
/// does instead. Every saved copy of the data layer (the costumes, the honeycomb's nodes, the messages, the
/// placements) is one of these.
public struct SavedFile<Value: Codable>: Sendable {
    /// How the value is written.
    public enum Format: Sendable { case json, propertyList }

    public let url: URL
    public let format: Format

    public init(_ url: URL, format: Format = .json) {
        self.url = url
        self.format = format
    }

    /// The value (`nil` when there is no file) and, for a file that cannot be read, why.
    public func load() -> (value: Value?, problem: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        do {
            let data = try Data(contentsOf: url)
            switch format {
            case .json: return (try JSONDecoder().decode(Value.self, from: data), nil)
            case .propertyList: return (try PropertyListDecoder().decode(Value.self, from: data), nil)
            }
        } catch {
            return (nil, "\(url.path) could not be read (\(error))")
        }
    }

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
