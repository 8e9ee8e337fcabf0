import Foundation

/// The desktop's own "reduce motion" switch, read once when a window opens: GNOME's
/// `org.gnome.desktop.interface enable-animations` (what GTK apps follow), through `gsettings`.
public enum DesktopMotion {
    /// Whether the desktop asks for reduced motion: `true` when its animations are off, `false` when on, `nil` when
    /// there is no such setting to read (no `gsettings`, no GNOME schema, no answer within `deadline` seconds).
    public static func asksForReducedMotion(deadline: Double = 2) -> Bool? {
        let path = ["/usr/bin/gsettings", "/bin/gsettings"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch {
            Log.line("desktop motion: could not run gsettings: \(error)")
            return nil
        }
        // The wait sleeps in the kernel; a gsettings that hangs is stopped and the setting counted as absent.
        guard finished.wait(timeout: .now() + deadline) == .success else {
            process.terminate()
            Log.line("desktop motion: gsettings gave no answer within \(deadline) s; motion stays as asked on the command line")
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return parse(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// `gsettings get`'s answer for `enable-animations`: "false" asks for reduced motion, "true" does not; anything
    /// else is no answer.
    public static func parse(_ answer: String) -> Bool? {
        switch answer.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "false": return true
        case "true": return false
        default: return nil
        }
    }
}
