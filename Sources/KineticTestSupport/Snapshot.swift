import Foundation
import KineticRender
import XCTest

/// The tolerance of every image snapshot: at most 0.5% of pixels may differ by more than 16/255 in a channel.
/// That absorbs anti-aliasing noise but not a moved, missing or recoloured element.
package let snapshotPixelFraction = 0.005

/// Compares the renderer's frame with `References/NAME.png` beside the calling test file. With
/// `KINETIC_RECORD_SNAPSHOTS=1` it writes the reference instead, and fails, so that a recording run is never
/// mistaken for a pass.
package func assertSnapshot(_ renderer: Renderer, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let references = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("References")
    let reference = references.appendingPathComponent("\(name).png")
    if ProcessInfo.processInfo.environment["KINETIC_RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        try renderer.writePNG(to: reference)
        XCTFail("recorded \(reference.path); run again without KINETIC_RECORD_SNAPSHOTS", file: file, line: line)
        return
    }
    let expected = try PixelImage(pngAt: reference)
    let actual = PixelImage(renderer)
    guard let difference = actual.difference(from: expected) else {
        XCTFail("\(name): size \(actual.width)×\(actual.height) differs from the reference's \(expected.width)×\(expected.height)", file: file, line: line)
        return
    }
    if difference.differingPixelFraction > snapshotPixelFraction {
        let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
        var saved = "actual frame at \(failed.path)"
        do { try renderer.writePNG(to: failed) } catch { saved = "the actual frame could not be saved: \(error)" }
        XCTFail("\(name): \(String(format: "%.2f", difference.differingPixelFraction * 100))% of pixels differ (limit \(snapshotPixelFraction * 100)%); \(saved)", file: file, line: line)
    }
}
