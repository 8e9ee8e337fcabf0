import Foundation

/// Writes a file so that it is either wholly the old content or wholly the new: the bytes go to a temporary file
/// in the same folder, which is then renamed over the target (a rename within a folder is atomic). A crash
/// mid-write leaves only a stray temporary file, which readers never look at.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "rename over \(url.path) failed: \(reason)"])
            }
        } catch {
            // The write's own error is the one that matters and is thrown. A temporary that cannot be removed
            // either stays as a stray file that readers never look at, exactly as after a crash.
            if FileManager.default.fileExists(atPath: temporary.path) { _ = unlink(temporary.path) }
            throw error
        }
    }
}
