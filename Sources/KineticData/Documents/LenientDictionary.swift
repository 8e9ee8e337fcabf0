/// A JSON object read one value at a time: a value that does not decode is kept as a refusal naming its key and
/// the reason, and the others still decode. A person's saved placements are one, so one entry a newer or older
/// version wrote differently never costs the rest.
public struct LenientDictionary<Value: Decodable>: Decodable {
    /// The values that decoded, by key.
    public var values: [String: Value] = [:]
    /// The keys whose values did not, with why, in key order.
    public var refused: [(key: String, reason: String)] = []

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes each value on its own, in key order, keeping each failure in `refused`; throws when the JSON is not
    /// an object.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            do {
                values[key.stringValue] = try container.decode(Value.self, forKey: key)
            } catch let error as DecodingError {
                refused.append((key.stringValue, FieldDescription.reason(for: error, below: container.codingPath + [key])))
            }
        }
    }
}
