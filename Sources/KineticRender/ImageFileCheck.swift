import CGraphics
import Foundation
import KineticCore
import KineticScene

/// Checks a downloaded image the way the renderer will read it: the bytes must be what the name says (a PNG
/// signature, or SVG markup), decode, declare at most 8192 pixels a side, ask for no more computing than
/// `SVGCostBudget` allows, and draw once at the size the apps show images within `drawingBudget`.
public enum ImageFileCheck {
    /// The longest one image may take to draw once at `checkSize`, in seconds. The check runs where downloads are
    /// checked, off the thread that draws frames; the program runs it in a child process (`kinetic check-image`)
    /// whose CPU timer of this length stops a draw that would take longer, since a draw here cannot be interrupted.
    public static let drawingBudget = 0.25
    /// The size, in pixels, an image is drawn at for the check: about a bubble or a cell at twice the point size.
    static let checkSize = 256.0

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A reason the file is unusable, or `nil` when it is fine. `beforeDrawing` is called once the file has passed
    /// every check but the draw, just before it (the drawing process arms its CPU timer there).
    public static func problem(at file: URL, beforeDrawing: () -> Void = {}) -> String? {
        let data: Data
        do {
            data = try Data(contentsOf: file, options: .mappedIfSafe)
        } catch {
            return "cannot be read (\(error.localizedDescription))"
        }
        switch file.pathExtension.lowercased() {
        case "png":
            guard data.prefix(8).elementsEqual(pngSignature) else { return "is not a PNG" }
        case "svg":
            let head = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
            guard head.hasPrefix("<"), head.contains("<svg") || head.hasPrefix("<?xml") else { return "is not an SVG" }
        default:
            return "is neither SVG nor PNG"
        }
        if case .broken(let error) = DecodedImages().image(for: .file(file.path)) { return error.description }
        beforeDrawing()
        return drawingProblem(file)
    }

    /// Draws the image once at `checkSize` and says so if it took longer than `drawingBudget`.
    private static func drawingProblem(_ file: URL) -> String? {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: checkSize, height: checkSize))
        layer.contents = .image(.file(file.path))
        let started = DispatchTime.now()
        _ = ContentRasterizer(images: DecodedImages()).rasterize(layer, scale: 1).map { cairo_surface_destroy($0.surface) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard seconds > drawingBudget else { return nil }
        return "took \(Int(seconds * 1000)) ms to draw once, more than the \(Int(drawingBudget * 1000)) ms an image may take"
    }
}
