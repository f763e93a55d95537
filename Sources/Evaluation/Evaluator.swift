import DisplayList
import Geometry
import SceneModel

/// Turns a scene at a time into the frame's display list.
///
/// Reads only the immutable scene, so one evaluator serves every worker
/// thread, and frame N never depends on frames before it.
public struct Evaluator: Sendable {
    public let scene: Scene

    public init(scene: Scene) {
        self.scene = scene
    }

    /// The display list of frame `index` (time index / fps).
    public func displayList(frame index: Int) -> DisplayList {
        displayList(at: scene.canvas.time(ofFrame: index))
    }

    /// The display list at `time` seconds, in pixels.
    public func displayList(at time: Double) -> DisplayList {
        let c = scene.canvas
        var list = DisplayList(width: c.pixelWidth, height: c.pixelHeight, background: c.background)
        let root = Transform.scale(c.scale, c.scale)
        for node in scene.layers {
            emit(node, parent: root, time: time, into: &list.items)
        }
        return list
    }

    /// The node's transform into its parent: translate(P + offset) · rotate ·
    /// scale · translate(−A), A the anchor point in the node's bounds and P
    /// its `position` (A when absent), as the format defines.
    func localTransform(_ node: Node, bounds: Rect, time: Double) -> Transform {
        let a = Point(bounds.minX + node.anchor.x * bounds.width, bounds.minY + node.anchor.y * bounds.height)
        let p = node.position?.value(at: time) ?? a
        let o = node.offset?.value(at: time) ?? .zero
        let s = node.scale.value(at: time)
        let r = node.rotation.value(at: time)
        return Transform.translation(p.x + o.x, p.y + o.y)
            .concatenating(.rotation(degrees: r))
            .concatenating(.scale(s.x, s.y))
            .concatenating(.translation(-a.x, -a.y))
    }

    /// The node's bounds in its own coordinates.
    func bounds(_ node: Node, time: Double) -> Rect {
        switch node.kind {
        case .shape(let shape):
            return shape.geometry.bounds(at: time)
        case let .group(children, size):
            if let size { return Rect(origin: .zero, size: size.size(at: time)) }
            var r = Rect.empty
            for child in children {
                let b = bounds(child, time: time)
                let t = localTransform(child, bounds: b, time: time)
                for corner in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                    r = r.including(t.apply(corner))
                }
            }
            return r.isEmpty ? Rect(origin: .zero, size: .zero) : r
        }
    }

    private func emit(_ node: Node, parent: Transform, time: Double, into items: inout [DisplayItem]) {
        let opacity = min(max(node.opacity.value(at: time), 0), 1)
        guard opacity > 0 else { return }
        let b = bounds(node, time: time)
        let transform = parent.concatenating(localTransform(node, bounds: b, time: time))
        switch node.kind {
        case .shape(let shape):
            // A single fill composited once needs no layer: its opacity folds into the paint.
            let color = fillColor(shape, time: time).withOpacity(opacity)
            items.append(.fill(path: shape.geometry.path(at: time), transform: transform,
                               paint: .solid(color), rule: .nonzero))
        case .group(let children, _):
            let layered = opacity < 1
            if layered { items.append(.beginLayer(opacity: opacity)) }
            for child in children { emit(child, parent: transform, time: time, into: &items) }
            if layered { items.append(.endLayer) }
        }
    }

    /// SwiftUI fills a bare shape black.
    private func fillColor(_ shape: ShapeNode, time: Double) -> Color {
        switch shape.fill {
        case .color(let c)?: return c.value(at: time)
        case nil: return .black
        }
    }
}
