import Foundation

/// A write error on standard output is an error: `kinetic apps > /dev/full` says what went wrong and exits 74
/// (`EX_IOERR`, sysexits.h), rather than 0 with nothing written. What the commands print is buffered and written when the
/// program ends, so the check runs then, from `atexit`, before the C library closes the streams: `fflush(NULL)` writes
/// every stream and says whether a write failed. (Swift 6 keeps C's `stdout` variable out of reach, hence all streams.)
enum OutputCheck {
    /// Installs the check, once (the root command's configuration asks for it, so every subcommand has it).
    static let installed: Void = {
        atexit {
            errno = 0
            guard fflush(nil) != 0 else { return }
            let reason = errno == 0 ? "an input/output error" : String(cString: strerror(errno))
            FileHandle.standardError.write(Data("kinetic: the output could not be written: \(reason)\n".utf8))
            _exit(74)
        }
    }()
}
