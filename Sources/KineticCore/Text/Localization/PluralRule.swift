/// Which plural form a count takes in a language, from the `plural=` expression of a gettext catalogue's
/// `Plural-Forms` header (`n != 1`, `n>1`, Arabic's `n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 :
/// n%100>=11 ? 4 : 5`): the C subset gettext itself evaluates (`n`, integers, `! % * / + - < <= > >= == != && || ?:` and
/// parentheses), parsed once and evaluated per count.
///
/// The rule is read from the catalogue rather than written per language here, so that a translator's catalogue
/// brings its own language's rule, as every gettext program does.
public struct PluralRule: Sendable, Equatable {
    /// How many forms the language has (`nplurals`).
    public let count: Int
    private let expression: Expression

    /// English's rule: one form for 1, another for every other count.
    public static let english = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The rule a `Plural-Forms` header gives (`nplurals=2; plural=(n != 1);`), or `nil` when it does not parse or
    /// names no forms.
    public init?(header: String) {
        var count: Int?, source: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { source = pair[1] }
        }
        guard let count, (1...6).contains(count), let source, var parser = Parser(source), let expression = parser.parse() else { return nil }
        self.init(count: count, expression: expression)
    }

    /// The form (0-based, below `count`) that `n` takes; an expression that gives something out of range gives the
    /// last form, as gettext does.
    public func form(for n: Int) -> Int {
        let value = expression.evaluate(n: max(n, 0))
        return (0..<count).contains(value) ? value : count - 1
    }

    // MARK: The expression

    private indirect enum Expression: Sendable, Equatable {
        case n
        case number(Int)
        case not(Expression)
        case binary(String, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func evaluate(n: Int) -> Int {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand): return operand.evaluate(n: n) == 0 ? 1 : 0
            case .choice(let test, let yes, let no): return test.evaluate(n: n) != 0 ? yes.evaluate(n: n) : no.evaluate(n: n)
            case .binary(let op, let left, let right):
                let a = left.evaluate(n: n), b = right.evaluate(n: n)
                switch op {
                case "%": return b == 0 ? 0 : a % b
                case "/": return b == 0 ? 0 : a / b
                case "*": return a.multipliedReportingOverflow(by: b).partialValue
                case "+": return a.addingReportingOverflow(b).partialValue
                case "-": return a.subtractingReportingOverflow(b).partialValue
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "&&": return a != 0 && b != 0 ? 1 : 0
                default: return a != 0 || b != 0 ? 1 : 0  // "||", the only other operator the parser makes
                }
            }
        }
    }

    /// A precedence-climbing parser over the expression's tokens; `nil` for anything outside the subset, or deeper
    /// than a catalogue needs (a hostile header cannot recurse without end).
    private struct Parser {
        private var tokens: [String]
        private var position = 0
        private var depth = 0
        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        init?(_ source: String) {
            var tokens: [String] = []
            var characters = Array(source.trimmingWhitespace)
            if characters.last == ";" { characters.removeLast() }
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "\t" { index += 1; continue }
                if character.isNumber {
                    var digits = ""
                    while index < characters.count, characters[index].isNumber, digits.count < 9 { digits.append(characters[index]); index += 1 }
                    tokens.append(digits)
                    continue
                }
                let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
                if ["<=", ">=", "==", "!=", "&&", "||"].contains(pair) {
                    tokens.append(pair)
                    index += 2
                    continue
                }
                guard "n!%*/+-<>?:()".contains(character) else { return nil }
                tokens.append(String(character))
                index += 1
            }
            guard tokens.count <= 400 else { return nil }
            self.tokens = tokens
        }

        mutating func parse() -> Expression? {
            guard let expression = choice(), position == tokens.count else { return nil }
            return expression
        }

        private var next: String? { position < tokens.count ? tokens[position] : nil }

        private mutating func choice() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64, let test = binary(level: 0) else { return nil }
            guard next == "?" else { return test }
            position += 1
            guard let yes = choice(), next == ":" else { return nil }
            position += 1
            guard let no = choice() else { return nil }
            return .choice(test, yes, no)
        }

        private mutating func binary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = next, Self.levels[level].contains(op) {
                position += 1
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64, let token = next else { return nil }
            position += 1
            switch token {
            case "n": return .n
            case "!": return unary().map { .not($0) }
            case "(":
                guard let inner = choice(), next == ")" else { return nil }
                position += 1
                return inner
            default: return Int(token).map { .number($0) }
            }
        }
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    var trimmingWhitespace: String { self[...].trimmingWhitespace }
}
