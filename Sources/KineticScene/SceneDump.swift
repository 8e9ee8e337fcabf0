import Foundation
import KineticCore

/// A snapshot of the scene's state, written beside each captured frame: what a test asserts on.
///
/// Every number is rounded to a thousandth, and keys are sorted, so the same scene always gives the same bytes.
public struct SceneDump: Codable, Equatable, Sendable {
    /// Seconds of simulated time.
    public var time: Double
    /// The app's state name (`gallery`, `menu`, `wheel`, …).
    public var state: String
    /// Every layer with an identifier, in drawing order.
    public var layers: [LayerDump]
    /// The pointer's shape in the window now (`arrow`, `hand`, `ibeam`).
    public var cursor: PointerCursor

    /// A dump of `layers` as given; `init(root:time:state:cursor:)` is the one that walks a scene.
    public init(time: Double, state: String, layers: [LayerDump], cursor: PointerCursor = .arrow) {
        self.time = time
        self.state = state
        self.layers = layers
        self.cursor = cursor
    }

    /// Walks the tree under `root` in drawing order and records every identified layer.
    public init(root: Layer, time: Double, state: String, cursor: PointerCursor = .arrow) {
        var layers: [LayerDump] = []
        func visit(_ layer: Layer) {
            if let id = layer.identifier { layers.append(LayerDump(layer: layer, identifier: id)) }
            for sublayer in layer.sublayersInDrawingOrder { visit(sublayer) }
        }
        visit(root)
        self.init(time: SceneDump.round(time), state: state, layers: layers, cursor: cursor)
    }

    /// The first layer dumped with `identifier`.
    public func layer(_ identifier: String) -> LayerDump? { layers.first { $0.id == identifier } }

    /// Sorted-key, pretty-printed JSON.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// One identified layer as it appears on screen.
public struct LayerDump: Codable, Equatable, Sendable {
    /// The layer's identifier: what a test looks it up by (see `SceneDump.layer(_:)`).
    public var id: String
    /// The bounding box on screen, in points, after every transform.
    public var frame: DumpRect
    /// Radians, added up from the root.
    public var rotation: Double
    /// Opacity multiplied down from the root.
    public var opacity: Double
    /// Shown: neither it nor an ancestor is hidden or fully transparent.
    public var visible: Bool
    /// The text it shows, if it is a text layer.
    public var text: String?
    /// Its fill (a shape's) or background colour, `#RRGGBB` (`#RRGGBBAA` when not opaque).
    public var color: String?
    /// The name of the image it shows: the file's name without its extension (`later`, `archive`, …).
    public var image: String?
    /// `true` while the pointer is over it (absent otherwise).
    public var hovered: Bool?
    /// A text field's caret, as a UTF-16 offset into `text` (absent for other layers).
    public var caret: Int?
    /// A text field's selection, `[start, end]` in UTF-16 offsets; equal ends when nothing is selected.
    public var selection: [Int]?
    /// Whether it has the keyboard focus: `true` on the one focused control (a card, a menu item, a row, a button) and
    /// `true` or `false` on every text field; absent on every other layer.
    public var focused: Bool?
    /// Text an input method is composing in a text field, shown underlined at the caret (absent when none).
    public var composition: String?
    /// What a control stands for now (a picker wheel's chosen row: `picker.hour` → `"19"`); absent for other layers.
    public var value: String?

    /// Records `layer` as it appears on screen now, under `identifier`, with every number rounded to a thousandth.
    public init(layer: Layer, identifier: String) {
        id = identifier
        // As the screen shows it: mirrored, and turned the other way, in a right-to-left tree (`LayoutDirection`).
        let mirrored = layer.isInMirroredTree
        frame = DumpRect(mirrored ? layer.frameOnScreen : layer.frameInRoot)
        // Turned the other way through the mirror; under a layer that keeps its sublayers left to right the two mirrors
        // cancel, and so does the turn's.
        rotation = SceneDump.round(mirrored && layer.drawsThroughMirror ? -layer.rotationInTree : layer.rotationInTree)
        opacity = SceneDump.round(layer.opacityInTree)
        visible = layer.isVisibleInTree
        switch layer.contents {
        case .text(let content): text = content.string
        case .shape(let shape): color = shape.fill?.hex
        case .image(.file(let path)): image = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        default: break
        }
        if color == nil { color = layer.backgroundColor?.hex }
        hovered = layer.isHovered ? true : nil
        value = layer.value
        focused = layer.hasKeyboardFocus ? true : nil
        if let field = layer.editableText {
            text = field.text
            caret = field.caret
            selection = [field.selection.lowerBound, field.selection.upperBound]
            focused = field.focused
            composition = field.composition
        }
    }
}

/// A rectangle with rounded numbers, as written in dumps.
public struct DumpRect: Codable, Equatable, Sendable {
    /// The origin and size, in points, each rounded to a thousandth.
    public var x, y, width, height: Double

    /// `rect` with every number rounded to a thousandth, so that dumps compare byte for byte.
    public init(_ rect: Rect) {
        x = SceneDump.round(rect.minX)
        y = SceneDump.round(rect.minY)
        width = SceneDump.round(rect.width)
        height = SceneDump.round(rect.height)
    }

    /// The dumped rectangle as a `Rect`, for geometry in tests.
    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
    /// The middle of the rectangle, in points: where a test taps to hit the layer.
    public var center: Point { rect.center }
}

/// What a text field tells a scene dump about itself (see `LayerDump`'s `caret`, `selection`, `focused`).
public struct EditableTextDump: Equatable, Sendable {
    /// The field's committed text, without any composition in progress.
    public var text: String
    /// UTF-16 offsets, like `selection`.
    public var caret: Int
    /// The selected range, in UTF-16 offsets; empty when there is only a caret.
    public var selection: Range<Int>
    /// Whether the field has the keyboard focus.
    public var focused: Bool
    /// Text an input method is composing at the caret, not yet committed; `nil` when none.
    public var composition: String?

    /// A field's state as a dump writes it; offsets are UTF-16, as `TextEditor` counts them.
    public init(text: String, caret: Int, selection: Range<Int>, focused: Bool, composition: String?) {
        self.text = text
        self.caret = caret
        self.selection = selection
        self.focused = focused
        self.composition = composition
    }
}
