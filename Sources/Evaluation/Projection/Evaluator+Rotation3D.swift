import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// Projects what a node with a `rotation3D` drew — `items` from `start`,
    /// its layer's clip and backdrop shape too — through its homography
    /// carried into pixels (`Homography.rotation3D`). Outlines are flattened
    /// (0.02 px) and every point projected, so edges stay sharp and lines stay
    /// straight; a gradient or image paint, and a sprite, follows the
    /// projection's tangent at its centre. Content reaching the eye's plane
    /// is not drawn. Blur and shadow act on the projected drawing.
    func projectRotation3D(_ r: Rotation3D, of items: inout [DisplayItem], from start: Int, bounds: Rect,
                           transform: Transform, ctx: TimelineContext) {
        guard let local = Homography.rotation3D(r, angle: r.angle.value(in: ctx), bounds: bounds),
              let inverse = transform.inverted else { return }
        let g = Homography(transform).concatenating(local).concatenating(Homography(inverse))
        var projected: [DisplayItem] = []
        projected.reserveCapacity(items.count - start)
        for item in items[start...] {
            switch item {
            case let .fill(path, t, paint, rule):
                if let fill = Self.project(path, transform: t, paint: paint, rule: rule, through: g) { projected.append(fill) }
            case .glyphs(let run):
                for glyph in run.glyphs where !glyph.outline.isEmpty {
                    if let fill = Self.project(glyph.outline, transform: run.transform.concatenating(glyph.transform),
                                               paint: run.paint, rule: .nonzero, through: g) {
                        projected.append(fill)
                    }
                }
            case .sprites(var batch):
                let sources = batch.sources
                batch.sprites = batch.sprites.compactMap { sprite in
                    let size = spriteSourceSize(sources[Int(sprite.source)])
                    let t = sprite.transform, centre = t.apply(Point(size.width / 2, size.height / 2))
                    guard g.apply(centre).w > Self.nearPlane else { return nil }
                    return Sprite(transform: g.tangent(at: centre).concatenating(t), tint: sprite.tint, source: sprite.source)
                }
                projected.append(.sprites(batch))
            case .beginLayer(var layer):
                if let clip = layer.clip { layer.clip = Self.project(clip, through: g) }
                if let backdrop = layer.backdrop { layer.backdrop?.shape = Self.project(backdrop.shape, through: g) }
                projected.append(.beginLayer(layer))
            case .endLayer:
                projected.append(item)
            }
        }
        items.replaceSubrange(start..., with: projected)
    }

    /// W below which a point counts as at the eye's plane.
    static let nearPlane = 1e-6

    /// A sprite source's size in its pixels.
    private func spriteSourceSize(_ source: SpriteSource) -> Size {
        switch source {
        case .image(let name): return imageSizes[name] ?? BuiltInImage(rawValue: name)?.naturalSize ?? .zero
        case .picture(let list): return Size(Double(list.width), Double(list.height))
        case .pixels(let image): return Size(Double(image.width), Double(image.height))
        }
    }

    /// A fill projected: its outline in pixels, with the identity for a solid
    /// colour, else in the coordinates of the tangent map at its centre (so
    /// the paint follows it); nil when it reaches the eye's plane.
    private static func project(_ path: Path, transform t: Transform, paint: DisplayPaint, rule: FillRule,
                                through g: Homography) -> DisplayItem? {
        guard let outline = projectedOutline(path, transform: t, through: g) else { return nil }
        if case .solid = paint { return .fill(path: outline, transform: .identity, paint: paint, rule: rule) }
        let box = t.boundingBox(of: path.controlBounds)
        let tangent = g.tangent(at: Point((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)).concatenating(t)
        guard let back = tangent.inverted else { return nil }
        return .fill(path: outline.applying(back), transform: tangent, paint: paint, rule: rule)
    }

    /// A clip projected; one reaching the eye's plane keeps nothing.
    private static func project(_ clip: ClipPath, through g: Homography) -> ClipPath {
        ClipPath(path: projectedOutline(clip.path, transform: clip.transform, through: g) ?? Path(),
                 transform: .identity, rule: clip.rule)
    }

    /// `path` mapped by `t` into pixels, flattened and projected by `g`.
    private static func projectedOutline(_ path: Path, transform t: Transform, through g: Homography) -> Path? {
        var sink = ProjectingSink(g: g)
        Flattener.flatten(path, transform: t, tolerance: 0.02, into: &sink)
        return sink.visible ? sink.path : nil
    }
}

/// Collects flattened segments as a projected polygon path.
private struct ProjectingSink: LineSink {
    let g: Homography
    var path = Path()
    var last: Point?
    var visible = true

    mutating func line(from p0: Point, to p1: Point) {
        if last != p0 { path.move(to: project(p0)) }
        path.line(to: project(p1))
        last = p1
    }

    private mutating func project(_ p: Point) -> Point {
        let (q, w) = g.apply(p)
        if !(w > Evaluator.nearPlane) { visible = false }
        return q
    }
}
