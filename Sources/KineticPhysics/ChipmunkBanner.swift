#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CChipmunk

/// Debian's Chipmunk is a debug build that prints a two-line banner on standard output the first time a space is
/// made. Output of `kinetic` is read by scripts, so the first space is made with standard output pointed at
/// /dev/null; Chipmunk prints the banner only once per process, so later spaces need nothing.
enum ChipmunkBanner {
    nonisolated(unsafe) private static var silenced = false

    static func makeSpace() -> OpaquePointer {
        guard !silenced else { return cpSpaceNew() }
        silenced = true
        fflush(stdout)
        let saved = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else { return cpSpaceNew() }
        dup2(null, STDOUT_FILENO)
        close(null)
        let space = cpSpaceNew()!
        fflush(stdout)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        return space
    }
}
