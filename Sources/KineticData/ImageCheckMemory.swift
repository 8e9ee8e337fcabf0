import Foundation
import KineticPlatform
import Synchronization

/// The verdicts of earlier image checks, by the SHA-256 of the bytes checked, kept in the image cache's folder: an
/// image refused once (too slow to draw, corrupt) is not drawn again by the next refresh, nor by the next launch,
/// and an accepted one is not drawn again each time it is looked at in the cache. Drawing a hostile image costs a
/// second of a core (`ImageCheckProcess`); remembering costs a hash.
///
/// The file is text, one entry a line (`HASH fine`, `HASH refused REASON`), oldest first, read entry by entry: a
/// line that is not an entry is skipped, never the whole file. It holds at most `maximumEntries` (the oldest go),
/// each reason cut at `reasonLimit` characters, and is read up to `fileLimit` bytes; it is replaced atomically.
public final class ImageCheckMemory: Sendable {
    /// The most verdicts kept: more images than a catalogue (100 costumes, two images each) and a honeycomb (35
    /// cells a category) hold together, several times over.
    public static let maximumEntries = 2_000
    /// The most characters of a refusal's reason kept (escaped, so a reason is one line).
    public static let reasonLimit = 300
    /// The most bytes read from the file: `maximumEntries` lines of the longest kind, with room to spare.
    public static let fileLimit = 2 * 1024 * 1024

    /// The file the verdicts are kept in.
    public let file: URL
    /// Told when the file cannot be written (the verdicts then last only this process).
    private let report: @Sendable (String) -> Void
    /// The most entries this memory keeps (`maximumEntries` unless a test asks for fewer).
    private let capacity: Int
    /// One reader or writer at a time in this process, so one process's saves never undo each other.
    private let lock = Mutex(())

    /// A memory kept in `file` of at most `maximumEntries` verdicts, telling `report` when it cannot be saved.
    public init(file: URL, report: @escaping @Sendable (String) -> Void, maximumEntries: Int = ImageCheckMemory.maximumEntries) {
        self.file = file
        self.report = report
        capacity = max(maximumEntries, 1)
    }

    /// The verdict remembered for bytes whose SHA-256 is `hash`, if any.
    public func verdict(for hash: String) -> ImageVerdict? {
        lock.withLock { _ in entries().last { $0.hash == hash }?.verdict }
    }

    /// Remembers `verdict` for the bytes whose SHA-256 is `hash`, if it is about the bytes; the oldest entries go
    /// past `maximumEntries`.
    public func remember(_ verdict: ImageVerdict, for hash: String) {
        guard verdict.isAboutTheBytes, Entry.isHash(hash) else { return }
        lock.withLock { _ in
            var kept = entries().filter { $0.hash != hash }
            kept.append(Entry(hash: hash, verdict: verdict))
            let text = kept.suffix(capacity).map(\.line).joined()
            do {
                try AtomicFile.write(Data(text.utf8), to: file)
            } catch {
                report("the image checks could not be remembered (\(error)); images will be checked again")
            }
        }
    }

    /// Every readable entry of the file, oldest first; none when there is no file yet.
    private func entries() -> [Entry] {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return [] }  // none yet, or unreadable: nothing remembered
        defer { try? handle.close() }  // a read-only descriptor: closing cannot lose anything
        let bytes: Data
        do {
            bytes = try handle.read(upToCount: Self.fileLimit) ?? Data()
        } catch {
            return []  // unreadable now: every image is checked, as on a first launch
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap(Entry.init(line:))
    }

    /// One remembered verdict.
    private struct Entry {
        var hash: String
        var verdict: ImageVerdict

        init(hash: String, verdict: ImageVerdict) {
            self.hash = hash
            self.verdict = verdict
        }

        /// Reads `HASH fine` or `HASH refused REASON`; nil for anything else.
        init?(line: Substring) {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, Self.isHash(parts[0]) else { return nil }
            switch (parts[1], parts.count) {
            case ("fine", 2): verdict = .fine
            case ("refused", 3) where !parts[2].isEmpty: verdict = .refused(String(parts[2]))
            default: return nil
            }
            hash = String(parts[0])
        }

        /// The entry as a line of the file, its reason escaped onto one line and cut.
        var line: String {
            switch verdict {
            case .fine: return "\(hash) fine\n"
            case .refused(let reason): return "\(hash) refused \(Log.printable(reason, limit: ImageCheckMemory.reasonLimit))\n"
            case .notChecked: return ""  // never stored: `remember` keeps only verdicts about the bytes
            }
        }

        /// 64 lowercase hex digits, as `ContentHash.hex` writes.
        static func isHash(_ text: some StringProtocol) -> Bool {
            text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }
}
