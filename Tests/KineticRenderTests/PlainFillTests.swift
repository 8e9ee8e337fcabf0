import XCTest
import KineticCore
import KineticScene
@testable import KineticRender

/// Layers of one opaque colour are filled rather than blended, and a screen's opaque background spares the clear: the
/// pixels are the colours themselves, worked out here, and a translucent colour still blends.
final class PlainFillTests: XCTestCase {
    /// The red, green, blue and alpha bytes of pixel (x, y).
    private static func rgba(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }

    func testOpaqueColoursFillAndTranslucentOnesBlend() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        root.backgroundColor = Color(red8: 0x10, green8: 0x20, blue8: 0x30)
        let opaque = Layer(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        opaque.backgroundColor = Color(red8: 0xE1, green8: 0x59, blue8: 0x26)
        let translucent = Layer(frame: Rect(x: 20, y: 5, width: 10, height: 10))
        translucent.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        root.addSublayer(opaque)
        root.addSublayer(translucent)
        let renderer = try Renderer(pointSize: Size(width: 40, height: 30), scale: 2)
        // A white frame background, which the root's opaque colour must hide everywhere.
        renderer.render(root, background: .white)
        let image = PixelImage(renderer)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Self.rgba(image, x, y) }
        XCTAssertEqual(pixel(1, 1), [0x10, 0x20, 0x30, 0xFF], "the root's colour, not the white behind it")
        XCTAssertEqual(pixel(79, 59), [0x10, 0x20, 0x30, 0xFF])
        XCTAssertEqual(pixel(10, 10), [0xE1, 0x59, 0x26, 0xFF], "inside the opaque square (points 5–15, pixels 10–29)")
        XCTAssertEqual(pixel(29, 29), [0xE1, 0x59, 0x26, 0xFF])
        XCTAssertEqual(pixel(30, 30), [0x10, 0x20, 0x30, 0xFF], "just outside it")
        // White at half alpha over (16, 32, 48): 128 + c·(255 − 128)/255, to within Cairo's rounding of 0.5 to 8 bits.
        for (channel, under) in [(0, 0x10), (1, 0x20), (2, 0x30)] {
            let expected = 128.0 + Double(under) * 127 / 255
            XCTAssertEqual(Double(pixel(50, 20)[channel]), expected, accuracy: 1.5, "channel \(channel) of the translucent square")
        }
    }

    /// A screen's opaque background painted over a shell's hides the shell and everything on it: the frame is the
    /// screen's colour and its one square, and the work counted is the screen's fill and that square alone (pixels of
    /// 2×: the frame 80×60; the square 10×10 points = 20×20, and a paint's extent keeps one more pixel on every side for
    /// bilinear taps, so 22×22). A layer faded to nothing (level 0 of 255) counts nothing.
    func testALaterOpaqueBackdropHidesWhatCameBefore() throws {
        let shell = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        shell.backgroundColor = Color(red8: 0x10, green8: 0x20, blue8: 0x30)
        let hidden = Layer(frame: Rect(x: 2, y: 2, width: 30, height: 20))
        hidden.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        shell.addSublayer(hidden)
        let screen = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        screen.backgroundColor = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)
        let square = Layer(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        square.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let faded = Layer(frame: Rect(x: 20, y: 5, width: 10, height: 10))
        faded.backgroundColor = Color(red8: 0xE1, green8: 0x59, blue8: 0x26)
        faded.opacity = 0.001
        screen.addSublayer(square)
        screen.addSublayer(faded)
        shell.addSublayer(screen)
        let renderer = try Renderer(pointSize: Size(width: 40, height: 30), scale: 2)
        renderer.render(shell, background: .white)
        let image = PixelImage(renderer)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Self.rgba(image, x, y) }
        XCTAssertEqual(pixel(6, 6), [0xF6, 0xF4, 0xEF, 0xFF], "the screen's colour where the shell's translucent layer lay")
        XCTAssertEqual(pixel(50, 20), [0xF6, 0xF4, 0xEF, 0xFF], "the faded layer leaves the screen's colour")
        // Black at half alpha over the screen's colour: c·(255 − 128)/255, to within Cairo's rounding of 0.5 to 8 bits.
        XCTAssertEqual(Double(pixel(15, 15)[0]), Double(0xF6) * 127 / 255, accuracy: 1.5)
        XCTAssertEqual(renderer.lastPixelWork, PixelWork(cleared: 80 * 60, blended: 22 * 22, resampled: 0))
    }
}
