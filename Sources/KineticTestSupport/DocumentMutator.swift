import Foundation

/// A seeded random number generator (SplitMix64): the same seed gives the same run, so a fuzz failure is replayed
/// from the seed its message names.
package struct SeededGenerator: RandomNumberGenerator {
    /// The generator's whole state: it advances on every number drawn, so a copy replays from where it was taken.
    package var state: UInt64

    /// A generator that starts from `state`, the seed a failure's message names.
    package init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutated copies of a valid JSON document, for the decoders' fuzz tests: values swapped for other types, nulls,
/// huge and tiny numbers, "NaN" and "Infinity" as text, addresses no client should fetch, long and unusual strings,
/// keys dropped, elements multiplied, deep nesting, and the bytes themselves cut short or flipped.
package struct DocumentMutator {
    /// The generator the mutations draw from; its `state` is where the next document's mutations start.
    package private(set) var random: SeededGenerator
    private let original: Any
    private let originalBytes: Data

    /// - Parameters:
    ///   - document: a valid document, as JSON.
    ///   - seed: the run's seed.
    package init(document: Data, seed: UInt64) throws {
        originalBytes = document
        original = try JSONSerialization.jsonObject(with: document, options: [.fragmentsAllowed])
        random = SeededGenerator(state: seed)
    }

    /// The next mutated document (one to three mutations of the original).
    package mutating func next() -> Data {
        if Int.random(in: 0..<5, using: &random) == 0 { return mutatedBytes() }
        var value = original
        for _ in 0..<Int.random(in: 1...3, using: &random) { value = mutate(value, depth: 0) }
        do {
            return try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        } catch {
            return mutatedBytes()  // a value JSON cannot hold (none is made here): fall back to the bytes
        }
    }

    /// One mutation somewhere in `value`: at this level or, more often, further down.
    private mutating func mutate(_ value: Any, depth: Int) -> Any {
        if let object = value as? [String: Any], !object.isEmpty, depth < 12, Int.random(in: 0..<4, using: &random) > 0 {
            var copy = object
            let keys = object.keys.sorted()
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            if Int.random(in: 0..<6, using: &random) == 0 {
                copy[key] = nil
            } else {
                copy[key] = mutate(object[key] as Any, depth: depth + 1)
            }
            return copy
        }
        if let array = value as? [Any], !array.isEmpty, depth < 12, Int.random(in: 0..<4, using: &random) > 0 {
            var copy = array
            let index = Int.random(in: 0..<array.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: copy.append(contentsOf: Array(repeating: array[index], count: Int.random(in: 1...50, using: &random)))
            case 1: copy.remove(at: index)
            default: copy[index] = mutate(array[index], depth: depth + 1)
            }
            return copy
        }
        return hostileValue()
    }

    /// A value a server might send where another was expected.
    private mutating func hostileValue() -> Any {
        switch Int.random(in: 0..<22, using: &random) {
        case 0: return NSNull()
        case 1: return 1e308
        case 2: return -1e308
        case 3: return Double.leastNonzeroMagnitude  // 4.9e-324, the smallest subnormal
        case 4: return Int.max
        case 5: return -1
        case 6: return 0.5
        case 7: return true
        case 8: return ""
        case 9: return String(repeating: "é", count: Int.random(in: 1000...20_000, using: &random))
        case 10: return "NaN"
        case 11: return "Infinity"
        case 12: return "http://127.0.0.1:99999/x.svg"
        case 13: return "javascript:alert(1)"
        case 14: return "file:///etc/passwd"
        case 15: return "../../../../etc/passwd"
        case 16: return "\u{0}\u{FEFF}\u{202E}💥"
        case 17: return [Any]()
        case 18: return [String: Any]()
        case 19: return "#GGGGGG"
        case 20:
            var nested: Any = 1
            for _ in 0..<Int.random(in: 10...3000, using: &random) { nested = [nested] }
            return nested
        default:
            return [String(repeating: "k", count: 64): Array(repeating: "x", count: Int.random(in: 0...500, using: &random))]
        }
    }

    /// The original's bytes cut short, flipped, or with a stray byte.
    private mutating func mutatedBytes() -> Data {
        var bytes = [UInt8](originalBytes)
        guard !bytes.isEmpty else { return Data([0xFF]) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
        case 1: bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
        }
        return Data(bytes)
    }
}

/// How many documents each decoder's fuzz reads: 5,000 in `make test`, `KINETIC_FUZZ_DOCUMENTS` (100,000 in
/// `make fuzz`) otherwise; `KINETIC_FUZZ_SEED` replays a failure.
package enum DocumentFuzzBudget {
    /// Documents per decoder: `KINETIC_FUZZ_DOCUMENTS` when set to a number, else 5,000.
    package static var documents: Int {
        ProcessInfo.processInfo.environment["KINETIC_FUZZ_DOCUMENTS"].flatMap(Int.init) ?? 5_000
    }

    /// `KINETIC_FUZZ_SEED` (decimal, or hex after `0x`) when it is set and reads as a number, else the test's `value`.
    package static func seed(default value: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["KINETIC_FUZZ_SEED"] else { return value }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? value : UInt64(text) ?? value
    }
}
