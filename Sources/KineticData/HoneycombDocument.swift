import Foundation
import KineticCore

/// The honeycomb's data, `honeycomb/nodes.json`: `{"rootNode": [category, …]}`, each category a `HoneycombNode`
/// whose `node` list holds its cells.
///
/// Decoding is strict per node and forgiving per document: a node with a missing or mistyped field, a bad id or
/// colour, or a duplicate id is left out with a reason naming it, and everything else stays. A bad image or link
/// costs only that field (the cell shows a placeholder). Only a document that is not JSON, or has no `rootNode`
/// list, fails as a whole (`DocumentError`).
public enum HoneycombDocument {
    /// The first honeycomb has room for six categories around the logo.
    public static let maximumCategories = 6
    /// A category's grid has room for 7 × 5 cells.
    public static let maximumCells = 35
    /// Longest title shown in a cell.
    public static let maximumTitleLength = 40

    /// The categories that were accepted and one line per node (or field) left out.
    public struct Decoded: Sendable, Equatable {
        /// The categories kept, in document order, each with the cells that were kept.
        public var categories: [HoneycombNode]
        /// One line per node or field left out; empty when the document was sound.
        public var problems: [String]
    }

    /// Decodes `data`; relative image URLs are resolved against `base` (the document's own URL) and dropped, with
    /// a problem, when there is no base or they do not resolve to http(s).
    /// - Throws: `DocumentError` when `data` is not JSON or has no `rootNode` list.
    public static func decode(_ data: Data, base: URL?, name: String = "nodes.json") throws -> Decoded {
        let file = try DocumentDecoder.decode(HoneycombWireFile.self, from: data, name: name)
        var reader = HoneycombNodeReader(base: base, problems: DocumentProblems(document: name))
        var categories: [HoneycombNode] = []
        for (index, element) in file.rootNode.elements.enumerated() {
            guard let category = reader.node(element, place: "rootNode[\(index)]") else { continue }
            if categories.count == maximumCategories {
                reader.problems.leftOut(DocumentProblems.label("rootNode[\(index)]", id: category.id), "at most \(maximumCategories) categories")
                continue
            }
            categories.append(category)
        }
        if reader.unresolved > 0 {
            reader.problems.note("\(reader.unresolved) relative image URLs and no content server to resolve them against; those cells show placeholders")
        }
        return Decoded(categories: categories, problems: reader.problems.lines)
    }
}
