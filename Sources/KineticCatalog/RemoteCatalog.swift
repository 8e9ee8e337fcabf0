import Foundation

/// Reads `GET /api/current_costumes.json`: `{"costumes": [ {costume}, … ]}`, image URLs absolute or relative to
/// the catalogue's own URL.
///
/// One bad costume does not spoil the others: each is decoded on its own, and one with a missing or mistyped
/// field, invalid values, a duplicate id, or an image URL that is not http(s)/file (or points back at the
/// catalogue itself) is left out with a reason.
public enum RemoteCatalog {
    public struct Decoded: Sendable {
        public var costumes: [Costume]
        public var problems: [String]
    }

    /// Why the catalogue as a whole could not be read.
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case invalidJSON(String)
        case wrongShape(String)

        public var description: String {
            switch self {
            case .invalidJSON(let reason): return "the catalogue is not valid JSON (\(reason))"
            case .wrongShape(let reason): return "the catalogue has the wrong shape: \(reason)"
            }
        }
    }

    public static func decode(_ data: Data, catalogURL: URL) throws -> Decoded {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw DecodeError.invalidJSON(error.localizedDescription)
        }
        guard let top = object as? [String: Any] else {
            throw DecodeError.wrongShape("expected an object with a \"costumes\" array, got \(object is [Any] ? "an array" : "a \(type(of: object))")")
        }
        guard let items = top["costumes"] as? [Any] else { throw DecodeError.wrongShape("\"costumes\" is missing or not an array") }
        var costumes: [Costume] = [], problems: [String] = [], seen = Set<String>()
        for (index, item) in items.enumerated() {
            do {
                let itemData = try JSONSerialization.data(withJSONObject: item)
                var costume = try JSONDecoder().decode(Costume.self, from: itemData)
                if let problem = costume.problem { problems.append("costume \(index): \(problem)"); continue }
                guard seen.insert(costume.id).inserted else { problems.append("costume \(index): duplicate id \(costume.id)"); continue }
                costume.icon = try imageURL(costume.icon, catalogURL: catalogURL, field: "icon").absoluteString
                costume.worn = try imageURL(costume.worn, catalogURL: catalogURL, field: "worn").absoluteString
                costumes.append(costume)
            } catch let error as DecodingError {
                problems.append("costume \(index): \(describe(error))")
            } catch {
                problems.append("costume \(index): \(error)")
            }
        }
        return Decoded(costumes: costumes, problems: problems)
    }

    struct BadImageURL: Error, CustomStringConvertible {
        let description: String
    }

    /// Resolves an image reference against the catalogue's URL and checks it can only be an image fetch.
    static func imageURL(_ text: String, catalogURL: URL, field: String) throws -> URL {
        guard let url = URL(string: text, relativeTo: catalogURL)?.absoluteURL, let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme), scheme == catalogURL.scheme?.lowercased() || catalogURL.isFileURL == url.isFileURL else {
            throw BadImageURL(description: "\(field) URL \"\(text)\" is not an http(s) address")
        }
        if url.standardized.absoluteString == catalogURL.standardized.absoluteString || url.path == catalogURL.path {
            throw BadImageURL(description: "\(field) URL \"\(text)\" points back at the catalogue")
        }
        return url.standardized
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is not \(type)"
        case .valueNotFound(_, let context): return "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is null"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
