import Foundation
import KineticCore
import KineticPlatform

/// A value kept between launches as a JSON file, written atomically (`AtomicFile`). A file that cannot be read is
/// reported, and left as it is until the next save replaces it; the caller says what it does instead.
public struct SavedJSON<Value: Codable>: Sendable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    /// The value (`nil` when there is no file) and, for a file that cannot be read, why.
    public func load() -> (value: Value?, problem: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        do {
            return (try JSONDecoder().decode(Value.self, from: Data(contentsOf: url)), nil)
        } catch {
            return (nil, "\(url.path) could not be read (\(error))")
        }
    }

    public func save(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(try encoder.encode(value), to: url)
    }
}
