import CGraphics
import Foundation
import KineticCore

/// Composites a display list into the frame in horizontal bands, one per core (at most four), in parallel.
///
/// Each band is a pixman image (and, for the Cairo fallback, a Cairo surface) over its own rows of the frame's
/// pixels; the bands touch disjoint memory and share no pixman or Cairo object, so they need no locks. Band 0
/// runs on the calling thread, the others on worker threads that wait on semaphores between frames. Everything a
/// band uses is made once, so a steady frame allocates nothing; only a frame with a turned clip, which pixman
/// cannot express as a rectangle, is played through Cairo instead.
final class BandCompositor {
    fileprivate final class Band {
        let top: Int32
        let height: Int32
        let width: Int32
        let destination: OpaquePointer
        let surface: OpaquePointer
        let context: OpaquePointer
        /// Maps frame pixels to this band's pixels, for Cairo: a shift up by the band's first row.
        let base: cairo_matrix_t
        var masks = OpacityMasks()
        var clips: [PixelBox] = []

        init(frameData: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, top: Int, bottom: Int) {
            self.top = Int32(top)
            height = Int32(bottom - top)
            self.width = Int32(width)
            let rows = frameData + top * stride
            destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(bottom - top),
                                                   UnsafeMutableRawPointer(rows).assumingMemoryBound(to: UInt32.self), Int32(stride))!
            surface = cairo_image_surface_create_for_data(rows, CAIRO_FORMAT_ARGB32, Int32(width), Int32(bottom - top), Int32(stride))!
            context = cairo_create(surface)!
            base = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: Double(-top))
            clips.reserveCapacity(16)
        }

        deinit {
            masks.release()
            pixman_image_unref(destination)
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
    }

    private let bands: [Band]
    private var workers: [Worker] = []
    var count: Int { bands.count }

    init(frame: OpaquePointer, width: Int, height: Int, bandCount: Int) {
        let data = cairo_image_surface_get_data(frame)!
        let stride = Int(cairo_image_surface_get_stride(frame))
        let count = max(1, min(bandCount, height))
        bands = (0..<count).map { index in
            Band(frameData: data, stride: stride, width: width, top: height * index / count, bottom: height * (index + 1) / count)
        }
        workers = bands.dropFirst().enumerated().map { offset, band in
            Worker { list, background in BandCompositor.draw(list, into: band, index: offset + 1, background: background) }
        }
    }

    deinit {
        for worker in workers { worker.stop() }
    }

    /// Clears every band to `background` and plays `list` into all of them, returning when all are done.
    func composite(_ list: DisplayList, background: Color) {
        for worker in workers { worker.run(list, background: background) }
        Self.draw(list, into: bands[0], index: 0, background: background)
        for worker in workers { worker.wait() }
    }

    private static func draw(_ list: DisplayList, into band: Band, index: Int, background: Color) {
        if list.needsCairo {
            let cr = band.context
            var base = band.base
            cairo_surface_flush(band.surface)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_set_matrix(cr, &base)
            list.play(into: cr, band: index, base: base)
            cairo_surface_flush(band.surface)
            cairo_surface_mark_dirty(band.surface)
            return
        }
        // Premultiplied, 16 bits a channel.
        let a = min(max(background.alpha, 0), 1)
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * a * 65535).rounded()) }
        var color = pixman_color_t(red: channel(background.red), green: channel(background.green), blue: channel(background.blue),
                                   alpha: UInt16((a * 65535).rounded()))
        var all = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(clamping: band.width), height: UInt16(clamping: band.height))
        pixman_image_fill_rectangles(PIXMAN_OP_SRC, band.destination, &color, 1, &all)
        list.play(into: band.destination, band: index, top: band.top, width: band.width, height: band.height,
                  masks: &band.masks, clips: &band.clips)
    }
}

/// A thread that draws one band per frame: `run` hands it the frame, `wait` blocks until it is done. Its job is
/// fixed when it is made, so handing over a frame allocates nothing.
private final class Worker: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let job: (DisplayList, Color) -> Void
    private var frame: (list: DisplayList, background: Color)?
    private var stopping = false

    init(job: @escaping (DisplayList, Color) -> Void) {
        self.job = job
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "kinetic.compositor"
        thread.start()
    }

    private func loop() {
        while true {
            start.wait()
            if stopping { done.signal(); return }
            if let frame { job(frame.list, frame.background) }
            frame = nil
            done.signal()
        }
    }

    func run(_ list: DisplayList, background: Color) {
        frame = (list, background)
        start.signal()
    }

    func wait() { done.wait() }

    func stop() {
        stopping = true
        start.signal()
        done.wait()
    }
}
