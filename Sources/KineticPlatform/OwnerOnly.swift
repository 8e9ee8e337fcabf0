import Foundation

/// What holds the person's mail, drafts, outbox and accounts is theirs alone: folders 0700, files 0600. New files are
/// written so (`AtomicFile.write(_:to:ownerOnly:)`); what an earlier version wrote open is tightened at launch.
public enum OwnerOnly {
    /// Takes group's and others' access off `folder`, and off the files and folders in it down to `depth` levels;
    /// symbolic links are never followed nor changed. A folder that does not exist is left so; a file or folder whose
    /// mode can't be changed, or a folder that can't be listed, is named in the log, and the rest is still tightened.
    public static func tighten(_ folder: URL, depth: Int = 2) {
        var pending: [(path: String, depth: Int)] = [(folder.path, 0)]
        while let (path, level) = pending.popLast() {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFDIR || kind == S_IFREG else { continue }  // links, sockets, FIFOs: left alone
            let mode = status.st_mode & 0o7777
            if mode & 0o077 != 0, chmod(path, mode & ~0o077) != 0 {
                Log.line("\(Log.printable(path)) stays open to others: its mode could not be changed (\(ErrorWords.systemError(errno)))")
            }
            guard kind == S_IFDIR, level < depth else { continue }
            do {
                for name in try FileManager.default.contentsOfDirectory(atPath: path) { pending.append((path + "/" + name, level + 1)) }
            } catch {
                Log.line("\(Log.printable(path)): what it holds could not be listed, so it was not tightened (\(ErrorWords.sentence(error, namingPath: false)))")
            }
        }
    }
}
