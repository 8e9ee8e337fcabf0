import CGraphics
import XCTest
import KineticCore
import KineticScene
@testable import KineticRender

/// Long text is drawn at its full on-screen scale (issue 37, item 2): a 10,000-word body, laid out as the Mailbox's
/// reader lays out a message (17 pt, wrapped to the reader's 944 pt, in a scroll view that clips it), scrolled to its
/// end, shows its last line with the very pixels that line has when it is the only text drawn.
final class LongTextTests: XCTestCase {
    /// The reader's body box: 40 pt from the page's left, 176 pt down, 944 × 572 pt (a 1024 × 768 stage).
    static let box = Rect(x: 40, y: 176, width: 944, height: 572)
    static let ink = Color(red8: 0x1F, green8: 0x24, blue8: 0x30)

    /// `count` words of differing lengths, always the same ones.
    static func words(_ count: Int) -> String {
        let some = ["the", "quarterly", "figures", "arrived", "late", "again,", "so", "Montgomery", "asked", "whether", "anyone",
                    "had", "read", "them", "before", "lunch;", "nobody", "had.", "Featherstonehaugh", "sighed", "and", "opened", "a", "window."]
        return (0..<count).map { some[($0 * 7 + $0 / some.count) % some.count] }.joined(separator: " ")
    }

    /// One line of a layout: its logical top and height, and its baseline, in points; the string it holds.
    struct Line {
        let top: Double, height: Double, baseline: Double
        let string: String
    }

    /// The lines Pango makes of `text` wrapped to `width` at `scale` pixels a point: the layout the renderer draws.
    static func lines(of text: TextContent, width: Double, scale: Double) -> [Line] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_scale(cr, scale, scale)
        let (layout, _) = TextDrawing.makeLayout(text, width: width, cr: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        let utf8 = Array(text.string.utf8)
        var lines: [Line] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let start = Int(pango_layout_iter_get_index(iterator))
            let length = Int(pango_layout_iter_get_line_readonly(iterator).pointee.length)
            let points = { (units: Int32) in Double(units) / Double(PANGO_SCALE) }
            lines.append(Line(top: points(logical.y), height: points(logical.height), baseline: points(pango_layout_iter_get_baseline(iterator)),
                              string: String(decoding: utf8[start..<min(start + length, utf8.count)], as: UTF8.self)))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// A page with the reader's clipped body box holding `text` at `bodyY` (points, in the box), on white.
    static func page(_ text: TextContent, height: Double, bodyY: Double) -> Layer {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 1024, height: 768))
        root.backgroundColor = .white
        let scroll = Layer(identifier: "scroll", frame: box)
        scroll.masksToBounds = true
        let body = Layer(identifier: "body", frame: Rect(x: 0, y: bodyY, width: box.width, height: height))
        body.contents = .text(text)
        scroll.addSublayer(body)
        root.addSublayer(scroll)
        return root
    }

    /// The frame's pixels in `rows` (frame pixels) across the body box.
    static func region(_ image: PixelImage, rows: Range<Int>, scale: Double) -> [UInt8] {
        let left = Int(box.minX * scale), right = Int(box.maxX * scale)
        return rows.flatMap { row in image.rgba[(row * image.width + left) * 4..<(row * image.width + right) * 4] }
    }

    /// At scales 1 and 2, the body scrolled to its end: its second-to-last line (the last may be short) against a
    /// layer holding only that line, placed where that line's box is, on the same page. The line's box starts on a
    /// whole pixel (Pango hints line heights to the raster's pixels), so both are exact copies and must match byte
    /// for byte: tolerance 0. Before tiles, the body (about 10,000 pt) was rasterised at 2048 / 10,000 of its scale and
    /// magnified, and no glyph matched.
    func testTheLastLinesOfATenThousandWordBodyAreAsSharpAsALineAlone() throws {
        var text = TextContent(Self.words(10_000), fontSize: 17, color: Self.ink)
        text.lineLimit = 0
        for scale in [1.0, 2.0] {
            let lines = Self.lines(of: text, width: Self.box.width, scale: scale)
            XCTAssertGreaterThan(lines.count, 400, "10,000 words take hundreds of lines")
            let line = lines[lines.count - 2]
            let height = (lines.last.map { $0.top + $0.height } ?? 0) + 8
            XCTAssertGreaterThan(height * scale, 4 * 2048, "far taller than one surface may be")
            // The body scrolled so that its foot is 20 pt above the box's, on a whole point.
            let bodyY = (Self.box.height - 20 - height).rounded()
            let lineTop = Self.box.minY + bodyY + line.top
            XCTAssertEqual(lineTop * scale, (lineTop * scale).rounded(), "the line's box starts on a whole pixel at @\(scale)")
            let rows = Int((lineTop * scale).rounded())..<Int(((lineTop + line.height) * scale).rounded())

            let renderer = try Renderer(pointSize: Size(width: 1024, height: 768), scale: scale)
            renderer.render(Self.page(text, height: height, bodyY: bodyY))
            XCTAssertTrue(renderer.assetErrors.isEmpty, "\(renderer.assetErrors)")
            let long = Self.region(PixelImage(renderer), rows: rows, scale: scale)

            var alone = text
            alone.string = line.string
            let reference = try Renderer(pointSize: Size(width: 1024, height: 768), scale: scale)
            reference.render(Self.page(alone, height: line.height + 8, bodyY: bodyY + line.top))
            let single = Self.region(PixelImage(reference), rows: rows, scale: scale)

            XCTAssertTrue(single.contains { $0 < 128 }, "the line alone draws ink at @\(scale)")
            let differing = zip(long, single).filter { $0 != $1 }.count
            let largest = zip(long, single).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertEqual(differing, 0, "at @\(scale), \(differing) of \(single.count) channels differ (by up to \(largest)) from the line drawn alone")
        }
    }

    /// Tiles give the pixels one surface gives, seams and all (none): a body about 1,700 pt tall fits one surface at
    /// @1 and is drawn both ways (a renderer whose surfaces may be 256 px a side tiles it), at a whole-pixel place
    /// (copied) and between pixels (resampled across the tiles' edges, which their gutters hold), and a shorter one at
    /// a display scale of 1.5 (rasterised at 2, scaled down). Pango's lines split over tile edges, every glyph cut by
    /// one, must come out byte for byte.
    func testTilesGiveThePixelsOfOneSurface() throws {
        for (words, scale, bodyY) in [(1_200, 1.0, -300.0), (1_200, 1.0, -300.37), (500, 1.5, -41.25)] {
            var text = TextContent(Self.words(words), fontSize: 17, color: Self.ink)
            text.lineLimit = 0
            let height = Self.lines(of: text, width: Self.box.width, scale: scale).last.map { $0.top + $0.height + 8 } ?? 0
            let whole = try Renderer(pointSize: Size(width: 1024, height: 768), scale: scale)
            let tiled = try Renderer(pointSize: Size(width: 1024, height: 768), scale: scale)
            tiled.largestSurfaceSide = 256
            let page = Self.page(text, height: height, bodyY: bodyY)
            whole.render(page)
            tiled.render(page)
            XCTAssertEqual(whole.cachedTileCount, 0, "one surface at @\(scale)")
            XCTAssertGreaterThan(tiled.cachedTileCount, 4, "tiles at @\(scale)")
            let one = PixelImage(whole), tiles = PixelImage(tiled)
            let differing = zip(one.rgba, tiles.rgba).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "at @\(scale), body at \(bodyY) pt: \(differing) channels differ between tiles and one surface")
        }
    }

    /// Scrolling a tiled body recomposites only the box it moves in, rasterises only the tiles that come into view,
    /// and a frame with nothing moved recomposites nothing; the tiles held stay within their budget however far it
    /// goes.
    func testScrollingATiledBodyDrawsOnlyWhatComesIntoView() throws {
        var text = TextContent(Self.words(10_000), fontSize: 17, color: Self.ink)
        text.lineLimit = 0
        let height = (Self.lines(of: text, width: Self.box.width, scale: 2).last.map { $0.top + $0.height } ?? 0) + 8
        let page = Self.page(text, height: height, bodyY: 0)
        let body = try XCTUnwrap(page.layer(withIdentifier: "body"))
        let renderer = try Renderer(pointSize: Size(width: 1024, height: 768), scale: 2)
        renderer.render(page, rasterBudget: Renderer.rasterBudgetPixels)
        // 944 pt at @2x is four columns of tiles; 572 pt shows three rows of them. And the page's background.
        XCTAssertEqual(renderer.cachedTileCount, 12)
        XCTAssertEqual(renderer.rasterizedLastFrame, 13)
        renderer.render(page, rasterBudget: Renderer.rasterBudgetPixels)
        XCTAssertEqual(renderer.lastDamage, [], "nothing moved, nothing recomposited")
        var rasterised = 0
        while body.position.y + height / 2 > Self.box.height - height {
            body.position.y -= 97
            renderer.render(page, rasterBudget: Renderer.rasterBudgetPixels)
            rasterised += renderer.rasterizedLastFrame
            // The box and the pixel around it that a clip's extent holds.
            let box = PixelRect(x: Int(Self.box.minX * 2) - 1, y: Int(Self.box.minY * 2) - 1, width: Int(Self.box.width * 2) + 2, height: Int(Self.box.height * 2) + 2)
            for rect in renderer.lastDamage { XCTAssertEqual(rect.intersection(box), rect, "damage inside the body's box") }
            XCTAssertLessThanOrEqual(renderer.cachedTileBytes, TileCache.budgetBytes)
        }
        // Every tile of the body drawn about once on the way down (the ones ahead drawn before they show).
        let grid = TileGrid(width: Int(Self.box.width * 2), height: Int((height * 2).rounded(.up)))
        XCTAssertLessThanOrEqual(rasterised, grid.columns * grid.rows + 8)
        XCTAssertLessThanOrEqual(renderer.peakRasterBytes, TileCache.budgetBytes + 8 * 1_048_576 + renderer.cachedRasterBytes)
    }
}
