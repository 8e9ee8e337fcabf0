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

    /// The most characters of one message that reach the log: a message quoting outside input (a URL, a title, a
    /// tuning value) is cut there, so a megabyte of it makes one readable line, not a megabyte of terminal.
    public static let messageLimit = 2_000

    /// `text` as a log line may show it: every control character (NUL, ESC, a newline, DEL, C1) written as
    /// `\u{HEX}`, so outside input can neither recolour nor clear the terminal nor forge a line of its own; then cut
    /// at `limit` characters with `…` and the count of the rest. The content server's request log and every message
    /// through `Log` use this one function.
    public static func printable(_ text: String, limit: Int = messageLimit) -> String {
        var shown = String.UnicodeScalarView(), count = 0
        var scalars = text.unicodeScalars.makeIterator()
        while count < limit, let scalar = scalars.next() {
            if scalar.properties.generalCategory == .control {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
            count += 1
        }
        var rest = 0
        while scalars.next() != nil { rest += 1 }
        return rest == 0 ? String(shown) : String(shown) + "… (\(rest) more characters)"
    }
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

    /// Writes the message as one line on standard error: the label, the message, then the metadata sorted by key,
    /// each made printable and capped (`Log.printable`), since any of them may quote outside input.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let extra = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\(Log.printable("\($0.value)"))" }.joined(separator: " ")
        FileHandle.standardError.write(Data("\(label): \(Log.printable("\(event.message)"))\(extra)\n".utf8))
    }
}
