import ArgumentParser
import Foundation
import KineticData
import KineticRender

/// `kinetic check-image FILE`, hidden: the child process `ImageCheckProcess` starts to check one image from outside.
/// It is the program itself rather than a helper of its own because the program already holds the renderer the
/// image must pass (Cairo, librsvg, `ImageFileCheck`), is always there wherever it was installed (found by the
/// system's record of the running executable), and so adds nothing to build, install or find.
///
/// It limits its own CPU before reading the file (`RLIMIT_CPU`, `ImageCheckProcess.cpuSeconds`; the hard limit a
/// second above it, where the kernel kills), arms a CPU timer of `ImageFileCheck.drawingBudget` just before the
/// draw (SIGPROF ends it when the draw uses more), and prints one line: `fine` or `refused: REASON`.
struct CheckImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ImageCheckProcess.subcommand,
        abstract: "Check one image file as the apps do before showing it, under a CPU limit (used by the apps themselves).",
        shouldDisplay: false)

    @Argument(help: "The image file (SVG or PNG).", completion: .file(extensions: ["svg", "png"]))
    var file: String

    func run() {
        CPULimit.limitThisProcess(toSeconds: ImageCheckProcess.cpuSeconds)
        let problem = ImageFileCheck.problem(at: URL(fileURLWithPath: file)) {
            CPULimit.endThisProcess(afterCPUSeconds: ImageFileCheck.drawingBudget)
        }
        print(ImageCheckProcess.answer(forProblem: problem))
    }
}

/// The two CPU limits a checking process sets on itself. Neither can be lifted by what it then runs: librsvg installs
/// no handler for SIGXCPU or SIGPROF, whose default is to end the process, and the hard limit is the kernel's SIGKILL.
enum CPULimit {
    /// The process is ended (SIGXCPU) once it has used `seconds` of CPU in all, and killed a second later at the
    /// latest.
    static func limitThisProcess(toSeconds seconds: Int) {
        var limit = rlimit(rlim_cur: rlim_t(seconds), rlim_max: rlim_t(seconds + 1))
        #if os(Linux)
        let status = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        #else
        let status = setrlimit(RLIMIT_CPU, &limit)
        #endif
        if status != 0 { failed("its CPU limit could not be set") }
    }

    /// The process is ended (SIGPROF) once it has used `seconds` more of CPU, from now.
    static func endThisProcess(afterCPUSeconds seconds: Double) {
        let microseconds = Int((seconds * 1e6).rounded())  // a constant of the program's, a fraction of a second
        var timer = itimerval(it_interval: timeval(tv_sec: 0, tv_usec: 0),
                              it_value: timeval(tv_sec: .init(microseconds / 1_000_000), tv_usec: .init(microseconds % 1_000_000)))
        #if os(Linux)
        let status = setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
        #else
        let status = setitimer(ITIMER_PROF, &timer, nil)
        #endif
        if status != 0 { failed("its drawing timer could not be set") }
    }

    /// A limit that cannot be set means no drawing without it: the process stops, and the parent takes the exit
    /// status as a check that could not be made.
    private static func failed(_ what: String) -> Never {
        FileHandle.standardError.write(Data("kinetic check-image: \(what) (\(String(cString: strerror(errno))))\n".utf8))
        exit(70)
    }
}
