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
    static func matches(_ query: String, in messages: [MailMessage]) -> Set<String>? {
        let words = words(of: query)
        guard !words.isEmpty else { return nil }
        var found = Set<String>()
        for index in messages.indices where holds(messages[index], every: words) { found.insert(messages[index].id) }
        return found
    }

    /// Whether `message` holds each of `words` in one of its fields.
    static func holds(_ message: MailMessage, every words: [String]) -> Bool {
        words.allSatisfy { word in
            contains(message.sender, word) || contains(message.subject, word) || contains(message.senderAddress ?? "", word)
                || contains(String(message.text.prefix(searchedTextLength)), word)
        }
    }

    private static func contains(_ text: String, _ word: String) -> Bool {
        !text.isEmpty && text.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
