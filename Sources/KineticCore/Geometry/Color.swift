/// An sRGB colour with straight (not premultiplied) alpha; every component in 0...1.
public struct Color: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The red, green, blue and alpha components, each in 0...1 (alpha is straight, not premultiplied).
    public var red, green, blue, alpha: Double

    /// A colour from components in 0...1; opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// A colour from 8-bit components.
    public init(red8: Int, green8: Int, blue8: Int, alpha: Double = 1) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: alpha)
    }

    /// Parses "#RGB", "#RRGGBB" or "#RRGGBBAA" (the "#" is optional).
    /// - Throws: `ColorError.invalidHex` naming the text when it is anything else.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else {
            throw ColorError.invalidHex(hex)
        }
        func component(_ shift: UInt64, _ bits: UInt64 = 8) -> Double {
            let mask: UInt64 = (1 << bits) - 1
            return Double((value >> shift) & mask) / Double(mask)
        }
        switch digits.count {
        case 3: self.init(red: component(8, 4), green: component(4, 4), blue: component(0, 4))
        case 6: self.init(red: component(16), green: component(8), blue: component(0))
        case 8: self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
        default: throw ColorError.invalidHex(hex)
        }
    }

    /// "#RRGGBB", or "#RRGGBBAA" when not opaque.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let text = String(Int(saturating: min(max(v, 0), 1) * 255, bound: 255), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// The same colour with its alpha replaced by `alpha` (0...1), leaving red, green and blue untouched.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour as hex text, as `hex` spells it.
    public var description: String { hex }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black: the colour of nothing drawn.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque mid grey (every component 0.5).
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
}

/// Why a colour could not be made.
public enum ColorError: Error, Equatable, CustomStringConvertible {
    case invalidHex(String)

    /// What was wrong with the text, in a sentence for a log or an error message.
    public var description: String {
        switch self {
        case .invalidHex(let text): return "invalid hex colour \"\(text)\" (expected #RGB, #RRGGBB or #RRGGBBAA)"
        }
    }
}
