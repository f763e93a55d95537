import Animation
import DisplayList
import Geometry
import SceneModel

/// What preparing an emitter needs from the scene: contexts at any time,
/// bounds of animated values, birth schedules and particle sprites.
struct EmitterSampler {
    let evaluator: Evaluator
    /// Seconds the emitter runs before time 0.
    let prewarm: Double
    /// The timeline the emitter's expressions read: the scene's, or that of
    /// the component instance it is drawn in.
    let timeline: Timeline

    /// What the emitter's values read at `time`, on its own clock.
    func context(at time: Double) -> TimelineContext {
        TimelineContext(timeline: timeline, time: time, frame: evaluator.scene.canvas.frame(containing: time),
                        seed: evaluator.scene.seed)
    }

    func context(frame: Int) -> TimelineContext {
        TimelineContext(timeline: timeline, time: evaluator.scene.canvas.time(ofFrame: frame), frame: frame,
                        seed: evaluator.scene.seed)
    }

    /// Birth-rate tables sample the rate every 1/240 s (finer than any
    /// frame rate), with at most 2²⁰ steps per cell.
    static let tableStep = 1.0 / 240
    static let maxTableSteps = 1 << 20

    /// The largest value `a` takes: exact for constants and keyframes, and
    /// for expressions the largest of its values at every frame from the
    /// emitter's start to the scene's end.
    func bound(_ a: Animated<Double>) -> Double {
        if let b = a.upperBound { return b }
        return sampled(a).max
    }

    /// The largest magnitude `a` takes.
    func magnitude(_ a: Animated<Double>) -> Double {
        if let m = a.upperMagnitude { return m }
        let s = sampled(a)
        return max(abs(s.min), abs(s.max))
    }

    /// `a` at the frames from the one the emitter's start (−prewarm) falls
    /// in to the one after the scene's last (at most 2²⁰ of them).
    private func sampled(_ a: Animated<Double>) -> (min: Double, max: Double) {
        let scene = evaluator.scene
        let first = scene.canvas.frame(containing: -prewarm)
        var low = Double.infinity, high = -Double.infinity
        for frame in first...min(scene.canvas.frameCount, first + (1 << 20)) {
            let v = a.value(in: context(frame: frame))
            if v.isFinite { low = min(low, v); high = max(high, v) }
        }
        return high >= low ? (low, high) : (0, 0)
    }

    /// When a top-level cell's particles are born: from the emitter's start
    /// plus `beginTime`, for `duration`, at the cell's rate × the layer's.
    func schedule(for c: EmitterCell, emitter e: EmitterNode) -> BirthSchedule {
        let start = c.beginTime
        let end = c.duration.map { start + $0 } ?? .infinity
        if case .constant(let r) = c.birthRate, case .constant(let layer) = e.birthRate {
            return BirthSchedule(start: start, end: end, constantRate: r * layer)
        }
        let tableEnd = prewarm + evaluator.scene.canvas.end + 1
        let step = max(Self.tableStep, (tableEnd - start) / Double(Self.maxTableSteps))
        return BirthSchedule(start: start, end: end, tableEnd: max(tableEnd, start + step), step: step) { tau in
            let ctx = context(at: tau - prewarm)
            return max(c.birthRate.value(in: ctx), 0) * max(e.birthRate.value(in: ctx), 0)
        }
    }

    /// The sprite of a cell's contents, its source added to `sources`.
    /// `scale` estimates the largest particle scale, for the resolution a
    /// shape is drawn at; `part`, the unit rectangle of an image drawn.
    func sprite(_ contents: ParticleContents, part: Rect?, scale: Double, sources: inout [SpriteSource]) -> ParticleSprite? {
        switch contents {
        case .image(let name):
            let size = evaluator.imageSizes[name]
                ?? BuiltInImage(rawValue: name)?.naturalSize ?? .zero
            guard size.width > 0, size.height > 0 else { return nil }
            guard let part else {
                return ParticleSprite(source: Self.index(of: .image(name), in: &sources),
                                      placement: .translation(-size.width / 2, -size.height / 2),
                                      radius: (size.width * size.width + size.height * size.height).squareRoot() / 2)
            }
            // A frame of a sprite sheet: the image's pixels within the rectangle
            // (its edges rounded to whole pixels), copied once into a picture.
            let x0 = (part.minX * size.width).rounded(), y0 = (part.minY * size.height).rounded()
            let w = max((part.maxX * size.width).rounded() - x0, 1), h = max((part.maxY * size.height).rounded() - y0, 1)
            let frame = DisplayList(width: Int(w), height: Int(h), background: .clear, items: [
                .fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: w, maxY: h), radii: (0, 0, 0, 0)), transform: .identity,
                      paint: .image(name: name, transform: .translation(-x0, -y0), tile: false, opacity: 1), rule: .nonzero),
            ])
            return ParticleSprite(source: Self.index(of: .picture(frame), in: &sources),
                                  placement: .translation(-w / 2, -h / 2), radius: (w * w + h * h).squareRoot() / 2)
        case .shape(let node):
            let k = evaluator.scene.canvas.scale * min(max(scale.isFinite ? scale : 1, 1), 4)
            guard let picture = evaluator.particlePicture(node, pixelsPerPoint: k, ctx: context(frame: 0)) else { return nil }
            return ParticleSprite(source: Self.index(of: .picture(picture.list), in: &sources),
                                  placement: picture.placement, radius: picture.radius)
        }
    }

    private static func index(of source: SpriteSource, in sources: inout [SpriteSource]) -> UInt32 {
        if let i = sources.firstIndex(of: source) { return UInt32(i) }
        sources.append(source)
        return UInt32(sources.count - 1)
    }
}

extension Evaluator {
    /// Largest side of a shape's sprite, pixels.
    static let maxPictureSide = 1024.0

    /// A shape node drawn once into a sprite at `pixelsPerPoint`: the
    /// drawing, the map from its pixels to the node's points with the node's
    /// anchor (its `position`, if it has one) at the origin, and how far it
    /// reaches from there. Its properties are read at time 0.
    func particlePicture(_ node: Node, pixelsPerPoint k: Double,
                         ctx: TimelineContext) -> (list: DisplayList, placement: Transform, radius: Double)? {
        guard case .shape(let shape) = node.kind, k > 0, k.isFinite else { return nil }
        let b = bounds(node, ctx: ctx)
        let anchor = node.position?.value(in: ctx)
            ?? Point(b.minX + node.anchor.x * b.width, b.minY + node.anchor.y * b.height)
        let toPixels = Transform.scale(k, k).concatenating(.translation(-anchor.x, -anchor.y))
            .concatenating(localTransform(node, bounds: b, ctx: ctx))
        var items: [DisplayItem] = []
        emitShape(shape, bounds: b, transform: toPixels, opacity: min(max(node.opacity.value(in: ctx), 0), 1),
                  hasBackdrop: false, ctx: ctx, into: &items)
        var box = Rect.empty
        for case let .fill(path, transform, _, _) in items where !path.controlBounds.isEmpty {
            box = box.union(transform.boundingBox(of: path.controlBounds))
        }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let side = max(box.width, box.height) + 2
        if side > Self.maxPictureSide { return particlePicture(node, pixelsPerPoint: k * Self.maxPictureSide / side / 1.01, ctx: ctx) }
        // One transparent pixel around the drawing, so its anti-aliased edge is whole.
        let ox = box.minX.rounded(.down) - 1, oy = box.minY.rounded(.down) - 1
        let width = Int(box.maxX.rounded(.up) + 1 - ox), height = Int(box.maxY.rounded(.up) + 1 - oy)
        let shift = Transform.translation(-ox, -oy)
        items = items.map { item in
            guard case let .fill(path, transform, paint, rule) = item else { return item }
            return .fill(path: path, transform: shift.concatenating(transform), paint: paint, rule: rule)
        }
        let reachX = max(abs(ox), abs(ox + Double(width))) / k, reachY = max(abs(oy), abs(oy + Double(height))) / k
        return (DisplayList(width: width, height: height, background: .clear, items: items),
                Transform.scale(1 / k, 1 / k).concatenating(.translation(ox, oy)),
                (reachX * reachX + reachY * reachY).squareRoot())
    }
}
