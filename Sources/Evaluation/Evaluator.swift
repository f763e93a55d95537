import Animation
import DisplayList
import Geometry
import SceneModel

/// Turns a scene at a time into the frame's display list.
///
/// Reads only the immutable scene, so one evaluator serves every worker
/// thread, and frame N never depends on frames before it.
public struct Evaluator: Sendable {
    public let scene: Scene
    /// Natural sizes of the scene's images (pixels = points), by asset name.
    public let imageSizes: [String: Size]
    /// Emitters prepared once (birth schedules, particle sprites), by stream name.
    private(set) var emitterPlans: [String: [EmitterPlan]] = [:]

    /// Lays out the scene's texts.
    public let texts: TextSetter

    /// - Parameter texts: the scene's texts laid out with its fonts; nil uses
    ///   only the bundled default font (scenes without `assets.fonts`).
    public init(scene: Scene, imageSizes: [String: Size] = [:], texts: TextSetter? = nil) {
        self.scene = scene
        self.imageSizes = imageSizes
        self.texts = texts ?? TextSetter(scene: scene, library: TextSetter.bundledFonts)
        emitterPlans = Self.prepareEmitters(self)
    }

    /// The display list of frame `index` (time index / fps).
    public func displayList(frame index: Int) -> DisplayList {
        displayList(TimelineContext(timeline: scene.timeline, time: scene.canvas.time(ofFrame: index),
                                    frame: index, seed: scene.seed))
    }

    /// The display list at `time` seconds (`frame` = time × fps, rounded down).
    public func displayList(at time: Double) -> DisplayList {
        let frame = Int((time * scene.canvas.fps).rounded(.down))
        return displayList(TimelineContext(timeline: scene.timeline, time: time, frame: frame, seed: scene.seed))
    }

    /// The display list of one instant, in pixels.
    func displayList(_ ctx: TimelineContext) -> DisplayList {
        let c = scene.canvas
        var list = DisplayList(width: c.pixelWidth, height: c.pixelHeight, background: c.background)
        let root = Transform.scale(c.scale, c.scale)
        for node in scene.layers {
            emit(node, parent: root, ctx: ctx, into: &list.items)
        }
        return list
    }

    /// The node's transform into its parent: translate(P + offset) · rotate ·
    /// scale · translate(−A), A the anchor point in the node's bounds and P
    /// its `position` (A when absent), as the format defines.
    func localTransform(_ node: Node, bounds: Rect, ctx: TimelineContext) -> Transform {
        node.placement.transform(bounds: bounds, ctx: ctx)
    }
    /// The node's bounds in its own coordinates.
    func bounds(_ node: Node, ctx: TimelineContext) -> Rect {
        switch node.kind {
        case .shape(let shape):
            let b = shape.geometry.bounds(in: ctx)
            return b.isEmpty && !(b.width == 0 || b.height == 0) ? Rect(origin: .zero, size: .zero) : b
        case let .group(children, size):
            if let size { return Rect(origin: .zero, size: size.size(in: ctx)) }
            var r = Rect.empty
            for child in children {
                let b = bounds(child, ctx: ctx)
                r = r.union(localTransform(child, bounds: b, ctx: ctx).boundingBox(of: b))
            }
            return r.minX.isFinite ? r : Rect(origin: .zero, size: .zero)
        case .image(let image):
            return Rect(origin: .zero, size: image.size?.size(in: ctx) ?? imageSizes[image.name] ?? .zero)
        case .text(let text):
            return textBounds(text, ctx: ctx)
        case .emitter:
            return Rect(origin: .zero, size: .zero)
        }
    }

    private func emit(_ node: Node, parent: Transform, ctx: TimelineContext, into items: inout [DisplayItem]) {
        let opacity = min(max(node.opacity.value(in: ctx), 0), 1)
        guard opacity > 0, node.visible.value(in: ctx) else { return }
        let b = bounds(node, ctx: ctx)
        let transform = parent.concatenating(localTransform(node, bounds: b, ctx: ctx))
        var layer = effects(node, bounds: b, transform: transform, ctx: ctx)
        switch node.kind {
        case .shape(let shape):
            // One fill composited once needs no layer: its opacity folds into the paint.
            let layered = layer != nil || (opacity < 1 && shape.drawCount > 1)
            if layered {
                layer = layer ?? Layer()
                layer!.opacity = opacity
                items.append(.beginLayer(layer!))
            }
            emitShape(shape, bounds: b, transform: transform, opacity: layered ? 1 : opacity,
                      hasBackdrop: node.effects.backdrop != nil, ctx: ctx, into: &items)
            if layered { items.append(.endLayer) }
        case .group(let children, _):
            if layer != nil || opacity < 1 {
                layer = layer ?? Layer()
                layer!.opacity = opacity
                items.append(.beginLayer(layer!))
                for child in children { emit(child, parent: transform, ctx: ctx, into: &items) }
                items.append(.endLayer)
            } else {
                for child in children { emit(child, parent: transform, ctx: ctx, into: &items) }
            }
        case .image(let image):
            if layer != nil {
                layer!.opacity = opacity
                items.append(.beginLayer(layer!))
            }
            emitImage(image, bounds: b, transform: transform, opacity: layer == nil ? opacity : 1, into: &items)
            if layer != nil { items.append(.endLayer) }
        case .text(let text):
            // Fill and stroke overlap, so partial opacity needs a layer then.
            if layer != nil || (opacity < 1 && text.stroke != nil) {
                layer = layer ?? Layer()
                layer!.opacity = opacity
                items.append(.beginLayer(layer!))
                emitText(text, bounds: b, transform: transform, opacity: 1, ctx: ctx, into: &items)
                items.append(.endLayer)
            } else {
                emitText(text, bounds: b, transform: transform, opacity: opacity, ctx: ctx, into: &items)
            }
        case .emitter(let emitter):
            if layer != nil || opacity < 1 {
                layer = layer ?? Layer()
                layer!.opacity = opacity
                items.append(.beginLayer(layer!))
                emitEmitter(emitter, node: node, parent: parent, opacity: 1, ctx: ctx, into: &items)
                items.append(.endLayer)
            } else {
                emitEmitter(emitter, node: node, parent: parent, opacity: 1, ctx: ctx, into: &items)
            }
        }
    }

    /// The node's layer effects in pixels, or nil when it has none. Blur and
    /// shadow lengths are in the node's coordinates, so they scale with it.
    private func effects(_ node: Node, bounds: Rect, transform: Transform, ctx: TimelineContext) -> Layer? {
        let e = node.effects
        guard !e.isEmpty else { return nil }
        let k = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        var layer = Layer(blend: e.blend, blur: max(e.blur?.value(in: ctx) ?? 0, 0) * k)
        if let clip = e.clip {
            layer.clip = ClipPath(path: clip.outline(in: ctx), transform: transform, rule: clip.shape.fillRule)
        }
        if let s = e.shadow {
            let o = s.offset.value(in: ctx)
            layer.shadow = LayerShadow(color: s.color.value(in: ctx), sigma: max(s.radius.value(in: ctx), 0) * k,
                                       offset: Point(transform.a * o.x + transform.c * o.y, transform.b * o.x + transform.d * o.y))
        }
        if let backdrop = e.backdrop {
            let shapePath: Path
            if case .shape(let s) = node.kind { shapePath = s.outline(in: ctx) }
            else if let clip = e.clip { shapePath = clip.outline(in: ctx) }
            else { shapePath = .roundedRect(bounds, radii: (0, 0, 0, 0)) }
            layer.backdrop = LayerBackdrop(shape: ClipPath(path: shapePath, transform: transform),
                                           sigma: max(backdrop.blur.value(in: ctx), 0) * k,
                                           tint: backdrop.tint?.value(in: ctx))
        }
        return layer
    }
}
