import Foundation
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
        let words = words(of: query).map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        guard !words.isEmpty else { return nil }
        var found = Set<String>()
        for index in messages.indices where among?.contains(messages[index].id) ?? true {
            if holds(messages[index], every: words) { found.insert(messages[index].id) }
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

    /// Whether `message` holds each of `words` (already folded: no case, no accents) in one of its fields, each field
    /// folded once.
    static func holds(_ message: MailMessage, every words: [String]) -> Bool {
        let fields = [message.sender, message.subject, message.senderAddress ?? "", String(message.text.prefix(searchedTextLength))]
            .map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        return words.allSatisfy { word in fields.contains { $0.contains(word) } }
    }
}
