import Foundation
import Synchronization
import KineticData

/// What the Mailbox's search finds: the messages whose sender (name or address), subject or text hold every word of
/// the query, whatever their case or accents ("cafe midi" finds "Café à midi ?"), as mail programs search. A pure
/// function of the query and the messages, so the rules stay pure and a search is the same on every machine.
enum MailSearch {
    /// The longest query kept, in characters.
    static let maximumQueryLength = 200
    /// The most words of a query that count: a pasted page is not twenty thousand searches.
    static let maximumWords = 12
    /// How much of a message's text is searched, in characters: a letter's worth, so that a keystroke over a mailbox of
    /// 10,000 stays quick.
    static let searchedTextLength = 4_000

    /// The query's words, at most `maximumWords`.
    static func words(of query: String) -> [String] {
        Array(query.split(whereSeparator: \.isWhitespace).prefix(maximumWords).map(String.init))
    }

    /// The ids of the messages among `messages` that hold every word of `query`; `nil` when the query has no word
    /// (everything shows).
    ///
    /// With `among`, only those messages are looked at: a query that narrows the last one (`narrows`) can find nothing
    /// the last one did not.
    static func matches(_ query: String, in messages: [MailMessage], among: Set<String>? = nil) -> Set<String>? {
        let words = words(of: query).map { Array(fold($0).utf8) }
        guard !words.isEmpty else { return nil }
        var found = Set<String>()
        for index in messages.indices where among?.contains(messages[index].id) ?? true {
            let text = searchable(messages[index])
            if words.allSatisfy({ contains(text, $0) }) { found.insert(messages[index].id) }
        }
        return found
    }

    /// Whether `query` can only find what `previous` found: each of its words holds one of `previous`'s, in order,
    /// and it has no fewer words (a letter or a word typed after the last query). An empty `previous` narrows nothing.
    static func narrows(_ query: String, _ previous: String) -> Bool {
        let now = words(of: query), before = words(of: previous)
        guard !before.isEmpty, now.count >= before.count, before.count < maximumWords else { return false }
        return zip(before, now).allSatisfy { old, new in new.range(of: old, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// `text` without case or accents, as a search compares it.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// A message's sender, address, subject and text (its first `searchedTextLength` characters), folded, one field per
    /// line, as UTF-8: folded once per message and kept (`Folded`), so a keystroke over 10,000 messages compares bytes
    /// rather than folding 40 MB of text again.
    static func searchable(_ message: MailMessage) -> [UInt8] {
        let fingerprint = Folded.fingerprint(message)
        if let kept = Folded.cache.withLock({ $0[message.id] }), kept.fingerprint == fingerprint { return kept.bytes }
        let joined = [message.sender, message.senderAddress ?? "", message.subject, String(message.text.prefix(searchedTextLength))]
            .map { fold($0).replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        let bytes = Array(joined.utf8)
        Folded.cache.withLock { cache in
            if cache.count >= Folded.capacity { cache.removeAll(keepingCapacity: true) }
            cache[message.id] = (fingerprint, bytes)
        }
        return bytes
    }

    /// Whether `bytes` hold `word` (a folded word's UTF-8, no line break in it, so it never spans two fields).
    static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, word.count <= bytes.count else { return word.isEmpty }
        let last = bytes.count - word.count
        var start = 0
        while start <= last {
            guard let at = bytes[start...last].firstIndex(of: first) else { return false }
            if bytes[at..<(at + word.count)].elementsEqual(word) { return true }
            start = at + 1
        }
        return false
    }

    /// The folded texts kept, by message id, each with the fingerprint of what it was folded from. A memo of a pure
    /// function: what it gives is what folding again would give, so the rules stay pure and the same on every machine.
    enum Folded {
        /// The most messages kept: past it the memo starts again.
        static let capacity = 40_000
        static let cache = Mutex<[String: (fingerprint: Int, bytes: [UInt8])]>([:])

        /// What the folded text depends on, cheaply: a message's fields and its text's length and ends (a server's
        /// message never changes; a body read later changes its length).
        static func fingerprint(_ message: MailMessage) -> Int {
            var hasher = Hasher()
            hasher.combine(message.sender)
            hasher.combine(message.senderAddress)
            hasher.combine(message.subject)
            let text = message.text
            hasher.combine(text.utf8.count)
            hasher.combine(text.utf8.prefix(64).map { $0 })
            hasher.combine(text.utf8.suffix(64).map { $0 })
            return hasher.finalize()
        }
    }
}
