/// Why something could not be drawn as asked. The renderer draws a visible placeholder instead, keeps going,
/// and collects these in `Renderer.assetErrors` so that the app can say what is wrong.
public enum AssetError: Error, Hashable, CustomStringConvertible {
    case missingFile(String)
    case corruptImage(path: String, reason: String)
    case invalidSVG(source: String, reason: String)
    case unknownFont(String)
    case imageTooLarge(source: String, width: Double, height: Double)
    case cannotWrite(path: String, reason: String)

    /// What could not be drawn and why, in a sentence the app can log or show.
    public var description: String {
        switch self {
        case .missingFile(let path): return "image file not found: \(path)"
        case .corruptImage(let path, let reason): return "image \(path) could not be decoded: \(reason)"
        case .invalidSVG(let source, let reason): return "SVG \(source) could not be read: \(reason)"
        case .unknownFont(let family): return "unknown font \"\(family)\": install it or use \"TeX Gyre Heros\""
        case .imageTooLarge(let source, let w, let h): return "image \(source) is too large (\(Self.size(w))×\(Self.size(h)) px; the limit is 8192 a side)"
        case .cannotWrite(let path, let reason): return "could not write \(path): \(reason)"
        }
    }

    /// A declared size as a person reads it: whole pixels when it is a sane number, else the number as given (an SVG
    /// may declare 1e30 or infinity, which no whole number holds).
    static func size(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e12 ? "\(Int(saturating: value, rounding: .down))" : "\(value)"
    }
}
