import Foundation

/// The benchmark's command line. Every word is checked: a flag it does not know, or a value that does not parse,
/// stops it with a message naming the word, rather than a 20-second run that silently ignored what was asked.
struct BenchOptions {
    /// `--bands N`: composite in N bands instead of one per core (to see how the work divides).
    var bands: Int?
    /// `--only NAME`: run just the scenes whose title contains NAME (for profiling one).
    var only: String?
    /// `--slowest N`: list each app scene's N slowest frames: what was simulated, rasterised and composited.
    var slowest: Int?
    /// `--export-draws FOLDER`: write the shared and worst-case scenes' frames for `make bench-peers` (`DrawExport`).
    var exportFolder: URL?

    static let usage = """
        usage: kinetic-bench [--bands N] [--only NAME] [--slowest N] [--export-draws FOLDER]
          --bands N              composite in N bands (1–16) instead of one per core
          --only NAME            run only the scenes whose title contains NAME
          --slowest N            list each app scene's N slowest frames (0–600)
          --export-draws FOLDER  write the shared and worst-case scenes' frames for make bench-peers
        """

    enum Problem: Error, CustomStringConvertible {
        case unknown(String)
        case missingValue(String)
        case badValue(flag: String, value: String, expected: String)

        var description: String {
            switch self {
            case .unknown(let word): return "unknown argument '\(word)'"
            case .missingValue(let flag): return "\(flag) needs a value"
            case .badValue(let flag, let value, let expected): return "\(flag) '\(value)': expected \(expected)"
            }
        }
    }

    /// Reads `arguments` (without the program's name). `--help` is reported as `nil`: print the usage and stop.
    static func parse(_ arguments: [String]) throws -> BenchOptions? {
        var options = BenchOptions()
        var words = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = words.popFirst() else { throw Problem.missingValue(flag) }
            return next
        }
        func count(_ flag: String, in range: ClosedRange<Int>) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), range.contains(number) else {
                throw Problem.badValue(flag: flag, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        while let word = words.popFirst() {
            switch word {
            case "--help", "-h": return nil
            case "--bands": options.bands = try count(word, in: 1...16)
            case "--only": options.only = try value(word)
            case "--slowest": options.slowest = try count(word, in: 0...600)
            case "--export-draws": options.exportFolder = URL(fileURLWithPath: try value(word))
            default: throw Problem.unknown(word)
            }
        }
        return options
    }
}
