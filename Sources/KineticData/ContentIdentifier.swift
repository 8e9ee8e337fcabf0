/// The rule for ids that come from content (costumes, honeycomb nodes): they become parts of layer identifiers
/// and file names, so they are kept to 1 to 64 letters, digits, `-` and `_`.
public enum ContentIdentifier {
    /// Why `id` cannot serve as an id, or `nil` when it can.
    public static func problem(_ id: String) -> String? {
        if id.isEmpty || id.count > 64 || !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            return "id \"\(id)\" must be 1 to 64 letters, digits, - or _"
        }
        return nil
    }
}
