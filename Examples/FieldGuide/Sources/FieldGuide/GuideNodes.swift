import KineticData

/// The field guide's own data, in the Honeycomb's node model: two categories, each cell with the panel its tap opens.
enum GuideNodes {
    static let all = [birds, trees]

    static let birds = HoneycombNode(id: "birds", title: "Birds", color: "#3A7D44", children: [
        bird("robin", "Robin", "#C0504D", "A small thrush with an orange breast, singing from the first light."),
        bird("wren", "Wren", "#8064A2", "A tiny brown bird with a loud song and a tail cocked up."),
        bird("heron", "Heron", "#4F81BD", "A tall grey bird standing still at the water's edge, then striking."),
    ])

    static let trees = HoneycombNode(id: "trees", title: "Trees", color: "#9BBB59", children: [
        bird("ash", "Ash", "#4BACC6", "Grey bark, black buds, and keys that spin down in autumn."),
        bird("oak", "Oak", "#F79646", "Lobed leaves, acorns in cups, and a crown wider than it is tall."),
    ])

    /// A cell whose panel says `text`, its Learn More a page of the guide's.
    private static func bird(_ id: String, _ title: String, _ color: String, _ text: String) -> HoneycombNode {
        HoneycombNode(id: id, title: title, color: color,
                      detail: .init(label: title, text: text, learnMore: "https://example.org/field-guide/\(id)"))
    }
}
