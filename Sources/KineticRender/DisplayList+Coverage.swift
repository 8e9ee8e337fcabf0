import CGraphics
import KineticCore

/// What a display list's operations cover and what they leave unchanged, in frame pixels: the pixman player skips
/// work by it, and `pixelWork` counts the work that is left, so the benchmark's floor does what the player does.
extension DisplayList {
    /// The index of the last operation that paints all of `area` opaque in one colour, outside any clip: from there
    /// on, what came before is hidden.
    func lastOpaqueBackdrop(covering area: PixelRect) -> Int? {
        var depth = 0, last: Int?
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .paint(let raster, let m, _, let opacity, let extent):
                // Inside its extent only: a tile's surface reaches past the pixels it paints (its gutter).
                if depth == 0, let solid = Self.solidArea(raster, m, opacity), solid.intersection(extent).intersection(area) == area { last = index }
            case .pushClip: depth += 1
            case .popClip: depth -= 1
            }
        }
        return last
    }

    /// The frame pixels `raster` covers with one opaque colour when painted by `m` at `opacity`: only a raster of one
    /// opaque colour, untouched by opacity and moved by whole pixels, is a plain fill.
    static func solidArea(_ raster: LayerRaster, _ m: cairo_matrix_t, _ opacity: Double) -> PixelRect? {
        guard raster.uniformOpaquePixel != nil, opacity >= 0.999, m.isWholePixelShift else { return nil }
        return PixelRect(x: -Int(saturating: m.x0, bound: 1_000_000_000), y: -Int(saturating: m.y0, bound: 1_000_000_000),
                         width: raster.pixelWidth, height: raster.pixelHeight)
    }

    /// The 8-bit alpha an opacity composites with (the same level the masks use).
    static func alphaLevel(_ opacity: Double) -> Int { Int(saturating: min(max(opacity, 0), 1) * 255, bound: 255) }

    /// The pixels whose centres an axis-aligned clip holds, as Cairo's clip to a rectangle keeps them.
    static func pixelsWithCentresInside(_ rect: (x: Double, y: Double, width: Double, height: Double), _ t: cairo_matrix_t) -> PixelRect {
        let x0 = t.xx * rect.x + t.x0, x1 = t.xx * (rect.x + rect.width) + t.x0
        let y0 = t.yy * rect.y + t.y0, y1 = t.yy * (rect.y + rect.height) + t.y0
        func whole(_ value: Double) -> Int { Int(saturating: value, bound: 1_000_000_000) }
        let left = whole(min(x0, x1)), top = whole(min(y0, y1))
        return PixelRect(x: left, y: top, width: whole(max(x0, x1)) - left, height: whole(max(y0, y1)) - top)
    }

    /// The pixels cleared and blended when the list is played inside `damage`, and how many of the blended ones are
    /// resampled (a paint turned, scaled or placed between pixels), counted as the pixman player walks it: from the
    /// last opaque backdrop covering each rectangle (which then needs no clear), inside the clips, leaving out paints
    /// at opacity level 0, and counting a one-colour opaque paint as a fill (cleared), not a blend.
    func pixelWork(inside damage: [PixelRect]) -> PixelWork {
        var work = PixelWork(cleared: 0, blended: 0, resampled: 0)
        var clips: [PixelRect] = []
        for area in damage where !area.isEmpty {
            let backdrop = lastOpaqueBackdrop(covering: area)
            if backdrop == nil { work.cleared += area.area }
            var clip = area
            clips.removeAll(keepingCapacity: true)
            for operation in operations[(backdrop ?? 0)...] {
                switch operation {
                case .paint(let raster, let m, _, let opacity, let extent):
                    let box = extent.intersection(clip)
                    guard !box.isEmpty, Self.alphaLevel(opacity) > 0 else { continue }
                    if let solid = Self.solidArea(raster, m, opacity) {
                        work.cleared += solid.intersection(box).area
                    } else {
                        work.blended += box.area
                        if !m.isWholePixelShift { work.resampled += box.area }
                    }
                case .pushClip(let transform, let rect, _):
                    clips.append(clip)
                    clip = clip.intersection(Self.pixelsWithCentresInside(rect, transform))
                case .popClip:
                    clip = clips.popLast() ?? clip
                }
            }
        }
        return work
    }
}
