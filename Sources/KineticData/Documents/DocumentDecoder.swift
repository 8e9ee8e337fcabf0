import Foundation
import KineticPlatform

/// Decodes a whole document with `JSONDecoder` and turns what went wrong into one `DocumentError`: bytes that are
/// not JSON, or JSON of another shape. The documents' element lists are `LenientList`s, so anything wrong inside
/// an element never reaches here.
public enum DocumentDecoder {
    /// - Parameters:
    ///   - type: the document's top-level shape.
    ///   - data: the bytes as downloaded or read.
    ///   - name: what the messages call the document (its URL, or "bundled nodes.json").
    public static func decode<Document: Decodable>(_ type: Document.Type, from data: Data, name: String) throws -> Document {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw DocumentError.notJSON(document: name, reason: notJSONReason(context, data))
            }
            throw DocumentError.wrongShape(document: name, reason: FieldDescription.reason(for: error, below: []))
        }
    }

    /// What the parser found, in a person's words (`ErrorWords`), not Foundation's error-domain wrapping.
    private static func notJSONReason(_ context: DecodingError.Context, _ data: Data) -> String {
        if let underlying = context.underlyingError { return ErrorWords.sentence(underlying) }
        return ErrorWords.notJSON(data)
    }
}

/// One line per element left out, in the same words for every document:
/// `NAME: PLACE "ID" left out: REASON`, PLACE being the list and index (`messages[3]`, `rootNode[1].node[7]`).
public struct DocumentProblems: Sendable, Equatable {
    /// What the lines call the document.
    public let document: String
    /// The problem lines so far, in the order they were found, each starting with the document's name: the first
    /// `namedLimit` one by one, then one line counting the rest (`and 99,990 more problems`), so a document of a
    /// hundred thousand bad entries makes eleven lines of log, not a hundred thousand.
    public var lines: [String] {
        unnamed == 0 ? named : named + ["\(document): and \(Self.grouped(unnamed)) more problems"]
    }
    /// How many problems of one document are said one by one; the rest are counted.
    public static let namedLimit = 10
    private var named: [String] = []
    private var unnamed = 0

    /// `n` with its thousands set apart by commas (99,990), as the count is read in English.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }

    private mutating func append(_ line: String) {
        if named.count < Self.namedLimit { named.append(line) } else { unnamed += 1 }
    }

    /// Starts an empty list of problems for the document called `document` in its lines.
    public init(document: String) { self.document = document }

    /// The label of an element: its place, and its id when it has one.
    public static func label(_ place: String, id: String?) -> String {
        id.map { "\(place) \"\($0)\"" } ?? place
    }

    /// An element left out, and why.
    public mutating func leftOut(_ label: String, _ reason: String) {
        append("\(document): \(label) left out: \(reason)")
    }

    /// Something wrong that did not cost the element (a field dropped, a summary).
    public mutating func note(_ text: String) {
        append("\(document): \(text)")
    }

    /// An element the list could not decode.
    public mutating func refused(_ refusal: ElementRefusal, in list: String) {
        leftOut(Self.label("\(list)[\(refusal.index)]", id: refusal.id), refusal.reason)
    }
}
