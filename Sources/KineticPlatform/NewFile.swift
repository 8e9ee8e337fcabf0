import Foundation

/// Writes a file the person keeps (a saved attachment) into a folder of theirs without ever replacing one that is
/// there: the bytes go to a hidden temporary file (mode 0600, made with `O_EXCL`, synced), which is then linked under
/// the first free name (`menu.pdf`, `menu (2).pdf`, …) and removed. A link is made only where no file of that name is,
/// so a file another program wrote meanwhile is never replaced; a crash leaves at most the hidden temporary file.
public enum NewFile {
    /// The most numbered names tried before giving up.
    static let attempts = 999

    /// Writes `data` into `folder` (made, mode 0700, when missing) as `name` or the first free numbered name; returns
    /// where it went. The file is readable and writable by its owner only.
    /// - Throws: `AtomicFile.SaveError`, a sentence naming the folder and what was wrong.
    public static func write(_ data: Data, named name: SafeFileName, in folder: URL) throws -> URL {
        func failed(_ problem: FileProblem, _ why: String? = nil) -> AtomicFile.SaveError {
            AtomicFile.SaveError(description: "\(name.name) could not be saved in \(folder.path): \(why ?? problem.description)", problem: problem)
        }
        if let blocking = AtomicFile.notAFolder(on: folder) { throw failed(.notAFolder(blocking.path)) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failed(FileProblem.of(error) ?? .system(ErrorWords.sentence(error)), "the folder could not be made (\(ErrorWords.sentence(error)))")
        }
        removeStrays(in: folder)
        let temporary = folder.appendingPathComponent(Self.temporaryName(UUID()))
        defer { _ = unlink(temporary.path) }  // linked under its name, or failed: either way no longer wanted
        try AtomicFile.writeOwnerOnly(data, to: temporary, for: folder.appendingPathComponent(name.name))
        for number in 1...attempts {
            let target = folder.appendingPathComponent(name.numbered(number))
            if link(temporary.path, target.path) == 0 { return target }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EXDEV, EMLINK, ENOSYS:
                // A file system without hard links (FAT, some network shares): a rename, where nothing of the name
                // is (a moment's race with another program is the price there).
                var existing = stat()
                if lstat(target.path, &existing) == 0 { continue }  // a file, or a link even to nothing: taken
                guard rename(temporary.path, target.path) == 0 else { throw failed(.system(code: errno)) }
                return target
            default:
                throw failed(.system(code: errno))
            }
        }
        throw failed(.everyNameTaken(last: name.numbered(attempts)))
    }

    /// The hidden temporary file's name: `.kinetic-save-<UUID>.partial`.
    static func temporaryName(_ uuid: UUID) -> String { ".kinetic-save-\(uuid.uuidString).partial" }

    /// Removes the temporary files saves a crash stopped left in `folder`, once a minute old (a younger one may be a
    /// save under way): only names exactly of `temporaryName`'s form, never a file of the person's.
    static func removeStrays(in folder: URL) {
        AtomicFile.removeStrays(in: folder, prefix: ".kinetic-save-", olderThan: Date().addingTimeInterval(-AtomicFile.strayAge)) { stray in
            let name = stray.lastPathComponent
            let middle = name.dropFirst(".kinetic-save-".count).dropLast(".partial".count)
            guard name.hasSuffix(".partial"), let uuid = UUID(uuidString: String(middle)), temporaryName(uuid) == name else { return }
            _ = unlink(stray.path)
        }
    }
}
