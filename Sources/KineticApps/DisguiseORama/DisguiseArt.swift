import KineticData
import KineticScene

/// Disguise-O-Rama's own art (Scotch, the wordmarks, the ring, the intro's line): SVGs in the app's resources.
enum DisguiseArt {
    /// The folder the art is read from.
    static let folder = BundledCostumes.resourceFolder

    /// The image named `name` in the art folder, as a layer's contents.
    static func image(_ name: String) -> LayerContents { .image(.file(folder.appendingPathComponent(name).path)) }
}
