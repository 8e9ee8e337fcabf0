#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CChipmunk
import Synchronization

/// Debian's Chipmunk is a debug build that prints a two-line banner on standard output (with `printf`) the first
/// time a space is made. Output of `kinetic` is read by scripts, so the first space is made with standard output
/// pointed at /dev/null; Chipmunk prints the banner only once per process, so later spaces need nothing.
///
/// Pointing file descriptor 1 elsewhere would swallow whatever another thread writes meanwhile, so it is done while
/// holding stdio's lock on `stdout`: every other thread's `print` waits for it (and writes to the real output after),
/// while this thread's own `printf`, inside Chipmunk, goes through, the lock being recursive for its owner.
enum ChipmunkBanner {
    /// Whether the first space has been made (by whichever thread came first).
    private static let silenced = Mutex(false)

    static func makeSpace() -> OpaquePointer {
        // The first space is made while holding the lock, so a second thread waits until the banner is out of the way
        // rather than racing Chipmunk's own (unsynchronised) once-only flag.
        let first: OpaquePointer? = silenced.withLock { made in
            guard !made else { return nil }
            made = true
            return makeSpaceSilently()
        }
        return first ?? cpSpaceNew()
    }

    /// Makes a space with anything it prints on standard output discarded, blocking other threads' stdio output
    /// meanwhile rather than discarding it too.
    static func makeSpaceSilently() -> OpaquePointer {
        let output = kinetic_standard_output()
        flockfile(output)
        defer { funlockfile(output) }
        fflush(output)
        let saved = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return cpSpaceNew()
        }
        dup2(null, STDOUT_FILENO)
        close(null)
        // Chipmunk's constructors initialise the memory they allocate before returning it, so they never return NULL.
        let space = cpSpaceNew()!
        fflush(output)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        return space
    }
}
