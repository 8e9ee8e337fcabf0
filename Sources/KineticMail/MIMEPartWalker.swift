import CGMime
import Foundation

/// GMime's one-time set-up, which must run before any other GMime call and only once.
enum GMimeLibrary {
    /// Runs `g_mime_init` the first time it is read: Swift runs a static `let`'s initializer exactly once, even when
    /// threads race to it, so every parse reads this first.
    static let ready: Void = g_mime_init()
}

/// Building a GMime message from bytes and reading its headers.
enum GMimeParsing {
    /// Parses `bytes` and hands the message to `body`, releasing it (and all its parts) when `body` returns; throws
    /// `MIMEError.notMIME` when GMime builds no message.
    static func withMessage<Result>(of bytes: [UInt8],
                                    _ body: (UnsafeMutablePointer<GMimeMessage>) throws -> Result) throws -> Result {
        _ = GMimeLibrary.ready
        // The memory stream copies the bytes, so it does not outlive the buffer it is made from.
        let stream = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { g_mime_stream_mem_new_with_buffer($0.baseAddress, $0.count) }
        }
        guard let stream else { throw MIMEError.notMIME }
        // The parser holds its own reference to the stream.
        let parser = g_mime_parser_new_with_stream(stream)
        g_object_unref(stream)
        guard let parser else { throw MIMEError.notMIME }
        let message = g_mime_parser_construct_message(parser, nil)
        g_object_unref(parser)
        guard let message else { throw MIMEError.notMIME }
        defer { g_object_unref(message) }
        return try body(message)
    }

    /// The decoded Subject of `message` (GMime decodes RFC 2047 words), "" if there is none.
    static func subject(of message: UnsafeMutablePointer<GMimeMessage>) -> String {
        g_mime_message_get_subject(message).map { String(cString: $0) } ?? ""
    }

    /// The From of `message` as display text, names decoded ("Ana Lima <ana@example.org>"), "" if there is none.
    static func sender(of message: UnsafeMutablePointer<GMimeMessage>) -> String {
        guard let addresses = g_mime_message_get_from(message),
              let rendered = internet_address_list_to_string(addresses, nil, 0) else { return "" }
        defer { g_free(rendered) }
        return String(cString: rendered)
    }
}

/// What walking a message's parts found.
struct MIMEContents {
    /// The readable text of each part shown as text, in the message's order, none of them empty.
    var textPieces: [String] = []
    /// The parts that are files, in the message's order.
    var attachments: [MIMEAttachment] = []
    /// The bytes of the files a walk was asked for (`MIMEPartWalker.contents(of:keepingFiles:)`), by their place among
    /// `attachments`, decoded: a file's content with the transfer encoding undone, an embedded message as written out.
    var keptFiles: [Int: [UInt8]] = [:]
}

/// Walks a message's tree of parts depth first, in order, with a stack of its own rather than recursion (so a deep
/// message cannot exhaust the thread's stack), visiting at most `MIMELimits.parts` parts no deeper than
/// `MIMELimits.depth`, and sorts each leaf into text to show or an attachment, as neomutt shows mail:
///
/// - an embedded message (a forward, each message of a digest) is shown inline: its From, Date and Subject under a
///   rule, then its own parts, walked as the message's;
/// - a text part (plain or HTML) is shown even when it carries a file name, unless it is marked an attachment; named,
///   it is listed as a file too;
/// - `format=flowed` text (RFC 3676) is reflowed into its paragraphs;
/// - a multipart whose parts could not be found (a boundary that never comes) shows the text before them.
struct MIMEPartWalker {
    /// A part waiting to be visited.
    private struct PendingPart {
        /// The part; GMime's message owns it for the whole walk.
        let object: UnsafeMutablePointer<GMimeObject>
        /// How many multiparts hold it (the message's own part is at 0).
        let depth: Int
        /// Whether its text belongs in the body shown: false inside an alternative not chosen.
        let showsText: Bool
    }

    /// The parts still to visit, the next one last.
    private var pending: [PendingPart] = []
    /// How many more parts may be visited.
    private var partsLeft = MIMELimits.parts
    /// How many characters of text are collected so far; past `MIMELimits.textCharacters` no more text is read.
    private var textCharacters = 0
    /// What the walk found so far.
    private var contents = MIMEContents()

    /// The files, by their places among the attachments, whose bytes the walk keeps.
    private var filesToKeep: Range<Int> = 0..<0

    /// The text and attachments of the tree under `root` (a message's own part; nil for a message without a body),
    /// and the bytes of the attachments numbered `keepingFiles` (counted from 0 in the order they are listed).
    static func contents(of root: UnsafeMutablePointer<GMimeObject>?, keepingFiles: Range<Int> = 0..<0) -> MIMEContents {
        var walker = MIMEPartWalker()
        walker.filesToKeep = keepingFiles
        if let root { walker.pending.append(PendingPart(object: root, depth: 0, showsText: true)) }
        // Every turn removes one pending part and spends one of `partsLeft`, so the loop ends.
        while walker.partsLeft > 0, let part = walker.pending.popLast() {
            walker.partsLeft -= 1
            walker.visit(part)
        }
        return walker.contents
    }

    /// Sorts `part` by kind: a multipart queues its children, an embedded message and a leaf are read.
    private mutating func visit(_ part: PendingPart) {
        if let multipart = kinetic_as_multipart(part.object) {
            queueChildren(of: multipart, under: part)
        } else if let embedded = kinetic_as_message_part(part.object) {
            embed(embedded, under: part)
        } else if let leaf = kinetic_as_part(part.object) {
            read(leaf, object: part.object, showsText: part.showsText)
        }
        // Any other kind of object holds nothing to show.
    }

    /// Queues the children of `multipart` (no more than may still be visited, none past `MIMELimits.depth`) so they
    /// are visited in order; of an alternative's children only the one `chosenAlternative` picks shows its text.
    private mutating func queueChildren(of multipart: UnsafeMutablePointer<GMimeMultipart>, under parent: PendingPart) {
        guard parent.depth < MIMELimits.depth else { return }
        if g_mime_multipart_get_count(multipart) == 0 {
            // No part was found: what there is is text before a boundary that never came.
            let prologue = g_mime_multipart_get_prologue(multipart).map { String(cString: $0) } ?? ""
            if parent.showsText { appendText(ReadableText.normalized(String(prologue.prefix(MIMELimits.textCharacters)))) }
            return
        }
        let count = min(Int(g_mime_multipart_get_count(multipart)), partsLeft)
        let children = (0..<count).compactMap { g_mime_multipart_get_part(multipart, Int32($0)) }
        let isAlternative = MIMEType.of(parent.object) == "multipart/alternative"
        let chosen = isAlternative ? Self.chosenAlternative(children) : nil
        for (index, child) in children.enumerated().reversed() {
            let showsText = parent.showsText && (chosen == nil || chosen == index)
            pending.append(PendingPart(object: child, depth: parent.depth + 1, showsText: showsText))
        }
    }

    /// The index of the alternative to show: text/plain first, else text/html, else another text or a multipart
    /// (e.g. multipart/related holding the HTML), the earliest on a tie; nil when none of them is readable.
    private static func chosenAlternative(_ children: [UnsafeMutablePointer<GMimeObject>]) -> Int? {
        func preference(_ child: UnsafeMutablePointer<GMimeObject>) -> Int {
            let type = MIMEType.of(child)
            if type == "text/plain" { return 3 }
            if type == "text/html" { return 2 }
            return type.hasPrefix("text/") || kinetic_as_multipart(child) != nil ? 1 : 0
        }
        let ranked = children.enumerated().map { (index: $0.offset, preference: preference($0.element)) }
        // Ranking on (preference, -index) makes every rank distinct, so a tie goes to the earliest child.
        guard let best = ranked.max(by: { ($0.preference, -$0.index) < ($1.preference, -$1.index) }),
              best.preference > 0 else { return nil }
        return best.index
    }

    /// Reads a leaf: a file (marked as an attachment, named, or not text) becomes an attachment; text becomes a piece
    /// of the body when `showsText` and the body is not yet full.
    private mutating func read(_ leaf: UnsafeMutablePointer<GMimePart>, object: UnsafeMutablePointer<GMimeObject>,
                               showsText: Bool) {
        let type = MIMEType.of(object)
        let name = Self.fileName(of: object)
        let disposition = Self.disposition(of: object)
        let readable = type == "text/plain" || type == "text/html"
        if disposition == "attachment" || !(name ?? "").isEmpty || !type.hasPrefix("text/") {
            let arrived = g_mime_part_get_content(leaf).map { DecodedContent.size(of: $0) } ?? 0
            // The size the sender declared (RFC 2183's `size`), when the fetch's cap cut the file short.
            let declared = Self.dispositionParameter("size", of: object).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let size = declared.map { $0 > arrived && $0 <= 1 << 40 ? $0 : arrived } ?? arrived
            contents.attachments.append(MIMEAttachment(name: MIMEAttachment.displayName(name), size: size,
                                                       mimeType: type))
            if filesToKeep.contains(contents.attachments.count - 1) {
                contents.keptFiles[contents.attachments.count - 1] = g_mime_part_get_content(leaf).map(DecodedContent.bytes) ?? []
            }
            // A text part with a name (a log, a report a script sends) is still read, unless marked a file to keep.
            guard readable, disposition != "attachment" else { return }
        }
        guard showsText, textCharacters < MIMELimits.textCharacters,
              let content = g_mime_part_get_content(leaf) else { return }
        let charset = g_mime_object_get_content_type_parameter(object, "charset").map { String(cString: $0) }
        let isHTML = type == "text/html"
        // HTML's markup makes no text, so only the text it makes is cut short; plain text is cut before decoding.
        let bytes = DecodedContent.bytes(of: content)
        let decoded = TextDecoding.string(from: isHTML ? bytes : Array(bytes.prefix(MIMELimits.textBytes)),
                                          charset: charset)
        let flowed = !isHTML && Self.parameter("format", of: object)?.lowercased() == "flowed"
        let text = flowed ? FlowedText.unflowed(decoded, deletingSpace: Self.parameter("delsp", of: object)?.lowercased() == "yes") : decoded
        appendText(ReadableText.normalized(isHTML ? HTMLText.plainText(from: text, byteLimit: MIMELimits.textBytes) : text))
    }

    /// Adds `piece` to the body shown, unless it is empty.
    private mutating func appendText(_ piece: String) {
        guard !piece.isEmpty else { return }
        textCharacters += piece.count
        contents.textPieces.append(piece)
    }

    /// An embedded message shown inline: its From, Date and Subject under a rule (when its text shows), then its own
    /// parts, walked next; listed as a file too when it is marked one to keep.
    private mutating func embed(_ part: UnsafeMutablePointer<GMimeMessagePart>, under parent: PendingPart) {
        if Self.disposition(of: parent.object) == "attachment" {
            contents.attachments.append(Self.attachment(embedding: part, object: parent.object))
            if filesToKeep.contains(contents.attachments.count - 1) {
                contents.keptFiles[contents.attachments.count - 1] = g_mime_message_part_get_message(part).map { DecodedContent.written(kinetic_message_object($0)) } ?? []
            }
        }
        guard parent.depth < MIMELimits.depth, let message = g_mime_message_part_get_message(part) else { return }
        if parent.showsText, textCharacters < MIMELimits.textCharacters {
            let object = kinetic_message_object(message)
            let date = g_mime_object_get_header(object, "Date").map { String(cString: $0) } ?? ""
            let lines = [("From", GMimeParsing.sender(of: message)), ("Date", date), ("Subject", GMimeParsing.subject(of: message))]
                .filter { !$0.1.isEmpty }
                .map { "\($0.0): \(DisplayLine.cleaned($0.1, limit: MIMELimits.headerCharacters))" }
            appendText((["\u{2014}\u{2014}\u{2014}"] + lines).joined(separator: "\n"))
        }
        if let body = g_mime_message_get_mime_part(message) {
            pending.append(PendingPart(object: body, depth: parent.depth + 1, showsText: parent.showsText))
        }
    }

    /// A part's Content-Disposition, lowercased (`inline`, `attachment`), if it has one.
    private static func disposition(of object: UnsafeMutablePointer<GMimeObject>) -> String? {
        g_mime_object_get_disposition(object).map { String(cString: $0).lowercased() }
    }

    /// A Content-Disposition parameter of the part (`size`), if it has it.
    private static func dispositionParameter(_ name: String, of object: UnsafeMutablePointer<GMimeObject>) -> String? {
        g_mime_object_get_content_disposition_parameter(object, name).map { String(cString: $0) }
    }

    /// A Content-Type parameter of the part (`format`, `delsp`), if it has it.
    private static func parameter(_ name: String, of object: UnsafeMutablePointer<GMimeObject>) -> String? {
        g_mime_object_get_content_type_parameter(object, name).map { String(cString: $0) }
    }

    /// The file name the part gives: Content-Disposition's filename, else Content-Type's name (as GMime decodes them
    /// from RFC 2231 and RFC 2047); nil if neither is there.
    private static func fileName(of object: UnsafeMutablePointer<GMimeObject>) -> String? {
        let raw = g_mime_object_get_content_disposition_parameter(object, "filename")
            ?? g_mime_object_get_content_type_parameter(object, "name")
        return raw.map { String(cString: $0) }
    }

    /// An embedded message (message/rfc822) as an attachment: named by its file name, else its subject plus ".eml",
    /// else "message.eml"; its size is that of the message as GMime writes it out.
    private static func attachment(embedding part: UnsafeMutablePointer<GMimeMessagePart>,
                                   object: UnsafeMutablePointer<GMimeObject>) -> MIMEAttachment {
        let message = g_mime_message_part_get_message(part)
        let suffix = ".eml"
        // The subject is cut short enough that the suffix survives the name's cap.
        let subject = message.map {
            DisplayLine.cleaned(GMimeParsing.subject(of: $0), limit: MIMELimits.nameCharacters - suffix.count)
        } ?? ""
        let name = fileName(of: object) ?? ((subject.isEmpty ? "message" : subject) + suffix)
        let size = message.map { DecodedContent.writtenSize(of: kinetic_message_object($0)) } ?? 0
        return MIMEAttachment(name: MIMEAttachment.displayName(name), size: size, mimeType: MIMEType.of(object))
    }
}

/// A part's MIME type as one lowercase string.
enum MIMEType {
    /// The type of `object` ("text/plain", "application/pdf"), lowercase; GMime supplies "text/plain" for a part
    /// that declares none, as RFC 2045 §5.2 says.
    static func of(_ object: UnsafeMutablePointer<GMimeObject>) -> String {
        guard let contentType = g_mime_object_get_content_type(object),
              let type = g_mime_content_type_get_mime_type(contentType) else { return "application/octet-stream" }
        defer { g_free(type) }
        return String(cString: type).lowercased()
    }
}

/// A leaf's content with its transfer encoding (base64, quoted-printable, uuencode) undone.
enum DecodedContent {
    /// The decoded bytes of `content`. They are never longer than the encoded bytes, so never over the message's cap.
    static func bytes(of content: UnsafeMutablePointer<GMimeDataWrapper>) -> [UInt8] {
        guard let stream = g_mime_stream_mem_new() else { return [] }
        defer { g_object_unref(stream) }
        guard g_mime_data_wrapper_write_to_stream(content, stream) >= 0,
              let memory = kinetic_as_memory_stream(stream),
              let array = g_mime_stream_mem_get_byte_array(memory),
              let data = array.pointee.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(array.pointee.len)))
    }

    /// How many bytes `content` decodes to, counted by writing to a stream that keeps nothing.
    static func size(of content: UnsafeMutablePointer<GMimeDataWrapper>) -> Int {
        guard let stream = g_mime_stream_null_new() else { return 0 }
        defer { g_object_unref(stream) }
        return max(0, g_mime_data_wrapper_write_to_stream(content, stream))
    }

    /// The bytes of `object` (an embedded message) written out, as a file of its own (`.eml`).
    static func written(_ object: UnsafeMutablePointer<GMimeObject>) -> [UInt8] {
        guard let stream = g_mime_stream_mem_new() else { return [] }
        defer { g_object_unref(stream) }
        guard g_mime_object_write_to_stream(object, nil, stream) >= 0,
              let memory = kinetic_as_memory_stream(stream),
              let array = g_mime_stream_mem_get_byte_array(memory),
              let data = array.pointee.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(array.pointee.len)))
    }

    /// How many bytes `object` (an embedded message) takes written out, counted the same way.
    static func writtenSize(of object: UnsafeMutablePointer<GMimeObject>) -> Int {
        guard let stream = g_mime_stream_null_new() else { return 0 }
        defer { g_object_unref(stream) }
        return max(0, g_mime_object_write_to_stream(object, nil, stream))
    }
}

/// Decoded bytes of a text part turned into a string by their charset.
enum TextDecoding {
    /// `bytes` read in `charset` (converted by iconv, bytes invalid in it becoming U+FFFD); with no charset, US-ASCII
    /// (which mislabeled 8-bit mail often claims) or one iconv does not know: UTF-8 if they are valid UTF-8, else
    /// Latin-1, which maps every byte to a character so nothing is lost.
    static func string(from bytes: [UInt8], charset: String?) -> String {
        let declared = charset?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let isUnspecified = declared.isEmpty || declared == "us-ascii" || declared == "ascii"
        if !isUnspecified, let converted = IconvConversion.utf8(from: bytes, charset: declared) {
            return converted
        }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

/// A conversion to UTF-8 through iconv, by way of GMime's cache of converters (which also maps mail's charset
/// aliases, such as "latin1" or "ks_c_5601-1987", to iconv's names).
enum IconvConversion {
    /// U+FFFD REPLACEMENT CHARACTER in UTF-8, put where the input holds a byte sequence invalid in its charset.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// `bytes` converted from `charset` to UTF-8, invalid sequences replaced; nil when iconv does not know `charset`.
    static func utf8(from bytes: [UInt8], charset: String) -> String? {
        let converter = g_mime_iconv_open("UTF-8", charset)
        guard kinetic_iconv_is_open(converter) != 0 else { return nil }
        defer { g_mime_iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var chunk = [CChar](repeating: 0, count: 16 * 1024)
        let finished: Bool = bytes.withUnsafeBufferPointer { rawInput in
            rawInput.withMemoryRebound(to: CChar.self) { input in
                chunk.withUnsafeMutableBufferPointer { out in
                    convert(input, through: converter, chunk: out, into: &output)
                }
            }
        }
        return finished ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Runs `converter` over all of `input`, a chunk at a time, appending the UTF-8 it makes to `output`; false on an
    /// error other than an invalid or cut-off sequence. Every turn of its loop consumes input or fills a chunk, and
    /// input is finite, so it ends.
    private static func convert(_ input: UnsafeBufferPointer<CChar>, through converter: iconv_t?,
                                chunk: UnsafeMutableBufferPointer<CChar>, into output: inout [UInt8]) -> Bool {
        var inPointer = UnsafeMutablePointer(mutating: input.baseAddress)
        var inLeft = input.count
        iconv(converter, nil, nil, nil, nil)
        while true {
            var outPointer = chunk.baseAddress
            var outLeft = chunk.count
            // Once the input is used up, a call without input writes out any state the converter still holds.
            let flushing = inLeft == 0
            let result = flushing
                ? iconv(converter, nil, nil, &outPointer, &outLeft)
                : iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            let failure = errno
            let produced = chunk.count - outLeft
            output.append(contentsOf: UnsafeRawBufferPointer(start: chunk.baseAddress, count: produced))
            if result != -1 {
                // iconv succeeds only having consumed all input, so the next turn flushes, and a flush ends.
                if flushing { return true }
                continue
            }
            switch failure {
            case E2BIG where produced > 0:
                continue
            case EILSEQ where inLeft > 0:
                output.append(contentsOf: replacement)
                inPointer = inPointer.map { $0 + 1 }
                inLeft -= 1
            case EINVAL where inLeft > 0:
                // The input ends inside a multibyte sequence.
                output.append(contentsOf: replacement)
                inLeft = 0
            default:
                return false
            }
        }
    }
}

/// Text as a view shows it: lines end in "\n" (not "\r\n" or "\r"), control characters other than tab and line
/// break are gone, and so are the bidirectional overrides (U+202D, U+202E), which turn what follows them around
/// ("invoice‮fdp.exe" reading as "invoice.exe.pdf"); the marks and isolates right-to-left text uses stay. Blank lines
/// before and whitespace after the text are trimmed.
enum ReadableText {
    /// `text` normalized as above.
    static func normalized(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\r" {
                kept.append("\n")
            } else if scalar == "\n" {
                if !previousWasReturn { kept.append("\n") }
            } else if scalar.value == 0x202D || scalar.value == 0x202E {
                continue
            } else if scalar == "\t" || scalar.properties.generalCategory != .control {
                kept.append(scalar)
            }
        }
        let leadingBreaks = kept.prefix { $0 == "\n" }.count
        let trimmed = String(String.UnicodeScalarView(kept.dropFirst(leadingBreaks)))
        guard let lastVisible = trimmed.unicodeScalars.lastIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        return String(trimmed.unicodeScalars[...lastVisible])
    }
}
