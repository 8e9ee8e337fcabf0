import Foundation
import KineticScene

/// Checks a downloaded image the way the renderer will read it: the bytes must be what the name says (a PNG
/// signature, or SVG markup), decode, and declare at most 8192 pixels a side.
public enum ImageFileCheck {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A reason the file is unusable, or `nil` when it is fine.
    public static func problem(at file: URL) -> String? {
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
        if case .broken(let error) = ImageStore().image(for: .file(file.path)) { return error.description }
        return nil
    }
}
