import Foundation

/// What went wrong, in a person's words, for the errors Foundation throws at the program's edges: its JSON parser's
/// (`cannotConvertInputStringDataToUTF8(location: …)` becomes "the text is not valid UTF-8 (line 1, column 9)") and
/// its file errors (`NSCocoaErrorDomain Code=640 "(null)"` becomes "the disk is full"). Every message that quotes
/// an error from a file, a document or a scenario goes through here, so none prints a type's debug dump.
public enum ErrorWords {
    /// The error as a clause that can follow "could not be read (" or "could not save …: "; a file error starts
    /// with the file's path unless `namingPath` is false (the caller names the file itself).
    public static func sentence(_ error: Error, namingPath: Bool = true) -> String {
        if let decoding = error as? DecodingError, let underlying = decoding.underlying { return sentence(underlying, namingPath: namingPath) }
        if let parser = parserSentence(error) { return parser }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain { return fileSentence(ns, namingPath: namingPath) }
        if ns.domain == NSPOSIXErrorDomain { return posixSentence(Int32(truncatingIfNeeded: ns.code)) }
        return "\(error)"
    }

    /// Why `data` is not JSON that decodes, for when the decoder said only "The given data was not valid JSON" (as
    /// it does for bytes that are not UTF-8, and for a number no Swift type holds): the first byte that is not
    /// UTF-8, or the number, or else that it is malformed.
    public static func notJSON(_ data: Data) -> String {
        var bytes = data.makeIterator(), parser = Unicode.UTF8.ForwardParser(), offset = 0
        scan: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return "the byte at offset \(offset) is not UTF-8 text"
            case .emptyInput: break scan
            }
        }
        // A probe, not a read: whether Foundation's looser parser takes the text is the answer (nil: it does not).
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            return "it holds a number too large to read: a whole number must be within ±9223372036854775807"
        }
        return "malformed or cut short"
    }

    /// Foundation's JSON parser's errors (an internal enum, read by its case name and the location's line and column).
    static func parserSentence(_ error: Error) -> String? {
        guard String(reflecting: type(of: error)).contains("JSONError"),
              let child = Mirror(reflecting: error).children.first, let name = child.label else { return nil }
        let words: String
        switch name {
        case "cannotConvertInputStringDataToUTF8", "invalidUTF8Sequence": words = "the text is not valid UTF-8"
        case "unexpectedEndOfFile": words = "the text ends before the JSON does"
        case "unexpectedCharacter": words = "a character JSON does not allow there"
        case "tooManyNestedArraysOrDictionaries": words = "lists and objects nested too deep"
        case "unescapedControlCharacterInString": words = "a control character inside a string"
        case "invalidEscapedNullValue", "invalidHexDigitSequence", "invalidSurrogatePairs", "couldNotCreateUnicodeScalarFromUInt32":
            words = "a \\u escape that is not a character"
        case "numberIsNotRepresentableInSwift":
            let parsed = Mirror(reflecting: child.value).children.first.map { "\($0.value)" } ?? "\(child.value)"
            return "a number out of range (\(parsed))"
        case "singleFragmentFoundButNotAllowed": words = "a lone value where an object belongs"
        default: words = "not JSON (\(name))"
        }
        return words + place(in: child.value)
    }

    /// ` (line L, column C)` when the parser said where, else nothing.
    private static func place(in value: Any) -> String {
        var line: Int?, column: Int?
        func search(_ value: Any, depth: Int) {
            guard depth < 4 else { return }
            for child in Mirror(reflecting: value).children {
                switch child.label {
                case "line": line = child.value as? Int
                case "column": column = child.value as? Int
                default: search(child.value, depth: depth + 1)
                }
            }
        }
        search(value, depth: 0)
        guard let line, let column else { return "" }
        return " (line \(line), column \(column))"
    }

    /// Foundation's file errors, by code, with the system's reason where it gave one.
    private static func fileSentence(_ error: NSError, namingPath: Bool) -> String {
        let path = namingPath ? (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path : nil
        let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: $0.code) : nil }
        var what: String
        let code = CocoaError.Code(rawValue: error.code)
        switch code {
        case .fileWriteFileExists: what = "something is already there (a file where a folder is needed, or the other way round)"
        case .fileReadTooLarge: what = "the file is too large"
        case .fileReadCorruptFile: what = "the file cannot be read"
        case .fileReadInapplicableStringEncoding: what = "the text is not in a known encoding"
        default:
            if let posix { what = posixSentence(posix) } else if let described = error.userInfo[NSLocalizedDescriptionKey] as? String {
                what = described
            } else {
                what = "the system refused (\(error.code))"
            }
        }
        // The disk full, a file missing, not permitted, read-only: said as `FileProblem` says them.
        if let kind = FileProblem.kind(ofFileErrorCode: code) { what = kind.description }
        let reason = posix.map { " (\(posixSentence($0)))" } ?? ""
        let shownReason = what == posix.map(posixSentence) ? "" : reason
        return (path.map { "\($0): " } ?? "") + what + shownReason
    }

    /// A system error number as a person reads it: "the disk is full" for ENOSPC (and a full quota), else the
    /// system's reason, lower-cased.
    public static func systemError(_ code: Int32) -> String {
        code == ENOSPC || code == EDQUOT ? "the disk is full" : posixSentence(code)
    }

    /// A system error number as its reason, lower-cased (`Is a directory` becomes "is a directory").
    private static func posixSentence(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension DecodingError {
    /// The error the parser threw beneath this one, if any: when there is one, it, not the decoding error, says what
    /// was wrong (the bytes were not JSON), so callers describe it through `ErrorWords`.
    public var underlying: Error? {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.underlyingError
        @unknown default: return nil
        }
    }
}
