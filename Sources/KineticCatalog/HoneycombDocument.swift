import Foundation
import KineticCore

/// The honeycomb's data, `honeycomb/nodes.json`: `{"rootNode": [category, …]}`, each category a `HoneycombNode`
/// whose `node` list holds its cells.
///
/// Decoding is strict per node and forgiving per document: a node with a missing or mistyped field, a bad id or
/// colour, or a duplicate id is left out with a reason naming it, and everything else stays. Only a document
/// that is not JSON, or has no `rootNode` list, fails as a whole.
public enum HoneycombDocument {
    /// The first honeycomb has room for six categories around the logo.
    public static let maximumCategories = 6
    /// A category's grid has room for 7 × 5 cells.
    public static let maximumCells = 35
    /// Longest title shown in a cell.
    public static let maximumTitleLength = 40

    /// The categories that were accepted and one line per node (or field) left out.
    public struct Decoded: Sendable, Equatable {
        public var categories: [HoneycombNode]
        public var problems: [String]
    }

    /// Why a whole document was refused.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Decodes `data`; relative image URLs are resolved against `base` (the document's own URL) and dropped, with
    /// a problem, when there is no base or they do not resolve to http(s).
    public static func decode(_ data: Data, base: URL?, name: String = "nodes.json") throws -> Decoded {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw Invalid(description: "\(name) is not JSON (\(error.localizedDescription))")
        }
        guard let top = json as? [String: Any], let roots = top["rootNode"] as? [Any] else {
            throw Invalid(description: "\(name) has no \"rootNode\" list")
        }
        var context = Context(base: base, name: name)
        var categories: [HoneycombNode] = []
        for (index, item) in roots.enumerated() {
            guard let category = context.node(item, path: "rootNode[\(index)]") else { continue }
            if categories.count == maximumCategories {
                context.problems.append("\(name): rootNode[\(index)] \"\(category.id)\" left out: at most \(maximumCategories) categories")
                continue
            }
            categories.append(category)
        }
        if context.unresolved > 0 {
            context.problems.append("\(name): \(context.unresolved) relative image URLs and no content server to resolve them against; those cells show placeholders")
        }
        return Decoded(categories: categories, problems: context.problems)
    }

    /// The decoding state: ids seen so far and problems found.
    private struct Context {
        let base: URL?
        let name: String
        var seen = Set<String>()
        var problems: [String] = []
        /// Relative image URLs met with no base (offline): summed up in one line rather than one per node.
        var unresolved = 0

        mutating func node(_ item: Any, path: String) -> HoneycombNode? {
            guard let fields = item as? [String: Any] else {
                problems.append("\(name): \(path) left out: not an object")
                return nil
            }
            let label = (fields["id"] as? String).map { "\(path) \"\($0)\"" } ?? path
            func leftOut(_ reason: String) -> HoneycombNode? {
                problems.append("\(name): \(label) left out: \(reason)")
                return nil
            }
            guard let id = fields["id"] as? String else { return leftOut("\"id\" must be a string") }
            if let problem = ContentIdentifier.problem(id) { return leftOut(problem) }
            guard let title = fields["title"] as? String, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                return leftOut("\"title\" must be a non-empty string")
            }
            guard title.count <= HoneycombDocument.maximumTitleLength else {
                return leftOut("\"title\" is longer than \(HoneycombDocument.maximumTitleLength) characters")
            }
            guard let color = fields["color"] as? String else { return leftOut("\"color\" must be a string") }
            do { _ = try Color(hex: color) } catch { return leftOut("\(error)") }
            guard seen.insert(id).inserted else { return leftOut("duplicate id") }

            var node = HoneycombNode(id: id, title: title, color: color)
            node.image = image(fields["image"], field: "image", label: label)
            if let detailValue = fields["detail"] {
                guard let detail = detailValue as? [String: Any] else { return leftOut("\"detail\" must be an object") }
                for key in ["label", "text"] where detail[key] != nil && !(detail[key] is String) {
                    return leftOut("\"detail.\(key)\" must be a string")
                }
                node.detail = HoneycombNode.Detail(label: (detail["label"] as? String) ?? title, text: (detail["text"] as? String) ?? "",
                                                   image: image(detail["image"], field: "detail.image", label: label) ?? node.image,
                                                   learnMore: link(detail["learnMore"], label: label))
            } else {
                node.detail.image = node.image
            }
            if let childValue = fields["node"] {
                guard let children = childValue as? [Any] else { return leftOut("\"node\" must be a list") }
                for (index, child) in children.enumerated() {
                    guard let cell = self.node(child, path: "\(label).node[\(index)]") else { continue }
                    if node.children.count == HoneycombDocument.maximumCells {
                        problems.append("\(name): \(label).node[\(index)] \"\(cell.id)\" left out: at most \(HoneycombDocument.maximumCells) cells a category")
                        continue
                    }
                    node.children.append(cell)
                }
            }
            return node
        }

        /// An image URL made absolute; a bad one is dropped (the cell shows its placeholder) and reported.
        mutating func image(_ value: Any?, field: String, label: String) -> String? {
            guard let value else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                problems.append("\(name): \(label): \"\(field)\" must be a non-empty string; shown without it")
                return nil
            }
            let url = URL(string: text, relativeTo: base)?.absoluteURL
            if base == nil, url?.scheme == nil {
                unresolved += 1
                return nil
            }
            guard let url, ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                problems.append("\(name): \(label): \"\(field)\" \"\(text)\" is not an http(s) URL; shown without it")
                return nil
            }
            return url.absoluteString
        }

        /// The Learn More link: absolute http(s) only, since it leaves the app.
        mutating func link(_ value: Any?, label: String) -> String? {
            guard let value else { return nil }
            guard let text = value as? String, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                problems.append("\(name): \(label): \"detail.learnMore\" must be an absolute http(s) URL; shown without it")
                return nil
            }
            return url.absoluteString
        }
    }
}
