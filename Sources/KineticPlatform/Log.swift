import Foundation
import Logging

/// The program's log, one swift-log `Logger` for every module (the content server's Hummingbird logs through
/// swift-log too): one line on standard error per message, after `kinetic: `. The apps say there what went wrong
/// and keep running; a window's and a scenario's problems are read there.
///
/// The logger is made with its own handler rather than by bootstrapping swift-log's global system, which a process
/// may do only once and which belongs to the edge: a library must not take it.
public enum Log {
    /// The logger behind `line(_:)`, for code that wants levels or metadata.
    public static let logger = Logger(label: "kinetic") { label in StandardErrorLines(label: label) }

    /// Writes `text` as one message.
    public static func line(_ text: String) { logger.notice("\(text)") }
}

/// A swift-log handler that writes each message as `kinetic: MESSAGE` on standard error, whatever its level (the
/// default level, notice, keeps debug and info out), with its metadata after it as `key=value`.
public struct StandardErrorLines: LogHandler {
    /// Metadata written after every message, as `key=value`; a message's own metadata wins on a clash.
    public var metadata: Logger.Metadata = [:]
    /// The least severe level written; swift-log drops messages below it before they reach the handler.
    public var logLevel: Logger.Level = .notice
    private let label: String

    /// A handler whose lines start with `label` followed by a colon.
    public init(label: String) { self.label = label }

    /// One entry of the handler's metadata, by key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the message as one line on standard error: the label, the message, then the metadata sorted by key.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let extra = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        FileHandle.standardError.write(Data("\(label): \(event.message)\(extra)\n".utf8))
    }
}
