import Foundation

/// What an SVG may ask librsvg to compute, checked on its text before it is drawn. A few filter primitives cost in
/// proportion to a number the file chooses (`feTurbulence`'s octaves, a blur's or a morphology's radius, a
/// convolution's order): 199 bytes asking for 100,000 octaves take half a minute of CPU for one bubble. Those
/// numbers are held to what any picture the apps show needs; anything past them is refused with its name.
enum SVGCostBudget {
    /// The greatest value each costly attribute may have.
    static let limits: [(attribute: String, maximum: Double)] = [
        ("numOctaves", 8), ("stdDeviation", 200), ("radius", 100), ("order", 9), ("kernelUnitLength", 100),
    ]

    /// Why the SVG text `data` asks for more than the budget, or `nil`.
    static func problem(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        for (attribute, maximum) in limits {
            var searchStart = text.startIndex
            while let found = text.range(of: attribute, range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                // A name on its own (not the end of `border`), followed by a value.
                if found.lowerBound > text.startIndex {
                    let before = text[text.index(before: found.lowerBound)]
                    if before.isLetter || before == "-" { continue }
                }
                guard let value = firstNumber(after: found.upperBound, in: text) else { continue }
                if !(value <= maximum) {
                    return "asks for \(attribute) \(value), more than the \(Int(maximum)) an image may use"
                }
            }
        }
        return nil
    }

    /// The first number of an attribute's value after its name at `index` (`="100000"`, `: 1e9` in a style); `nil`
    /// when no `=` or `:` follows the name, or something other than a number comes first.
    private static func firstNumber(after index: String.Index, in text: String) -> Double? {
        var start = index
        while start < text.endIndex, " \t\n".contains(text[start]) { start = text.index(after: start) }
        guard start < text.endIndex, text[start] == "=" || text[start] == ":" else { return nil }
        while start < text.endIndex, "=: \t\n\"'".contains(text[start]) { start = text.index(after: start) }
        var end = start
        while end < text.endIndex, "0123456789.eE+-".contains(text[end]) || text[end].isLetter && "infINF".contains(text[end]) {
            end = text.index(after: end)
        }
        return end > start ? Double(text[start..<end]) : nil
    }
}
