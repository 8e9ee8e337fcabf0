import KineticCore
import KineticScene
import XCTest
@testable import KineticRender

/// Emoji are drawn in colour, as every desktop draws them, not as empty boxes: the colour-emoji font comes from a
/// Debian package (fonts-noto-color-emoji, in the Makefile's list) and Pango picks it for the characters the text
/// font lacks.
final class EmojiTests: XCTestCase {
    /// Black text on white can only have coloured pixels if a glyph brought its own colours: a missing glyph's box
    /// and a monochrome glyph are both grey. A pixel counts as coloured when its channels differ by more than 60 of
    /// 255, which no grey and no antialiased black edge does.
    func testAnEmojiIsDrawnInColour() throws {
        func colouredPixels(_ string: String) throws -> Int {
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 240, height: 80)
            root.backgroundColor = .white
            let text = Layer(frame: Rect(x: 10, y: 10, width: 220, height: 60))
            text.contents = .text(TextContent(string, fontSize: 40, color: .black))
            root.addSublayer(text)
            let renderer = try Renderer(pointSize: root.bounds.size, scale: 1)
            renderer.render(root)
            let rgba = PixelImage(renderer).rgba
            return stride(from: 0, to: rgba.count, by: 4).filter { index in
                let channels = [rgba[index], rgba[index + 1], rgba[index + 2]]
                return Int(channels.max()!) - Int(channels.min()!) > 60  // three channels: max and min exist
            }.count
        }
        XCTAssertEqual(try colouredPixels("Plain text"), 0, "black text on white has no colour of its own")
        XCTAssertGreaterThan(try colouredPixels("🎉😀"), 200, "the emoji bring their colours (a 40 pt face is thousands of pixels)")
    }
}
