import Foundation
import KineticCore

/// Reads `GET /api/current_costumes.json`: `{"costumes": [ {costume}, … ]}`, image URLs absolute or relative to
/// the catalogue's own URL.
///
/// One bad costume does not spoil the others: each is decoded on its own (`LenientList`), and one with a missing
/// or mistyped field, invalid values, a duplicate id, or an image URL that is not http(s) (file, for a catalogue
/// read from disk) or points back at the catalogue itself is left out with a reason.
public enum RemoteCatalog {
    /// The most costumes one catalogue may bring: the wheel shows them twelve to a page (`DisguiseState`'s pages), so
    /// this is about nine pages; few enough that a server listing thousands costs a line in the log, not thousands of
    /// downloads.
    public static let maximumCostumes = 100

    /// The costumes that were kept and one line per costume left out.
    public struct Decoded: Sendable {
        /// The costumes kept, in document order, their image URLs made absolute.
        public var costumes: [Costume]
        /// One line per costume left out; empty when the catalogue was sound.
        public var problems: [String]
    }

    /// The document's shape on the wire.
    private struct File: Decodable {
        let costumes: LenientList<Costume>
    }

    /// - Throws: `DocumentError` when `data` is not JSON or has no `costumes` list.
    public static func decode(_ data: Data, catalogURL: URL) throws -> Decoded {
        let name = catalogURL.absoluteString
        let file = try DocumentDecoder.decode(File.self, from: data, name: name)
        var costumes: [Costume] = [], problems = DocumentProblems(document: name)
        for (accepted, label) in file.costumes.accepted(in: "costumes", limit: maximumCostumes, problems: &problems) {
            var costume = accepted
            do {
                costume.icon = try imageURL(costume.icon, catalogURL: catalogURL, field: "icon").absoluteString
                costume.worn = try imageURL(costume.worn, catalogURL: catalogURL, field: "worn").absoluteString
            } catch {
                problems.leftOut(label, "\(error)")
                continue
            }
            costumes.append(costume)
        }
        return Decoded(costumes: costumes, problems: problems.lines)
    }

    struct BadImageURL: Error, CustomStringConvertible {
        let description: String
    }

    /// Resolves an image reference against the catalogue's URL and checks it can only be an image fetch: http(s)
    /// for a served catalogue (`WebAddress`), a file beside it for one read from disk, never the catalogue itself.
    static func imageURL(_ text: String, catalogURL: URL, field: String) throws -> URL {
        let url: URL
        if catalogURL.isFileURL {
            guard let file = URL(string: text, relativeTo: catalogURL)?.absoluteURL, file.isFileURL else {
                throw BadImageURL(description: "\(field) URL \"\(text)\" is not a file beside the catalogue")
            }
            url = file
        } else {
            switch WebAddress.http(text, relativeTo: catalogURL) {
            case .success(let address): url = address
            case .failure(let refusal): throw BadImageURL(description: "\(field) URL \(refusal)")
            }
        }
        if url.standardized.absoluteString == catalogURL.standardized.absoluteString || url.path == catalogURL.path {
            throw BadImageURL(description: "\(field) URL \"\(text)\" points back at the catalogue")
        }
        return url.standardized
    }
}
