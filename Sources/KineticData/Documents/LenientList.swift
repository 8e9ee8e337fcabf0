import Foundation
import KineticPlatform

/// A JSON list read one element at a time: an element that does not decode is kept as a refusal naming its place
/// and the reason, and the elements after it still decode. The documents' top-level types declare their lists as
/// `LenientList<Element>`, so one bad costume, node or message never costs the others.
public struct LenientList<Element: Decodable>: Decodable {
    /// Each element in order: decoded, or refused with its reason.
    public var elements: [Result<Element, ElementRefusal>]

    /// Decodes each element on its own; throws only when the JSON is not a list.
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Result<Element, ElementRefusal>] = []
        while !container.isAtEnd {
            let index = container.currentIndex
            let attempt = try container.decode(Attempt.self)
            if let element = attempt.element {
                elements.append(.success(element))
            } else {
                elements.append(.failure(ElementRefusal(index: index, id: attempt.id, reason: attempt.failure)))
            }
        }
        self.elements = elements
    }

    /// One element's decoding, which never throws: a failure is kept as its reason.
    private struct Attempt: Decodable {
        var element: Element?
        var failure = ""
        /// The element's `id`, when it has a readable one, to name it in a refusal.
        let id: String?

        init(from decoder: Decoder) {
            do {
                element = try Element(from: decoder)
            } catch let error as DecodingError {
                failure = FieldDescription.reason(for: error, below: decoder.codingPath)
            } catch {
                failure = FieldDescription.reason(forParserError: error)
            }
            id = IDField.read(from: decoder)
        }
    }
}

/// Why one element of a list was left out.
public struct ElementRefusal: Error, Equatable, Sendable {
    /// Its place in the list, from 0.
    public var index: Int
    /// Its `id`, when it had a readable one.
    public var id: String?
    /// What was wrong, naming the field.
    public var reason: String
}

/// Reads an element's `id` for naming it, when the element is an object with a string `id`; anything else is `nil`.
enum IDField {
    private enum Key: String, CodingKey { case id }

    static func read(from decoder: Decoder) -> String? {
        do {
            return try decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .id)
        } catch {
            return nil  // not an object, or an id that is not text: the element is named by its place alone
        }
    }
}

/// Says what a `DecodingError` means for the person who wrote the document: which field, and what it must be.
enum FieldDescription {
    /// The reason, with field paths relative to `base` (the element's own place).
    static func reason(for error: DecodingError, below base: [CodingKey]) -> String {
        func field(_ path: [CodingKey]) -> String {
            path.dropFirst(base.count).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let name = field(context.codingPath + [key])
            return "\"\(name)\" is missing"
        case .typeMismatch(let type, let context):
            let name = field(context.codingPath)
            return name.isEmpty ? "not \(kind(type))" : "\"\(name)\" must be \(kind(type))"
        case .valueNotFound(let type, let context):
            let name = field(context.codingPath)
            return name.isEmpty ? "not \(kind(type))" : "\"\(name)\" must be \(kind(type)), not null"
        case .dataCorrupted(let context):
            let name = field(context.codingPath)
            return name.isEmpty ? context.debugDescription : "\"\(name)\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Foundation's JSON parser's own errors, which it throws where a value is read (not as `DecodingError`), in
    /// a person's words (`ErrorWords`): a number no `Double` holds is said as one, whatever the parser calls it.
    static func reason(forParserError error: Error) -> String { ErrorWords.sentence(error) }

    /// A Swift type as a JSON writer knows it.
    static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is String?.Type: return "a string"
        case is Bool.Type, is Bool?.Type: return "true or false"
        case is Double.Type, is Int.Type, is Double?.Type, is Int?.Type: return "a number"
        default:
            // A list is asked for as `[Any]` (an unkeyed container); everything else here is an object.
            return ObjectIdentifier(type) == ObjectIdentifier([Any].self) ? "a list" : "an object"
        }
    }
}

/// An element of a document's list that names itself and knows what is wrong with its own values.
public protocol DocumentElement: Decodable {
    /// Unique in the document.
    var id: String { get }
    /// What is wrong with the element's values, or `nil`.
    var problem: String? { get }
}

extension LenientList where Element: DocumentElement {
    /// The elements a document keeps, each with the label its later refusals use: every element that decoded, whose
    /// values are sound, whose id was not seen before, up to `limit`. Every other one is said in `problems`, those
    /// past the limit in one line (a document of a million elements costs a line, not a million).
    /// - Parameter list: the list's key in the document (`costumes`), for the labels.
    /// - Parameter limit: the most elements kept; the rest are left out and counted in one line.
    /// - Parameter problems: where the elements left out are said, one line each (those past `limit` in one).
    public func accepted(in list: String, limit: Int = .max, problems: inout DocumentProblems) -> [(element: Element, label: String)] {
        var accepted: [(element: Element, label: String)] = [], seen = Set<String>()
        var pastLimit = 0
        defer { if pastLimit > 0 { problems.note("\(pastLimit) more \(list) left out: at most \(limit) \(list) in one document") } }
        for (index, decoded) in elements.enumerated() {
            guard accepted.count < limit else {
                pastLimit += 1
                continue
            }
            let element: Element
            switch decoded {
            case .failure(let refusal):
                problems.refused(refusal, in: list)
                continue
            case .success(let value):
                element = value
            }
            let label = DocumentProblems.label("\(list)[\(index)]", id: element.id)
            if let problem = element.problem { problems.leftOut(label, problem); continue }
            guard seen.insert(element.id).inserted else { problems.leftOut(label, "duplicate id"); continue }
            accepted.append((element, label))
        }
        return accepted
    }
}
