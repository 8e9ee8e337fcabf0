import CGraphics
import Foundation
import KineticCore

/// Composites a display list into the frame in horizontal bands, one per core (at most four), in parallel.
///
/// Each band is a Cairo surface over its own rows of the frame's pixels, with its own context; the bands touch
/// disjoint memory and share no Cairo object, so they need no locks. Band 0 runs on the calling thread, the
/// others on worker threads that wait on semaphores between frames.
final class BandCompositor {
    private struct Band {
        let surface: OpaquePointer
        let context: OpaquePointer
        /// Maps frame pixels to this band's pixels: a shift up by the band's first row.
        let base: cairo_matrix_t
        /// The band's rows of the frame.
        let rows: PixelRect
    }

    private let bands: [Band]
    private var workers: [Worker] = []
    var count: Int { bands.count }

    init(frame: OpaquePointer, width: Int, height: Int, bandCount: Int) {
        let data = cairo_image_surface_get_data(frame)!
        let stride = Int(cairo_image_surface_get_stride(frame))
        let count = max(1, min(bandCount, height))
        bands = (0..<count).map { index in
            let top = height * index / count, bottom = height * (index + 1) / count
            let surface = cairo_image_surface_create_for_data(data + top * stride, CAIRO_FORMAT_ARGB32, Int32(width), Int32(bottom - top), Int32(stride))!
            return Band(surface: surface, context: cairo_create(surface)!, base: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: Double(-top)),
                        rows: PixelRect(x: 0, y: top, width: width, height: bottom - top))
        }
        workers = (1..<count).map { _ in Worker() }
    }

    deinit {
        for worker in workers { worker.stop() }
        for band in bands {
            cairo_destroy(band.context)
            cairo_surface_destroy(band.surface)
        }
    }

    /// Clears the `damage` rectangles of every band to `background` and plays `list` into them, returning when all
    /// are done; the rest of the frame keeps its pixels. A band that no rectangle touches is left alone.
    func composite(_ list: DisplayList, background: Color, damage: [PixelRect]) {
        guard !damage.isEmpty else { return }
        for (index, worker) in workers.enumerated() {
            let band = bands[index + 1]
            worker.run { Self.draw(list, into: band, index: index + 1, background: background, damage: damage) }
        }
        Self.draw(list, into: bands[0], index: 0, background: background, damage: damage)
        for worker in workers { worker.wait() }
        for band in bands { cairo_surface_flush(band.surface) }
    }

    private static func draw(_ list: DisplayList, into band: Band, index: Int, background: Color, damage: [PixelRect]) {
        let cr = band.context
        var base = band.base
        cairo_identity_matrix(cr)
        // The band's part of the damage, in the band's own pixels; each piece is whole pixels, so the clip is exact.
        var any = false
        cairo_new_path(cr)
        for rect in damage {
            let part = rect.intersection(band.rows)
            guard !part.isEmpty else { continue }
            any = true
            cairo_rectangle(cr, Double(part.x), Double(part.y - band.rows.y), Double(part.width), Double(part.height))
        }
        guard any else { return }
        cairo_save(cr)
        // A band wholly inside one rectangle needs no clip (and keeps pixman's fastest paths).
        if damage.contains(where: { $0.intersection(band.rows) == band.rows }) { cairo_new_path(cr) } else { cairo_clip(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_matrix(cr, &base)
        list.play(into: cr, band: index, base: base, damage: damage[...])
        cairo_restore(cr)
    }
}

/// A thread that runs one job per frame: `run` hands it over, `wait` blocks until it is done.
private final class Worker: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?
    private var stopping = false

    init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "kinetic.compositor"
        thread.start()
    }

    private func loop() {
        while true {
            start.wait()
            if stopping { done.signal(); return }
            job?()
            job = nil
            done.signal()
        }
    }

    func run(_ job: @escaping () -> Void) {
        self.job = job
        start.signal()
    }

    func wait() { done.wait() }

    func stop() {
        stopping = true
        start.signal()
        done.wait()
    }
}
