import CGraphics
import Foundation

/// Straight RGBA pixels, for comparing frames with reference PNGs in snapshot tests.
public struct PixelImage: Equatable {
    /// The image's width, in pixels.
    public let width: Int
    /// The image's height, in pixels.
    public let height: Int
    /// R, G, B, A per pixel, row by row, alpha not premultiplied.
    public let rgba: [UInt8]

    /// Reads a PNG file.
    /// - Throws: `AssetError` when the file is missing or not a PNG.
    public init(pngAt url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { throw AssetError.missingFile(url.path) }
        // Cairo never returns NULL: a file it cannot read gives an error surface, whose status is checked next.
        let surface = cairo_image_surface_create_from_png(url.path)!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw AssetError.corruptImage(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
        // Redraw into ARGB32 so that every PNG (RGB24 or ARGB32) reads the same way.
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
        let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(argb) }
        guard cairo_surface_status(argb) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(argb) != nil else {
            throw AssetError.corruptImage(path: url.path, reason: "no memory for \(width)×\(height) pixels")
        }
        // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
        let cr = cairo_create(argb)!
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(argb)
        let stride = Int(cairo_image_surface_get_stride(argb))
        self.init(width: width, height: height, stride: stride, premultipliedBGRA: UnsafeRawBufferPointer(start: cairo_image_surface_get_data(argb), count: stride * height))
    }

    /// The renderer's last frame.
    public init(_ renderer: Renderer) {
        let (width, height, stride) = (renderer.pixelWidth, renderer.pixelHeight, renderer.stride)
        self = renderer.withPixels { PixelImage(width: width, height: height, stride: stride, premultipliedBGRA: $0) }
    }

    private init(width: Int, height: Int, stride: Int, premultipliedBGRA pixels: UnsafeRawBufferPointer) {
        self.width = width
        self.height = height
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = y * stride + x * 4, target = (y * width + x) * 4
                let a = pixels[source + 3]
                func unpremultiply(_ value: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(a) / 2) / Int(a))) }
                rgba[target] = unpremultiply(pixels[source + 2])
                rgba[target + 1] = unpremultiply(pixels[source + 1])
                rgba[target + 2] = unpremultiply(pixels[source])
                rgba[target + 3] = a
            }
        }
        self.rgba = rgba
    }

    /// How two images differ: the mean absolute difference per channel (0...255), and the fraction of pixels
    /// in which some channel differs by more than `pixelThreshold`.
    public func difference(from other: PixelImage, pixelThreshold: Int = 16) -> (meanChannelDifference: Double, differingPixelFraction: Double)? {
        guard width == other.width, height == other.height else { return nil }
        var total = 0, differing = 0
        for pixel in 0..<(width * height) {
            var worst = 0
            for channel in 0..<4 {
                let d = abs(Int(rgba[pixel * 4 + channel]) - Int(other.rgba[pixel * 4 + channel]))
                total += d
                worst = max(worst, d)
            }
            if worst > pixelThreshold { differing += 1 }
        }
        let pixels = Double(max(width * height, 1))
        return (Double(total) / (pixels * 4), Double(differing) / pixels)
    }
}
