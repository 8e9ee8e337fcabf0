import Foundation
import XCTest
import KineticCore
import KineticScene
@testable import KineticRender
import KineticTestSupport

/// Image files a server can send, through the check every download passes (`ImageFileCheck`) and the renderer:
/// mutated SVGs and PNGs never stop the program, and no image ever reads a local file into what it draws.
final class ImageFuzzTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-image-fuzz-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private static let svg = Data("""
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100">\
    <defs><linearGradient id="g"><stop offset="0" stop-color="#E15926"/><stop offset="1" stop-color="#1F2430"/></linearGradient></defs>\
    <circle cx="50" cy="50" r="46" fill="url(#g)"/><use xlink:href="#r" x="5"/><rect id="r" x="30" y="30" width="40" height="40" fill="#F2B134"/>\
    <text x="10" y="90" font-size="12">Hi</text></svg>
    """.utf8)

    /// Markup a hostile server might put inside an SVG.
    private static let hostileParts = [
        #"<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>"#,
        #"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#,
        #"<image href="file:///etc/hostname" width="100" height="100"/>"#,
        ##"<g id="l"><use href="#l"/></g>"##,
        #"<rect width="1e30" height="-5" x="NaN"/>"#,
        #"<filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter><rect width="10" height="10" filter="url(#f)"/>"#,
        #"<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>"#,
        String(repeating: "<g>", count: 5000),
    ]

    /// A mutated copy of `original`: cut short, a byte flipped or inserted, or hostile markup spliced in.
    private func mutate(_ original: Data, _ random: inout SeededGenerator, isSVG: Bool) -> Data {
        var bytes = [UInt8](original)
        switch Int.random(in: 0..<(isSVG ? 5 : 3), using: &random) {
        case 0: bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
        case 1: bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
        default:
            let part = Self.hostileParts[Int.random(in: 0..<Self.hostileParts.count, using: &random)]
            let at = part.hasPrefix("<!DOCTYPE") ? 0 : (bytes.lastIndex(of: UInt8(ascii: "<")) ?? bytes.count)
            bytes.insert(contentsOf: Array(part.utf8), at: at)
        }
        return Data(bytes)
    }

    func testMutatedImagesAreCheckedWithoutStopping() throws {
        let renderer = try Renderer(pointSize: Size(width: 32, height: 32), scale: 1)
        renderer.render(Layer())
        let png = folder.appendingPathComponent("valid.png")
        try renderer.writePNG(to: png)
        let validPNG = try Data(contentsOf: png)
        let svgFile = folder.appendingPathComponent("valid.svg")
        try Self.svg.write(to: svgFile)
        XCTAssertNil(ImageFileCheck.problem(at: svgFile))
        XCTAssertNil(ImageFileCheck.problem(at: png))
        let seed = DocumentFuzzBudget.seed(default: 0x1A6E)
        var random = SeededGenerator(state: seed)
        // Images cost more to check than documents to decode: a fifth of the documents' count each. Each check must
        // stay within a time budget (the drawing budget and the decoding around it), and memory within a bound.
        let residentBefore = try Self.residentBytes()
        var slowest = 0.0
        for index in 0..<max(DocumentFuzzBudget.documents / 5, 100) {
            let isSVG = index % 2 == 0
            let file = folder.appendingPathComponent("fuzz.\(isSVG ? "svg" : "png")")
            try mutate(isSVG ? Self.svg : validPNG, &random, isSVG: isSVG).write(to: file)
            let started = Date()
            let problem = ImageFileCheck.problem(at: file)
            slowest = max(slowest, Date().timeIntervalSince(started))
            if let problem, problem.isEmpty {
                return XCTFail("#\(index) (seed 0x\(String(seed, radix: 16))): refused with no reason")
            }
        }
        XCTAssertLessThan(slowest, 1.0, "the slowest check took \(slowest) s")
        let grown = try Self.residentBytes() - residentBefore
        XCTAssertLessThan(grown, 128 * 1024 * 1024, "checking the images grew resident memory by \(grown / 1024) KB")
    }

    /// This process's resident memory, in bytes.
    static func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testNoLocalFileIsDrawnIntoAnImage() throws {
        // A local picture of pure red that a hostile SVG tries to pull in, by every route XML and SVG offer.
        let secret = folder.appendingPathComponent("secret.png")
        let red = try Renderer(pointSize: Size(width: 50, height: 50), scale: 1)
        let fill = Layer(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        fill.backgroundColor = Color(red8: 0xFF, green8: 0, blue8: 0)
        red.render(fill)
        try red.writePNG(to: secret)
        let fragment = folder.appendingPathComponent("fragment.xml")
        try Data(##"<rect width="100" height="100" fill="#FF0000"/>"##.utf8).write(to: fragment)
        let attempts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="\#(secret.absoluteString)" width="100" height="100"/></svg>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><image xlink:href="\#(secret.path)" width="100" height="100"/></svg>"#,
            #"<!DOCTYPE svg [<!ENTITY x SYSTEM "\#(fragment.absoluteString)">]><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">&x;</svg>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="100" height="100"><xi:include href="\#(fragment.absoluteString)"/></svg>"#,
        ]
        // The control: red drawn by the SVG itself is seen, so a pulled-in red file would be too.
        let control = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#FF0000"/></svg>"##
        for (index, attempt) in ([control] + attempts).enumerated() {
            let file = folder.appendingPathComponent("attempt-\(index).svg")
            try Data(attempt.utf8).write(to: file)
            let renderer = try Renderer(pointSize: Size(width: 100, height: 100), scale: 1)
            let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.backgroundColor = .white
            let image = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            image.contents = .image(.file(file.path))
            root.addSublayer(image)
            renderer.render(root)
            let pixels = PixelImage(renderer)
            var reds = 0
            for offset in stride(from: 0, to: pixels.rgba.count, by: 4)
                where pixels.rgba[offset] > 200 && pixels.rgba[offset + 1] < 60 && pixels.rgba[offset + 2] < 60 { reds += 1 }
            if index == 0 {
                XCTAssertEqual(reds, 100 * 100, "the control's own red")
            } else {
                XCTAssertEqual(reds, 0, "attempt \(index) drew \(reds) pixels of the local file")
            }
        }
    }
}

/// What an image may cost is decided before it is decoded.
final class ImageBudgetTests: XCTestCase {
    private func file(_ name: String, _ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-budget-\(UUID().uuidString)-\(name)")
        try data.write(to: url)
        return url
    }

    func testAPNGDeclaringSixteenThousandPixelsIsRefusedUndecoded() throws {
        // The signature and an IHDR chunk of 16000 × 16000, 8-bit RGBA; nothing after it needs to exist.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 6, 0, 0, 0]
        let problem = try XCTUnwrap(ImageFileCheck.problem(at: try file("huge.png", Data(bytes))))
        XCTAssertTrue(problem.contains("too large (16000×16000"), problem)
    }

    func testAnSVGOfAMillionElementsIsRefusedUnread() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"# + String(repeating: "<g/>", count: 100_000) + "</svg>"
        let started = Date()
        let problem = try XCTUnwrap(ImageFileCheck.problem(at: try file("groups.svg", Data(svg.utf8))))
        XCTAssertTrue(problem.contains("more than the 20000 an SVG may have"), problem)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "refused before librsvg builds anything")
        let large = #"<svg xmlns="http://www.w3.org/2000/svg"><desc>"# + String(repeating: "x", count: 3_000_000) + "</desc></svg>"
        let tooLarge = try XCTUnwrap(ImageFileCheck.problem(at: try file("large.svg", Data(large.utf8))))
        XCTAssertTrue(tooLarge.contains("more than the 2097152 an SVG may have"), tooLarge)
    }
}

/// What an SVG may ask librsvg to compute, and how long one image may take to draw.
final class ImageCostTests: XCTestCase {
    private func check(_ svg: String) throws -> String? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cost-\(UUID().uuidString).svg")
        try Data(svg.utf8).write(to: url)
        return ImageFileCheck.problem(at: url)
    }

    func testAHundredThousandOctavesAreRefusedAtOnce() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter><rect width="100" height="100" filter="url(#t)"/></svg>"#
        let started = Date()
        let problem = try XCTUnwrap(try check(svg))
        XCTAssertTrue(problem.contains("numOctaves 100000.0, more than the 8"), problem)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testCostlyFiltersInStylesAndOtherPrimitivesAreRefused() throws {
        XCTAssertNotNil(try check(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><filter id="b"><feGaussianBlur stdDeviation = '1e9'/></filter></svg>"#))
        XCTAssertNotNil(try check(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><filter id="m"><feMorphology radius="5000"/></filter></svg>"#))
        XCTAssertNotNil(try check(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><filter id="c"><feConvolveMatrix order="200" kernelMatrix="1"/></filter></svg>"#))
    }

    func testOrdinaryWordsAndModestFiltersPass() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="4"/><feGaussianBlur stdDeviation="3"/></filter><rect width="100" height="100" filter="url(#t)" style="border: 300px"/><text x="5" y="50">order 100</text></svg>"#
        XCTAssertNil(try check(svg))
    }
}

/// A PNG that does not decode is said to be one, not "out of memory".
final class CorruptPNGTests: XCTestCase {
    func testABadChecksumIsSaidAsACorruptPNG() throws {
        let renderer = try Renderer(pointSize: Size(width: 16, height: 16), scale: 1)
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 16, height: 16))
        layer.backgroundColor = Color(red8: 0x33, green8: 0x99, blue8: 0xCC)
        renderer.render(layer)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-crc-\(UUID().uuidString).png")
        try renderer.writePNG(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        let idat = try XCTUnwrap(bytes.indices.first { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual(Array("IDAT".utf8)) })
        bytes[idat + 6] ^= 0xFF  // inside the compressed data: its checksum no longer matches
        try Data(bytes).write(to: url)
        let problem = try XCTUnwrap(ImageFileCheck.problem(at: url))
        XCTAssertTrue(problem.contains("not a PNG that decodes (corrupt or cut short)"), problem)
        XCTAssertFalse(problem.contains("memory"), problem)
    }
}
