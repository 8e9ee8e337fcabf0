import Foundation
import KineticCore

/// `nodes.json` as it is on the wire, before its values are checked (`HoneycombNodeReader` makes the
/// `HoneycombNode`s the app uses).
struct HoneycombWireFile: Decodable {
    let rootNode: LenientList<HoneycombWireNode>
}

/// One node on the wire: the fields that cost the node when wrong are typed; an image or a link that is wrong
/// costs only itself, so those are read as whatever they are (`LooseText`).
struct HoneycombWireNode: Decodable {
    let id: String
    let title: String
    let color: String
    let image: LooseText?
    let detail: Detail?
    let node: LenientList<HoneycombWireNode>?

    struct Detail: Decodable {
        let label: String?
        let text: String?
        let image: LooseText?
        let learnMore: LooseText?
    }
}

/// A field that should be text but may be anything: read without failing, so the node it is in survives.
enum LooseText: Decodable {
    case text(String)
    case other

    init(from decoder: Decoder) throws {
        let value = try decoder.singleValueContainer()
        do { self = .text(try value.decode(String.self)) } catch { self = .other }
    }

    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// Checks the wire nodes' values and makes `HoneycombNode`s: ids unique across the document, titles and colours
/// that can be shown, images resolved to http(s) (`WebAddress`), links absolute; every refusal said in `problems`.
struct HoneycombNodeReader {
    let base: URL?
    var problems: DocumentProblems
    var seen = Set<String>()
    /// Relative image URLs met with no base (offline): summed up in one line rather than one per node.
    var unresolved = 0

    init(base: URL?, problems: DocumentProblems) {
        self.base = base
        self.problems = problems
    }

    mutating func node(_ element: Result<HoneycombWireNode, ElementRefusal>, place: String) -> HoneycombNode? {
        let wire: HoneycombWireNode
        switch element {
        case .failure(let refusal):
            problems.leftOut(DocumentProblems.label(place, id: refusal.id), refusal.reason)
            return nil
        case .success(let decoded):
            wire = decoded
        }
        let label = DocumentProblems.label(place, id: wire.id)
        func leftOut(_ reason: String) -> HoneycombNode? {
            problems.leftOut(label, reason)
            return nil
        }
        if let problem = ContentIdentifier.problem(wire.id) { return leftOut(problem) }
        guard !wire.title.trimmingCharacters(in: .whitespaces).isEmpty else { return leftOut("\"title\" must be a non-empty string") }
        // A title is drawn and spoken: a control character (a NUL, an escape) would cut it short or show as nothing.
        guard !wire.title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return leftOut("\"title\" holds a control character")
        }
        guard wire.title.count <= HoneycombDocument.maximumTitleLength else {
            return leftOut("\"title\" is longer than \(HoneycombDocument.maximumTitleLength) characters")
        }
        do { _ = try Color(hex: wire.color) } catch { return leftOut("\(error)") }
        guard seen.insert(wire.id).inserted else { return leftOut("duplicate id") }

        var node = HoneycombNode(id: wire.id, title: wire.title, color: wire.color)
        node.image = image(wire.image, field: "image", label: label)
        if let detail = wire.detail {
            node.detail = HoneycombNode.Detail(label: detail.label ?? wire.title, text: detail.text ?? "",
                                               image: image(detail.image, field: "detail.image", label: label) ?? node.image,
                                               learnMore: link(detail.learnMore, label: label))
        } else {
            node.detail.image = node.image
        }
        for (index, child) in (wire.node?.elements ?? []).enumerated() {
            let childPlace = "\(label).node[\(index)]"
            guard let cell = self.node(child, place: childPlace) else { continue }
            if node.children.count == HoneycombDocument.maximumCells {
                problems.leftOut(DocumentProblems.label(childPlace, id: cell.id), "at most \(HoneycombDocument.maximumCells) cells a category")
                continue
            }
            node.children.append(cell)
        }
        return node
    }

    /// An image URL made absolute; a bad one is dropped (the cell shows its placeholder) and reported.
    mutating func image(_ value: LooseText?, field: String, label: String) -> String? {
        guard let value else { return nil }
        guard let text = value.text, !text.isEmpty else {
            problems.note("\(label): \"\(field)\" must be a non-empty string; shown without it")
            return nil
        }
        if base == nil, URL(string: text)?.scheme == nil {
            unresolved += 1
            return nil
        }
        switch WebAddress.http(text, relativeTo: base) {
        case .success(let url): return url.absoluteString
        case .failure(let refusal):
            problems.note("\(label): \"\(field)\" \(refusal); shown without it")
            return nil
        }
    }

    /// The Learn More link: absolute http(s) only, since it leaves the app.
    mutating func link(_ value: LooseText?, label: String) -> String? {
        guard let value else { return nil }
        guard let text = value.text, case .success(let url) = WebAddress.http(text) else {
            problems.note("\(label): \"detail.learnMore\" must be an absolute http(s) URL; shown without it")
            return nil
        }
        return url.absoluteString
    }
}
