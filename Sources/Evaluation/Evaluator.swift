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
    /// When the frames of the scene's video clips show, by file path as the
    /// layers name it.
    public let videos: [String: VideoTimeline]
    /// Emitters prepared once (birth schedules, particle sprites), by stream name.
    private(set) var emitterPlans: [String: [EmitterPlan]] = [:]

    /// Lays out the scene's texts.
    public let texts: TextSetter

    /// - Parameter texts: the scene's texts laid out with its fonts; nil uses
    ///   only the bundled default font (scenes without `assets.fonts`).
    public init(scene: Scene, imageSizes: [String: Size] = [:], videos: [String: VideoTimeline] = [:],
                texts: TextSetter? = nil) {
        self.scene = scene
        self.imageSizes = imageSizes
        self.videos = videos
        self.texts = texts ?? TextSetter(scene: scene, library: TextSetter.bundledFonts)
        emitterPlans = Self.prepareEmitters(self)
    }

    /// The display list of frame `index` (time index / fps).
    public func displayList(frame index: Int) -> DisplayList { displayList(scene.context(frame: index)) }

    /// The display list at `time` seconds (any time; see `Scene.context(at:)`).
    public func displayList(at time: Double) -> DisplayList { displayList(scene.context(at: time)) }

    /// The display list of one instant, in pixels.
    func displayList(_ ctx: TimelineContext) -> DisplayList {
        let c = scene.canvas
        var list = DisplayList(width: c.pixelWidth, height: c.pixelHeight, background: c.background)
        list.items.reserveCapacity(scene.layers.count)
        let root = Transform.scale(c.scale, c.scale)
        for node in scene.layers {
            emit(node, parent: root, ctx: ctx, into: &list.items)
        }
        return list
    }

    /// The node's transform into its parent: translate(P + offset) · rotate ·
    /// scale · translate(−A), A the anchor point in the node's bounds and P
    /// its `position` (A when absent; `placedAt` when a stack places it),
    /// as the format defines.
    func localTransform(_ node: Node, bounds: Rect, ctx: TimelineContext, placedAt: Point? = nil) -> Transform {
        node.placement.transform(bounds: bounds, ctx: ctx, position: placedAt)
    }
    /// The node's bounds in its own coordinates.
    func bounds(_ node: Node, ctx: TimelineContext) -> Rect {
        switch node.kind {
        case .shape(let shape):
            let b = shape.geometry.bounds(in: ctx)
            return b.isEmpty && !(b.width == 0 || b.height == 0) ? Rect(origin: .zero, size: .zero) : b
        case let .group(children, size):
            return groupBounds(children, size: size, ctx: ctx)
        case .timed(let content):
            guard let local = localContext(content, ctx) else { return Rect(origin: .zero, size: .zero) }
            return groupBounds(content.children, size: content.size, ctx: local)
        case .sequence(let sequence):
            return Rect(origin: .zero, size: sequence.size.size(in: ctx))
        case .stack(let stack):
            return Rect(origin: .zero, size: layout(stack, ctx: ctx).size)
        case .replicator(let replicator):
            return groupBounds(replicator.children, size: replicator.size, ctx: ctx)
        case .image(let image):
            return Rect(origin: .zero, size: image.size?.size(in: ctx) ?? imageSizes[image.name] ?? .zero)
        case .video(let video):
            let natural = videos[video.file.path].map { Size(Double($0.width), Double($0.height)) }
            return Rect(origin: .zero, size: video.size?.size(in: ctx) ?? natural ?? .zero)
        case .text(let text):
            return textBounds(text, ctx: ctx)
        case .emitter:
            return Rect(origin: .zero, size: .zero)
        }
    }

    /// The bounds of `children` in their parent's coordinates, or `size`.
    func groupBounds(_ children: [Node], size: AnimatedPair?, ctx: TimelineContext) -> Rect {
        if let size { return Rect(origin: .zero, size: size.size(in: ctx)) }
        var r = Rect.empty
        for child in children {
            let b = bounds(child, ctx: ctx)
            r = r.union(localTransform(child, bounds: b, ctx: ctx).boundingBox(of: b))
        }
        return r.minX.isFinite ? r : Rect(origin: .zero, size: .zero)
    }

    /// Draws `node` into its parent's `items`; `placed` is where a stack
    /// puts it, with the bounds the stack measured it by.
    func emit(_ node: Node, parent: Transform, ctx: TimelineContext, into items: inout [DisplayItem],
              placed: (position: Point, bounds: Rect)? = nil) {
        let opacity = min(max(node.opacity.value(in: ctx), 0), 1)
        guard opacity > 0, node.visible.value(in: ctx) else { return }
        if case .timed(let content) = node.kind, !content.clock.shows(at: ctx.time) { return }
        // A stack is laid out once per frame: its size is its bounds, and
        // its children are drawn where it put them with the bounds it measured.
        var stackLayout: StackLayout?
        if case .stack(let stack) = node.kind { stackLayout = layout(stack, ctx: ctx) }
        let b = placed?.bounds ?? stackLayout.map { Rect(origin: .zero, size: $0.size) } ?? bounds(node, ctx: ctx)
        let transform = parent.concatenating(localTransform(node, bounds: b, ctx: ctx, placedAt: placed?.position))
        let start = items.count
        let layer = effects(node, bounds: b, transform: transform, ctx: ctx)
        // Opacity folds into the content's paint when the content composites
        // once (a single fill, an image); otherwise the node becomes a layer,
        // so overlapping parts are not doubled — SwiftUI's group opacity.
        let foldsOpacity: Bool
        switch node.kind {
        case .shape(let shape): foldsOpacity = shape.drawCount <= 1
        case .image, .video: foldsOpacity = true
        case .text(let text): foldsOpacity = text.stroke == nil
        case .group, .emitter, .timed, .sequence, .stack, .replicator: foldsOpacity = false
        }
        let layered = layer != nil || (opacity < 1 && !foldsOpacity)
        if layered {
            var l = layer ?? Layer()
            l.opacity = opacity
            items.append(.beginLayer(l))
        }
        let contentOpacity = layered ? 1 : opacity
        switch node.kind {
        case .shape(let shape):
            emitShape(shape, bounds: b, transform: transform, opacity: contentOpacity,
                      hasBackdrop: node.effects.backdrop != nil, ctx: ctx, into: &items)
        case .group(let children, _):
            for child in children { emit(child, parent: transform, ctx: ctx, into: &items) }
        case .image(let image):
            emitImage(image, bounds: b, transform: transform, opacity: contentOpacity, into: &items)
        case .video(let video):
            emitVideo(video, bounds: b, transform: transform, opacity: contentOpacity, ctx: ctx, into: &items)
        case .text(let text):
            emitText(text, bounds: b, transform: transform, opacity: contentOpacity, ctx: ctx, into: &items)
        case .emitter(let emitter):
            emitEmitter(emitter, node: node, parent: parent, opacity: contentOpacity, ctx: ctx, into: &items)
        case .timed(let content):
            if let local = localContext(content, ctx) {
                for child in content.children { emit(child, parent: transform, ctx: local, into: &items) }
            }
        case .sequence(let sequence):
            emitSequence(sequence, transform: transform, ctx: ctx, into: &items)
        case .stack(let stack):
            if let stackLayout {
                for (i, child) in stack.children.enumerated() {
                    emit(child, parent: transform, ctx: ctx, into: &items,
                         placed: (stackLayout.positions[i], stackLayout.bounds[i]))
                }
            }
        case .replicator(let replicator):
            emitReplicator(replicator, bounds: b, transform: transform, ctx: ctx, into: &items)
        }
        if let mask = node.effects.mask { emitMask(mask, node: transform, parent: parent, ctx: ctx, into: &items) }
        if layered { items.append(.endLayer) }
        if let r = node.placement.rotation3D {
            projectRotation3D(r, of: &items, from: start, bounds: b, transform: transform, ctx: ctx)
        }
    }

    /// A mask layer inside the masked node's layer: the mask's node drawn as
    /// any node is, in the masked node's coordinates (`mask`) or its
    /// parent's (a track `matte`); closing it masks what the node drew.
    private func emitMask(_ mask: NodeMask, node: Transform, parent: Transform, ctx: TimelineContext,
                          into items: inout [DisplayItem]) {
        items.append(.beginLayer(Layer(maskMode: mask.mode)))
        switch mask.source {
        case .content(let content): emit(content, parent: node, ctx: ctx, into: &items)
        case .matte(let matte): emit(matte, parent: parent, ctx: ctx, into: &items)
        }
        items.append(.endLayer)
    }

    /// The node's layer effects in pixels, or nil when it has none. Blur and
    /// shadow lengths are in the node's coordinates, so they scale with it.
    private func effects(_ node: Node, bounds: Rect, transform: Transform, ctx: TimelineContext) -> Layer? {
        let e = node.effects
        guard !e.isEmpty else { return nil }
        let k = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        var layer = Layer(blend: e.blend, blur: max(e.blur?.value(in: ctx) ?? 0, 0) * k,
                          colorFilters: e.colorFilters.flatMap { $0.display(in: ctx) })
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
