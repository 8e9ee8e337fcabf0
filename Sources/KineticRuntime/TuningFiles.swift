import Foundation
import KineticCore
import KineticPlatform

/// The tuning files a designer edits while the app runs, and the watch over them.
///
/// `--tune DIR` keeps one file per app, `DIR/<app>.json`; `--tune FILE.json` is one file, for the app it names
/// (its `app` key). A file that does not exist yet is written with the app's current values, so there is always
/// something to edit. Each time a file's modification time changes it is read again: every good value applies from
/// the next frame on, and every bad one is refused with a message naming it, the last good value staying.
public final class TuningFiles {
    /// The path given to `--tune`: a folder of `<app>.json` files, or one file ending in `.json`.
    public let location: URL
    private let log: (String) -> Void
    /// The modification time of each file when it was last read (or written).
    private var seen: [String: Date] = [:]

    /// Watches `location`; `log` hears of every file written, every refused value, and every file that cannot be read
    /// or written.
    public init(location: URL, log: @escaping (String) -> Void = { Log.line("tuning: \($0)") }) {
        self.location = location
        self.log = log
    }

    /// Whether `location` names one file rather than a folder of them.
    public var isSingleFile: Bool { location.pathExtension.lowercased() == "json" }

    /// The file for `app`'s tuning.
    public func file(for app: String) -> URL { isSingleFile ? location : location.appendingPathComponent("\(app).json") }

    /// Writes the screen's values if its file is missing; applies the file if it changed since last looked at.
    /// - Returns: whether new values were applied.
    @discardableResult
    public func poll(_ screen: Screen) -> Bool {
        guard let tuning = screen.tuning else { return false }
        let url = file(for: tuning.app)
        let modified: Date
        do {
            modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? .distantPast
        } catch {
            // No file yet: the current values become it. In single-file mode only the first app to poll writes it.
            guard seen[url.path] == nil else { return false }
            if !write(tuning, saying: "wrote \(url.path) with \(tuning.app)'s \(tuning.tunables.count) values; edit and save it to change the motion") {
                seen[url.path] = .distantPast  // tried once; not again every quarter second
            }
            return false
        }
        guard seen[url.path] != modified else { return false }
        seen[url.path] = modified
        return apply(url, to: screen, tuning: tuning)
    }

    /// Writes `tuning` to its file (the panel's Save), remembering it as read so it is not applied back.
    public func save(_ tuning: Tuning) {
        write(tuning, saying: "saved \(file(for: tuning.app).path)")
    }

    /// Writes `tuning` to its file atomically and remembers the new modification time; logs `message`, or the failure.
    @discardableResult
    private func write(_ tuning: Tuning, saying message: String) -> Bool {
        let url = file(for: tuning.app)
        do {
            try AtomicFile.write(tuning.json(), to: url)
            seen[url.path] = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? .distantPast
            log(message)
            return true
        } catch {
            log("could not write \(url.path): \(error)")
            return false
        }
    }

    /// Reads `url` and gives the screen every good value in it; says what was refused.
    @discardableResult
    public func apply(_ url: URL, to screen: Screen, tuning current: Tuning? = nil) -> Bool {
        guard var tuning = current ?? screen.tuning else { return false }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            log("could not read \(url.path): \(error.localizedDescription)")
            return false
        }
        let before = tuning
        let problems = tuning.apply(json: data)
        for problem in problems { log("\(url.lastPathComponent): \(problem)") }
        guard tuning != before else { return false }
        screen.applyTuning(tuning)
        return true
    }
}
