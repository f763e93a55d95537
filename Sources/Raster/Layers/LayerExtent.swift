import DisplayList

/// Where a layer's bitmap lies, in device pixels. A blur or a shadow reads
/// pixels around the ones it produces, so a layer with either holds its
/// content beyond what its parent shows — beyond the frame, for a layer
/// over the frame — as SVG filters and CSS do: a shape straddling the
/// frame's edge blurs in from beyond it, and the shadow of a shape outside
/// the frame falls inside. Any other layer lies exactly over its parent.
enum LayerExtent {
    /// How far (pixels) a layer may reach beyond the frame on each side: the
    /// memory of a layer is bounded by (width + 2 × this) × (height + 2 × this)
    /// pixels whatever the blur radius or shadow offset. Content farther out
    /// is dropped before its blur (a blur of σ up to about 340 px reads no
    /// farther).
    static let maxMargin = 1024
    /// Margins grow in steps of this many pixels, so an animated radius keeps
    /// the same layer size (and its pooled bitmap) over many frames.
    static let step = 32

    /// The box of a `layer` opened over a parent lying over `parent`.
    ///
    /// Working back from what the parent composites: the blur produces
    /// `parent` and reads `reach(blur)` around it (`blurred`); the shadow
    /// produces that and reads it moved back by the offset, `reach(shadow)`
    /// around. The left and top edges lie on the reduced blur's block grid
    /// (`ReducedBlur`, anchored at the bitmap's corner), as they do in a
    /// frame-sized layer, so a blur within the frame keeps its pixels.
    static func box(of layer: Layer, over parent: PixelBox, frame: PixelBox, exact: Bool) -> PixelBox {
        let blur = layer.blur >= 0.25 ? GaussianBlur.reach(sigma: layer.blur, exact: exact) : 0
        guard blur > 0 || layer.shadow != nil else { return parent }
        let blurred = parent.grown(blur, blur)
        var needed = blurred
        if let shadow = layer.shadow {
            let reach = GaussianBlur.reach(sigma: shadow.sigma, exact: exact) + 1
            let dx = DropShadow.split(shadow.offset.x).0, dy = DropShadow.split(shadow.offset.y).0
            needed = needed.union(blurred.moved(-dx, -dy).grown(reach, reach))
        }
        let box = needed.intersection(frame.grown(maxMargin, maxMargin).union(parent))
        let grid = blur > 0 && !exact ? ReducedBlur.Axis.choose(sigma: layer.blur)?.factor ?? 1 : 1
        return PixelBox(minX: outwards(box.minX, grid), minY: outwards(box.minY, grid),
                        maxX: -outwards(-box.maxX, 1), maxY: -outwards(-box.maxY, 1))
    }

    /// `v` down to a multiple of `step`, then of `grid`.
    private static func outwards(_ v: Int, _ grid: Int) -> Int {
        ReducedBlur.Axis.floorDiv(ReducedBlur.Axis.floorDiv(v, step) * step, grid) * grid
    }
}
