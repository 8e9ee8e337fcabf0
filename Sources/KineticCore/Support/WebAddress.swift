import Foundation

/// The one check every address from outside passes before anything fetches or opens it: a document's image or
/// link, a `--content-url` or `--catalog-url` flag, a scenario's `contentURL`.
///
/// An address is accepted when it resolves (against `base`, for a relative one) to http or https with a host and,
/// if it names a port, a port in 1…65535. Anything else is refused with a reason that quotes it, before it can reach
/// the HTTP client (which is not built for a port out of range) or a browser.
public enum WebAddress {
    /// Why an address was refused.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The address as given.
        public var text: String
        /// What is wrong with it.
        public var reason: String
        /// The address in quotes followed by the reason, for an error message.
        public var description: String { "\"\(text)\" \(reason)" }
    }

    /// The absolute http(s) URL `text` names, resolved against `base` when it is relative.
    public static func http(_ text: String, relativeTo base: URL? = nil) -> Result<URL, Refusal> {
        func refuse(_ reason: String) -> Result<URL, Refusal> { .failure(Refusal(text: String(text.prefix(200)), reason: reason)) }
        guard !text.isEmpty else { return refuse("is empty") }
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL else { return refuse("is not a URL") }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return refuse("is not an http(s) URL")
        }
        guard let host = url.host, !host.isEmpty else { return refuse("has no host") }
        if let port = url.port, !(1...65535).contains(port) { return refuse("has port \(port), outside 1…65535") }
        return .success(url)
    }
}
