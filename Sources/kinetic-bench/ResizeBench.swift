import Foundation
import KineticApps
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene

/// The window resized through the sizes a desktop gives, 800×600 up to 2560×1440 and back, in each app's main state:
/// for each size, the relayout (`Stage.resize(to:)`, the app laying itself out) and the first whole frame at that size
/// (a new renderer, as the window makes one, drawing every layer), beside its peer in the same run: the same app
/// opened fresh at that size and drawn once (what a person waits for when a window opens). A resize should cost no
/// more than opening at the new size.
enum ResizeBench {
    /// Lets `seconds` of the stage's fixed steps pass.
    static func steps(_ stage: Stage, _ seconds: Double) {
        for _ in 0..<Int((seconds / Stage.stepDuration).rounded()) { stage.step() }
    }

    static let sizes = [Size(width: 800, height: 600), Size(width: 1024, height: 768), Size(width: 1280, height: 800),
                        Size(width: 1440, height: 900), Size(width: 1920, height: 1080), Size(width: 2560, height: 1440)]

    /// A stage of `size` with `app` on it, brought to its main state (`prepare`), the scene's steps taken.
    static func stage(_ app: String, size: Size, prepare: (Stage) -> Void) -> Stage {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench-resize-\(UUID().uuidString)")
        let stage = Stage(size: size, settings: StageSettings(freshStart: true, dataDirectory: folder))
        stage.present(Shell(entries: KineticApps.catalog, initialApp: app))
        prepare(stage)
        return stage
    }

    /// Each app's main state: the Mailbox's first message open in the reader, the Honeycomb's Nature grid, the wheel.
    static var apps: [(id: String, what: String, prepare: (Stage) -> Void)] { [
        ("mailbox", "a message open", { stage in
            steps(stage, 0.5)
            stage.send(KeyEvent(key: .down, timestamp: stage.time))
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            steps(stage, 1.5)
        }),
        ("honeycomb", "a grid open", { stage in
            steps(stage, 1.5)
            stage.send(KeyEvent(key: .right, timestamp: stage.time))
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            steps(stage, 2.5)
        }),
        ("disguise", "the wheel", { stage in
            steps(stage, 2.5)
            for _ in 0..<3 {
                stage.send(KeyEvent(key: .enter, timestamp: stage.time))
                steps(stage, 1.0)
            }
            steps(stage, 4)
        }),
    ] }

    static func measure(scale: Double, bands: Int?) throws {
        print("\nResizing the window, 800×600 → 2560×1440 and back, at @\(Int(scale))x (ms: relayout, then the first frame at the new size; "
              + "peer: the app opened fresh at that size and drawn once)")
        for app in apps {
            let stage = Self.stage(app.id, size: sizes[0], prepare: app.prepare)
            var relayouts: [Double] = [], frames: [Double] = [], peers: [Double] = []
            let walk = sizes.dropFirst() + sizes.reversed().dropFirst()
            for size in walk {
                let t0 = DispatchTime.now()
                stage.resize(to: size)
                stage.step()
                let t1 = DispatchTime.now()
                let renderer = try Renderer(pointSize: size, scale: scale, bands: bands)
                renderer.render(stage.root, rasterBudget: nil)
                let t2 = DispatchTime.now()
                relayouts.append(milliseconds(t0, t1))
                frames.append(milliseconds(t1, t2))
                // The peer: the app opened fresh at this size (its main state reached off the clock), drawn once.
                let fresh = Self.stage(app.id, size: size, prepare: app.prepare)
                let p0 = DispatchTime.now()
                let peer = try Renderer(pointSize: size, scale: scale, bands: bands)
                peer.render(fresh.root, rasterBudget: nil)
                peers.append(milliseconds(p0, DispatchTime.now()))
            }
            let firstFrames = zip(relayouts, frames).map(+)
            print(String(format: "  %@ (%@): relayout p50 %.2f max %.2f   first frame p50 %.1f max %.1f   vs opening fresh p50 %.1f max %.1f   (ratio p50 %.2f)",
                         app.id, app.what, percentile(relayouts, 0.5), relayouts.max() ?? 0, percentile(firstFrames, 0.5), firstFrames.max() ?? 0,
                         percentile(peers, 0.5), peers.max() ?? 0, percentile(firstFrames, 0.5) / max(percentile(peers, 0.5), 0.001)))
        }
    }
}
