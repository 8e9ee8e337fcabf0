import CMallocCounter
import CPixelFloor
import Foundation
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene

// The shared benchmark scene: 40 moving textured layers with text over a 10-body physics world, at
// 1024×768 points @2x. Prints p50/p99 per frame of simulation+layout and of a full offscreen frame, spring
// evaluations per second, and heap allocations per steady-state frame.

/// Frames drawn before measuring: one whole cycle of the longest scene (the app scenes repeat every 240, 336 and
/// 480 frames), so that every raster, buffer and pool has met its largest frame.
/// Every frame is rendered as a window renders it: with the raster budget of frames that follow one another.
let warmupFrames = 480
let measuredFrames = 600
let options: BenchOptions
do {
    guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data("kinetic-bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
let bandOption = options.bands
let onlyOption = options.only
let slowestOption = options.slowest
let exportFolder = options.exportFolder
func wanted(_ title: String) -> Bool { onlyOption.map { title.localizedCaseInsensitiveContains($0) } ?? true }
/// With KINETIC_BENCH_CALLERS=1, each scene also names the code that allocated during its frames.
let listsCallers = ProcessInfo.processInfo.environment["KINETIC_BENCH_CALLERS"] == "1"

/// Where `frames` more frames' allocations come from: the first four of the program's own functions on each allocating
/// stack, innermost first, with offsets for `scripts/bench-callers` (addr2line) where they have no exported name.
/// Only `draw` is watched (not `prepare` or `counts`); `counts` says whether the frame just drawn is tallied (an app
/// scene tallies its steady frames only).
func printAllocationCallers(frames: Int, prepare: () -> Void = {}, draw: () -> Void, counts: () -> Bool = { true }) {
    kinetic_allocation_tally_reset()
    for _ in 0..<frames {
        prepare()
        kinetic_allocation_recording(1)
        draw()
        kinetic_allocation_recording(0)
        kinetic_allocation_frame_end(counts() ? 1 : 0)
    }
    print("  allocator callers over \(frames) more frames (of an app, its steady ones):")
    var index: Int32 = 0
    var count: UInt64 = 0
    while kinetic_allocation_caller(index, 0, &count) != nil {
        let chain = (Int32(0)..<4).compactMap { level -> String? in
            guard let caller = kinetic_allocation_caller(index, level, &count) else { return nil }
            let library = (String(cString: kinetic_allocation_caller_library(caller)) as NSString).lastPathComponent
            let offset = UInt(bitPattern: kinetic_allocation_caller_offset(caller))
            return "\(library)+0x\(String(offset, radix: 16)) \(String(cString: kinetic_allocation_caller_symbol(caller)))"
        }
        print("    \(count)× \(chain.joined(separator: " ← "))")
        index += 1
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(Int((Double(sorted.count - 1) * p).rounded()), sorted.count - 1)]
}

func milliseconds(_ start: DispatchTime, _ end: DispatchTime) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}

func report(_ name: String, _ samples: [Double]) {
    print(String(format: "%-34@ p50 %7.3f ms   p99 %7.3f ms", name as NSString, percentile(samples, 0.5), percentile(samples, 0.99)))
}

/// Runs one scene for the warm-up and measured frames and prints its figures.
func measure(rotatingSprites: Bool) throws {
    let title = rotatingSprites ? "every sprite rotating (worst case)" : "shared scene: sprites move and fade, bodies turn"
    guard wanted(title) else { return }
    let scene = try BenchmarkScene(rotatingSprites: rotatingSprites)
    let renderer = try Renderer(pointSize: scene.stage.size, scale: 2, bands: bandOption)
    for _ in 0..<warmupFrames {
        scene.step()
        renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels)
    }
    var simulationSamples: [Double] = [], frameSamples: [Double] = [], allocations: [Double] = [], renderAllocations: [Double] = []
    var work: [PixelWork] = []
    var export = try exportFolder.map(DrawExport.init(folder:))
    simulationSamples.reserveCapacity(measuredFrames)
    frameSamples.reserveCapacity(measuredFrames)
    allocations.reserveCapacity(measuredFrames)
    renderAllocations.reserveCapacity(measuredFrames)
    for _ in 0..<measuredFrames {
        let allocationsBefore = kinetic_allocation_count()
        let t0 = DispatchTime.now()
        scene.step()
        let t1 = DispatchTime.now()
        let renderBefore = kinetic_allocation_count()
        renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels)
        let t2 = DispatchTime.now()
        let after = kinetic_allocation_count()
        allocations.append(Double(after - allocationsBefore))
        renderAllocations.append(Double(after - renderBefore))
        simulationSamples.append(milliseconds(t0, t1))
        frameSamples.append(milliseconds(t0, t2))
        work.append(renderer.lastPixelWork)
        export?.record(renderer)  // after the frame's timing
    }
    try export?.write(name: rotatingSprites ? "worst-case" : "shared", title: title, width: renderer.pixelWidth, height: renderer.pixelHeight,
                      p50: percentile(frameSamples, 0.5), p99: percentile(frameSamples, 0.99), bands: floorThreads)
    print("\n\(title)")
    print("  \(scene.layerCount) layers, \(scene.world.items.count) bodies, 1024×768 pt @2x (\(renderer.pixelWidth)×\(renderer.pixelHeight) px), \(measuredFrames) frames")
    report("  simulation + layout per frame", simulationSamples)
    report("  full frame (step + render)", frameSamples)
    print("  heap allocations per steady frame p50 \(Int(percentile(allocations, 0.5)))   max \(Int(allocations.max() ?? 0)) "
          + "in \(allocations.filter { $0 > 0 }.count) of \(measuredFrames) frames   (rendering alone: max \(Int(renderAllocations.max() ?? 0)))")
    print("  layers rasterised in the last frame \(renderer.rasterizedLastFrame) (of \(renderer.cachedLayerCount) cached)")
    reportFloor(work, framePercentile50: percentile(frameSamples, 0.5))
    if listsCallers { printAllocationCallers(frames: 2 * measuredFrames, draw: { scene.step(); renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels) }) }
}

/// The cores the floor may use: as many as the compositor's bands (one per core unless `--bands` says otherwise).
let floorThreads = bandOption ?? ProcessInfo.processInfo.activeProcessorCount

/// The median frame's pixel work done as tight C with SIMD (`Sources/CPixelFloor`: SSE2, and AVX2 for the bilinear
/// part where the processor has it): clear, plain OVER and
/// bilinear-sampled OVER for the resampled part, the fastest of 15 runs, on one core and on `floorThreads`; and the
/// scene's median frame as a multiple of each.
func reportFloor(_ work: [PixelWork], framePercentile50: Double) {
    func median(_ values: [Int]) -> Int { Int(percentile(values.map(Double.init), 0.5)) }
    let cleared = median(work.map(\.cleared)), blended = median(work.map(\.blended)), resampled = median(work.map(\.resampled))
    func floorTime(threads: Int32) -> Double {
        // The fastest of 15 runs: a floor is what the machine can do, and a virtual machine's neighbours only slow it.
        let runs = (0..<15).map { _ in
            pixel_floor_frame(2048, 1536, cleared, max(blended - resampled, 0), resampled, threads)
        }
        return runs.min() ?? 0
    }
    let one = floorTime(threads: 1), all = floorTime(threads: Int32(floorThreads))
    print(String(format: "  floor (C, SIMD: %@; %.1f Mpx cleared, %.1f Mpx blended, %.1f of them bilinear) one core %.3f ms, %d cores %.3f ms   frame ÷ floor %.1f× (one core), %.1f× (%d cores)",
                 String(cString: pixel_floor_instructions()) as NSString, Double(cleared) / 1e6, Double(blended) / 1e6, Double(resampled) / 1e6, one, floorThreads, all,
                 framePercentile50 / max(one, 1e-6), framePercentile50 / max(all, 1e-6), floorThreads))
}

try measure(rotatingSprites: false)
try measure(rotatingSprites: true)

/// What a frame of an app scene started from, to tell afterwards whether it was a steady frame: no event (see
/// `AppBenchScene.eventThisStep`), no change of state name, no animation started and no layer rasterised. What is
/// left is the frame-by-frame work of motion already under way.
struct FrameStart {
    let state: String
    let startedAnimations: Int

    init(_ scene: AppBenchScene) {
        state = scene.state
        startedAnimations = scene.stage.animator.startedCount
    }

    func wasSteady(_ scene: AppBenchScene, _ renderer: Renderer) -> Bool {
        !scene.eventThisStep && renderer.rasterizedLastFrame == 0 && scene.state == state
            && scene.stage.animator.startedCount == startedAnimations
    }
}

/// One app's scene for the measured frames: simulation and full-frame times, allocations, the states it went through.
func measureApp(_ title: String, _ scene: @autoclosure () throws -> AppBenchScene) throws {
    guard wanted(title) else { return }
    let scene = try scene()
    let renderer = try Renderer(pointSize: scene.stage.size, scale: 2, bands: bandOption)
    for _ in 0..<warmupFrames {
        scene.step()
        renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels)
    }
    var simulationSamples: [Double] = [], frameSamples: [Double] = [], allocations: [Double] = []
    var states = Set<String>()
    var rasterised: [Double] = []
    var work: [PixelWork] = []
    var steadyFrames = 0, steadyMaximum = 0
    var renderSamples: [Double] = []
    for _ in 0..<measuredFrames {
        let start = FrameStart(scene)
        let allocationsBefore = kinetic_allocation_count()
        let t0 = DispatchTime.now()
        scene.step()
        let t1 = DispatchTime.now()
        renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels)
        let t2 = DispatchTime.now()
        let allocated = Int(kinetic_allocation_count() - allocationsBefore)
        allocations.append(Double(allocated))
        if start.wasSteady(scene, renderer) {
            steadyFrames += 1
            steadyMaximum = max(steadyMaximum, allocated)
        }
        simulationSamples.append(milliseconds(t0, t1))
        frameSamples.append(milliseconds(t0, t2))
        renderSamples.append(milliseconds(t1, t2))
        states.insert(scene.state)
        rasterised.append(Double(renderer.rasterizedLastFrame))
        work.append(renderer.lastPixelWork)
    }
    print("\n\(title) (states: \(states.sorted().joined(separator: ", ")))")
    report("  simulation + layout per frame", simulationSamples)
    report("  full frame (step + render)", frameSamples)
    print("  heap allocations per frame p50 \(Int(percentile(allocations, 0.5)))   p99 \(Int(percentile(allocations, 0.99)))   "
          + "in the \(steadyFrames) steady frames max \(steadyMaximum)")
    print("  layers rasterised per frame p99 \(Int(percentile(rasterised, 0.99)))   max \(Int(rasterised.max() ?? 0))   total \(Int(rasterised.reduce(0, +)))")
    reportFloor(work, framePercentile50: percentile(frameSamples, 0.5))
    print(String(format: "  frames over the 120 Hz budget (8.3 ms) %d of %d   raster memory peak %.1f MB (tiles held at the end %.1f MB, %d tiles)",
                 frameSamples.filter { $0 > 1000 / 120 }.count, measuredFrames, Double(renderer.peakRasterBytes) / 1_048_576,
                 Double(renderer.cachedTileBytes) / 1_048_576, renderer.cachedTileCount))
    if let summary = scene.summary { print("  \(summary)") }
    if let slowest = slowestOption {
        print("  slowest frames (index: step + render ms, layers rasterised, Mpx cleared / blended / resampled):")
        for index in frameSamples.indices.sorted(by: { frameSamples[$0] > frameSamples[$1] }).prefix(max(slowest, 0)) {
            let pixels = work[index]
            print(String(format: "    %3d: %.3f + %.3f ms, %d rasterised, %.2f / %.2f / %.2f", index, simulationSamples[index], renderSamples[index],
                         Int(rasterised[index]), Double(pixels.cleared) / 1e6, Double(pixels.blended) / 1e6, Double(pixels.resampled) / 1e6))
        }
    }
    if listsCallers {
        var start = FrameStart(scene)
        printAllocationCallers(frames: 2 * measuredFrames, prepare: { start = FrameStart(scene) },
                               draw: { scene.step(); renderer.render(scene.stage.root, rasterBudget: Renderer.rasterBudgetPixels) },
                               counts: { start.wasSteady(scene, renderer) })
    }
}
try measureApp("Disguise-O-Rama wheel, six costumes, bubbles falling and returning", WheelScene())
try measureApp("Honeycomb: Space's 35 cells morphing in and out of their category", try HoneycombBenchScene())
try measureApp("Mailbox: a row swept through its four zones, the list flung up and down", MailboxBenchScene())
try measureApp("Mailbox: a 10,000-word message flung down through and back up", LongMessageBenchScene())
// The size a mail server's Inbox gives, beside the size the Mailbox had before (its peer in this run).
try measureApp("Mailbox of 200 messages: a row archived, the list flung down and up", LargeMailboxBenchScene(count: 200))
try measureApp("Mailbox of 10,000 messages: a row archived, the list flung down and up", LargeMailboxBenchScene(count: 10_000))
if wanted("Mailbox of 10,000 opened from its store") {
    // Untimed by frames: how long the first sight of a mail server's Inbox of 10,000 takes from what a check kept.
    let opened = try KeptMailboxOpening.measure(count: 10_000)
    print(String(format: "\nMailbox of 10,000 opened from its store  %.0f ms (the store opened and read alone, measured apart: %.0f ms; %d rows)",
                 opened.openMilliseconds, opened.readMilliseconds, opened.messages))
}
if wanted("Resizing the window") { try ResizeBench.measure(scale: 2, bands: bandOption) }

// Spring evaluations: a tight loop over the closed form.
let spring = Spring(response: 0.5, dampingRatio: 0.7)
var sink = Point.zero
let evaluations = 2_000_000
let springStart = DispatchTime.now()
for index in 0..<evaluations {
    sink = sink + spring.evaluate(target: Point(x: 100, y: 50), value: .zero, velocity: Point(x: 10, y: 0), time: Double(index & 1023) / 1024).value
}
let springSeconds = milliseconds(springStart, DispatchTime.now()) / 1000

print(String(format: "\nspring evaluations per second  %.1f million", Double(evaluations) / springSeconds / 1e6))
if !sink.isFinite { print("unexpected non-finite spring result") }

// The most memory the benchmark held at once (every scene, its rasters and the frames).
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print(String(format: "peak resident memory  %.0f MB", Double(usage.ru_maxrss) / 1024))
