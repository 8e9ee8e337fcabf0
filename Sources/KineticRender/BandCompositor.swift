import CGraphics
import Foundation
import KineticCore

/// Composites a display list into the frame in horizontal bands, one per core (at most four), in parallel.
///
/// The frame is cut into thin strips of rows, dealt out in turn to the bands (band 0 takes strips 0, 2, 4… of two
/// bands): whatever part of the screen a frame's work crowds into, each band gets about its share. (Bands of
/// contiguous rows left one band half again as busy as the other in the Honeycomb's morph.)
///
/// Each strip is a pixman image (and, for the Cairo fallback, a Cairo surface) over its own rows of the frame's pixels;
/// the strips touch disjoint memory, and each band has its own player and its own pixman and Cairo objects, so they
/// need no locks. Band 0 runs on the calling thread, the others on worker threads that wait on semaphores between
/// frames. Everything a band uses is made once, so a steady frame allocates nothing; only a frame with a turned clip,
/// which pixman cannot express as a rectangle, is played through Cairo instead.
final class BandCompositor {
    /// Some rows of the frame, with the images that draw into them.
    fileprivate final class Strip {
        /// The strip's rows of the frame.
        let rows: PixelRect
        let destination: OpaquePointer
        let surface: OpaquePointer
        let context: OpaquePointer
        /// Maps frame pixels to this strip's pixels, for Cairo: a shift up by the strip's first row.
        let base: cairo_matrix_t

        init(frameData: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, top: Int, bottom: Int) {
            rows = PixelRect(x: 0, y: top, width: width, height: bottom - top)
            let start = frameData + top * stride
            // pixman returns NULL only for a stride that is not whole pixels or a size that overflows, and these are the
            // frame's own (Cairo's ARGB32 stride, the strip's rows of it), or when its bookkeeping cannot be had.
            destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(bottom - top),
                                                   UnsafeMutableRawPointer(start).assumingMemoryBound(to: UInt32.self), Int32(stride))!
            // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
            surface = cairo_image_surface_create_for_data(start, CAIRO_FORMAT_ARGB32, Int32(width), Int32(bottom - top), Int32(stride))!
            context = cairo_create(surface)!
            base = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: Double(-top))
        }

        deinit {
            pixman_image_unref(destination)
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
    }

    /// One band: its index (which of each raster's per-band images it uses), its player and its strips.
    fileprivate final class Band {
        let index: Int
        let strips: [Strip]
        var player = PixmanPlayer()

        init(index: Int, strips: [Strip]) {
            self.index = index
            self.strips = strips
        }

        deinit { player.release() }
    }

    /// Strips dealt to each band: enough that uneven work evens out, few enough that a paint is seldom cut many times
    /// (at 1536 rows and two bands, strips of 96 rows).
    static let stripsPerBand = 8

    private let bands: [Band]
    private var workers: [Worker] = []
    var count: Int { bands.count }

    /// - Parameters:
    ///   - frameData: the frame's pixels (checked by the renderer when it made the frame), `stride` bytes a row.
    init(frameData data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, bandCount: Int) {
        let count = max(1, min(bandCount, height))
        let stripCount = count == 1 ? 1 : min(count * Self.stripsPerBand, height)
        let strips = (0..<stripCount).map { index in
            Strip(frameData: data, stride: stride, width: width, top: height * index / stripCount, bottom: height * (index + 1) / stripCount)
        }
        bands = (0..<count).map { index in
            Band(index: index, strips: Swift.stride(from: index, to: stripCount, by: count).map { strips[$0] })
        }
        workers = bands.dropFirst().map { band in
            Worker { list, background, damage in BandCompositor.draw(list, into: band, background: background, damage: damage) }
        }
    }

    deinit {
        for worker in workers { worker.stop() }
    }

    /// Clears the `damage` rectangles of every band to `background` and plays `list` into them, returning when all
    /// are done; the rest of the frame keeps its pixels. A strip that no rectangle touches is left alone.
    func composite(_ list: DisplayList, background: Color, damage: [PixelRect]) {
        guard !damage.isEmpty else { return }
        for worker in workers { worker.run(list, background: background, damage: damage) }
        Self.draw(list, into: bands[0], background: background, damage: damage)
        for worker in workers { worker.wait() }
    }

    private static func draw(_ list: DisplayList, into band: Band, background: Color, damage: [PixelRect]) {
        for strip in band.strips where damage.contains(where: { $0.intersects(strip.rows) }) {
            if list.needsCairo {
                drawWithCairo(list, into: strip, index: band.index, background: background, damage: damage)
            } else {
                band.player.play(list, into: strip.destination, band: band.index, rows: strip.rows, damage: damage, background: background)
            }
        }
    }

    private static func drawWithCairo(_ list: DisplayList, into strip: Strip, index: Int, background: Color, damage: [PixelRect]) {
        let cr = strip.context
        var base = strip.base
        cairo_surface_flush(strip.surface)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for rect in damage {
            let part = rect.intersection(strip.rows)
            guard !part.isEmpty else { continue }
            cairo_rectangle(cr, Double(part.x), Double(part.y - strip.rows.y), Double(part.width), Double(part.height))
        }
        cairo_save(cr)
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_matrix(cr, &base)
        list.play(into: cr, band: index, base: base, damage: damage[...])
        cairo_restore(cr)
        cairo_surface_flush(strip.surface)
    }
}

/// A thread that draws one band per frame: `run` hands it the frame, `wait` blocks until it is done. Its job is
/// fixed when it is made, so handing over a frame allocates nothing.
/// Unchecked Sendable: `frame` and `stopping` are written by the caller only before it signals `start` and read by
/// the worker only after it waits on `start`; the worker clears `frame` before it signals `done`, which the caller
/// waits for before handing over the next frame. The semaphores order every access, which the compiler cannot see.
private final class Worker: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let job: (DisplayList, Color, [PixelRect]) -> Void
    private var frame: (list: DisplayList, background: Color, damage: [PixelRect])?
    private var stopping = false

    init(job: @escaping (DisplayList, Color, [PixelRect]) -> Void) {
        self.job = job
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "kinetic.compositor"
        thread.start()
    }

    private func loop() {
        while true {
            start.wait()
            if stopping { done.signal(); return }
            if let frame { job(frame.list, frame.background, frame.damage) }
            frame = nil
            done.signal()
        }
    }

    func run(_ list: DisplayList, background: Color, damage: [PixelRect]) {
        frame = (list, background, damage)
        start.signal()
    }

    func wait() { done.wait() }

    func stop() {
        stopping = true
        start.signal()
        done.wait()
    }
}
