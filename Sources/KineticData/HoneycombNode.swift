import Foundation

/// One cell of the honeycomb, at either level: a category of the first honeycomb (text and colour, with its
/// child cells in `children`) or a cell of a category's grid (with an image and the detail its panel shows).
///
/// This is the one model type that describes every cell. In JSON (see `HoneycombDocument`):
/// `{"id", "title", "color": "#RRGGBB", "image"?, "detail"?: {"label", "text", "image"?, "learnMore"?}, "node"?: [...]}`.
public struct HoneycombNode: Codable, Equatable, Sendable, Identifiable {
    /// Letters, digits, `-` and `_`; unique in the document.
    public var id: String
    /// The text in the cell, at most `HoneycombDocument.maximumTitleLength` characters.
    public var title: String
    /// The cell's fill, `#RRGGBB`.
    public var color: String
    /// The cell's image: an absolute http(s) URL of an SVG or PNG, or `nil` (a neutral placeholder shows).
    public var image: String?
    /// What the detail panel shows.
    public var detail: Detail
    /// A category's cells (the JSON key is `node`); empty for a grid cell.
    public var children: [HoneycombNode]

    /// The content of a cell's detail panel.
    public struct Detail: Codable, Equatable, Sendable {
        /// The panel's heading.
        public var label: String
        /// The description under it.
        public var text: String
        /// The panel's picture (an absolute URL); the cell's own image when absent.
        public var image: String?
        /// Where **Learn More** leads: an absolute http(s) URL, or `nil` (the button is then dimmed).
        public var learnMore: String?

        /// A panel's content made in code (the document's reader, tests).
        public init(label: String, text: String, image: String? = nil, learnMore: String? = nil) {
            self.label = label
            self.text = text
            self.image = image
            self.learnMore = learnMore
        }
    }

    enum CodingKeys: String, CodingKey { case id, title, color, image, detail, children = "node" }

    /// A node from code (the document's reader, tests); without a `detail` the panel shows the title as its heading
    /// and no text. Values are not checked here: `HoneycombDocument` checks what it reads.
    public init(id: String, title: String, color: String, image: String? = nil, detail: Detail? = nil, children: [HoneycombNode] = []) {
        self.id = id
        self.title = title
        self.color = color
        self.image = image
        self.detail = detail ?? Detail(label: title, text: "")
        self.children = children
    }

    /// Every image URL the node and its children use, each once, in order of first use.
    public var imageURLs: [String] {
        var seen = Set<String>(), urls: [String] = []
        func add(_ node: HoneycombNode) {
            for url in [node.image, node.detail.image].compactMap({ $0 }) where seen.insert(url).inserted { urls.append(url) }
            node.children.forEach(add)
        }
        add(self)
        return urls
    }
}
