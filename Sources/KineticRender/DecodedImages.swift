import CGraphics
import Foundation
import KineticScene

/// Decodes each image source once and keeps it: PNGs as Cairo surfaces, SVGs as librsvg handles (which stay
/// vectors, so they are re-rasterised crisply at any scale).
final class DecodedImages {
    enum Image {
        case bitmap(OpaquePointer, width: Double, height: Double)
        case svg(OpaquePointer)
        case broken(AssetError)
    }

    /// The largest side, in pixels, an image may declare.
    static let maximumSide = 8192.0
    /// The most bytes an SVG may have, and the most elements: librsvg builds a tree of every element before it draws,
    /// so a 4 MB file of a million empty groups would take gigabytes; past these it is refused unread.
    static let maximumSVGBytes = 2 * 1024 * 1024
    static let maximumSVGElements = 20_000
    private var images: [ImageSource: Image] = [:]

    deinit {
        for image in images.values {
            switch image {
            case .bitmap(let surface, _, _): cairo_surface_destroy(surface)
            case .svg(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
            case .broken: break
            }
        }
    }

    func image(for source: ImageSource) -> Image {
        if let image = images[source] { return image }
        let image = load(source)
        images[source] = image
        return image
    }

    private func load(_ source: ImageSource) -> Image {
        switch source {
        case .svgData(let text):
            return loadSVG(Data(text.utf8), name: "(inline)")
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { return .broken(.missingFile(path)) }
            if path.lowercased().hasSuffix(".svg") { return loadSVG(data, name: path) }
            // A PNG says its size in its first chunk: one too large is refused before a byte of it is decoded.
            if let (width, height) = Self.pngSize(data), width > Self.maximumSide || height > Self.maximumSide {
                return .broken(.imageTooLarge(source: path, width: width, height: height))
            }
            return loadPNG(path: path)
        }
    }

    private func loadPNG(path: String) -> Image {
        // Cairo never returns NULL: a file it cannot read gives an error surface, whose status is checked next.
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo says "out of memory" for any PNG libpng gives up on (a bad checksum, cut short); its size was
            // checked against the limit before, so that is what it means here.
            let reason = status == CAIRO_STATUS_NO_MEMORY ? "not a PNG that decodes (corrupt or cut short)" : String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            return .broken(.corruptImage(path: path, reason: reason))
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            cairo_surface_destroy(surface)
            return .broken(.imageTooLarge(source: path, width: width, height: height))
        }
        return .bitmap(surface, width: width, height: height)
    }

    /// The width and height a PNG's header (its IHDR chunk, right after the signature) declares, or `nil` when the
    /// bytes do not start like a PNG (Cairo then says what is wrong).
    static func pngSize(_ data: Data) -> (Double, Double)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[12...15].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func number(_ start: Int) -> Double { bytes[start..<start + 4].reduce(0.0) { $0 * 256 + Double($1) } }
        return (number(16), number(20))
    }

    private func loadSVG(_ data: Data, name: String) -> Image {
        guard data.count <= Self.maximumSVGBytes else {
            return .broken(.invalidSVG(source: name, reason: "\(data.count) bytes, more than the \(Self.maximumSVGBytes) an SVG may have"))
        }
        let elements = data.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
        guard elements <= Self.maximumSVGElements else {
            return .broken(.invalidSVG(source: name, reason: "about \(elements) elements, more than the \(Self.maximumSVGElements) an SVG may have"))
        }
        if let costly = SVGCostBudget.problem(data) { return .broken(.invalidSVG(source: name, reason: costly)) }
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: guint8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            return .broken(.invalidSVG(source: name, reason: reason))
        }
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0,
           width > Self.maximumSide || height > Self.maximumSide || !width.isFinite || !height.isFinite {
            g_object_unref(UnsafeMutableRawPointer(handle))
            return .broken(.imageTooLarge(source: name, width: width, height: height))
        }
        return .svg(handle)
    }
}
