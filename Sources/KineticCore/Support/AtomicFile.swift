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
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
