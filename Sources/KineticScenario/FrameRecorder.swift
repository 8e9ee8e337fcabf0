import Foundation
import KineticRender

/// Streams rendered frames into ffmpeg, which writes a GIF (with a palette made for the clip) or an MP4.
public final class FrameRecorder {
    /// The kind of file to write: a GIF for `kinetic play --gif`, an MP4 for `--mp4`.
    public enum Format { case gif, mp4 }

    private let process = Process()
    private let input = Pipe()
    private let output: URL
    private var frameCount = 0
    private let width: Int
    private let height: Int

    /// Starts ffmpeg. GIFs are scaled to at most 640 pixels wide to stay small.
    public init(output: URL, format: Format, width: Int, height: Int, fps: Double) throws {
        self.output = output
        self.width = width
        self.height = height
        // ffmpeg would only fail once frames are flowing (and the run would see a broken pipe): the folder is made (as
        // `--out` makes its own) and checked first.
        let folder = output.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw ScenarioError.recorder("cannot write \(output.path): the folder \(folder.path) cannot be made (\(error.localizedDescription))")
            }
        } else if !isFolder.boolValue {
            throw ScenarioError.recorder("cannot write \(output.path): \(folder.path) is a file, not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw ScenarioError.recorder("cannot write \(output.path): the folder \(folder.path) is not writable")
        }
        var arguments = ["ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
                         "-s", "\(width)x\(height)", "-r", String(fps), "-i", "-"]
        switch format {
        case .gif:
            arguments += ["-vf", "scale='min(640,iw)':-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4",
                          "-loop", "0", output.path]
        case .mp4:
            arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", output.path]
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ScenarioError.recorder("cannot start ffmpeg (\(error.localizedDescription)); install Debian's ffmpeg package")
        }
    }

    /// Sends the renderer's current frame.
    public func append(_ renderer: Renderer) throws {
        guard renderer.pixelWidth == width, renderer.pixelHeight == height else {
            throw ScenarioError.recorder("frame size changed to \(renderer.pixelWidth)x\(renderer.pixelHeight)")
        }
        guard process.isRunning else { throw ScenarioError.recorder("ffmpeg stopped early while writing \(output.path)") }
        let rowBytes = width * 4
        let data = renderer.withPixels { pixels -> Data in
            if renderer.stride == rowBytes { return Data(pixels) }
            var packed = Data(capacity: rowBytes * height)
            for row in 0..<height {
                packed.append(contentsOf: UnsafeRawBufferPointer(rebasing: pixels[(row * renderer.stride)..<(row * renderer.stride + rowBytes)]))
            }
            return packed
        }
        try input.fileHandleForWriting.write(contentsOf: data)
        frameCount += 1
    }

    /// Closes the stream and waits for ffmpeg to finish the file.
    public func finish() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScenarioError.recorder("ffmpeg exited with status \(process.terminationStatus) writing \(output.path)")
        }
    }
}

/// A one-line progress bar on standard error, redrawn in place, and only when standard error is a terminal: in a
/// log file or a pipe, a bar redrawn with carriage returns is only noise.
public struct ProgressBar {
    /// The text before the bar, naming what is under way.
    public let label: String
    /// Whether the bar is drawn at all.
    public let isEnabled: Bool

    /// A bar drawn only when standard error is a terminal, unless `isEnabled` says otherwise.
    public init(label: String, isEnabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.isEnabled = isEnabled
    }

    /// Redraws the bar at `fraction` done (0…1, held inside that range), ending the line at 1.
    public func show(_ fraction: Double) {
        guard isEnabled else { return }
        let width = 30, filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(Int(fraction * 100))%".utf8))
        if fraction >= 1 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
