import Animation
import Geometry
import SceneModel

/// Where a stack puts its children: each child's position (its anchor
/// point's place in the stack), the bounds it was measured by, and the
/// stack's size.
struct StackLayout {
    var positions: [Point]
    var bounds: [Rect]
    var size: Size
}

extension Evaluator {
    /// SwiftUI's stack layout for children of fixed size: along the axis
    /// one after another with `spacing` between, across it aligned within
    /// the largest child by `alignment` (a `zstack` aligns on both axes),
    /// all inside `padding`. A child's size is its own bounds', before its
    /// scale and rotation, which apply after layout as SwiftUI's effects do;
    /// a hidden child keeps its place, as SwiftUI's `hidden()`.
    func layout(_ stack: StackNode, ctx: TimelineContext) -> StackLayout {
        let measured = stack.children.map { bounds($0, ctx: ctx) }
        let sizes = measured.map(\.size)
        let spacing = stack.spacing.value(in: ctx)
        let pad = stack.padding.map { max($0.value(in: ctx), 0) }
        let (top, leading, bottom, trailing) = (pad[0], pad[1], pad[2], pad[3])
        let gaps = spacing * Double(max(sizes.count - 1, 0))
        let inner: Size
        switch stack.axis {
        case .hstack: inner = Size(sizes.reduce(0) { $0 + $1.width } + gaps, sizes.map(\.height).max() ?? 0)
        case .vstack: inner = Size(sizes.map(\.width).max() ?? 0, sizes.reduce(0) { $0 + $1.height } + gaps)
        case .zstack: inner = Size(sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
        }
        var positions: [Point] = []
        positions.reserveCapacity(sizes.count)
        var along = 0.0
        for (child, size) in zip(stack.children, sizes) {
            var origin: Point
            switch stack.axis {
            case .hstack:
                origin = Point(along, (inner.height - size.height) * stack.alignment.y)
                along += size.width + spacing
            case .vstack:
                origin = Point((inner.width - size.width) * stack.alignment.x, along)
                along += size.height + spacing
            case .zstack:
                origin = Point((inner.width - size.width) * stack.alignment.x, (inner.height - size.height) * stack.alignment.y)
            }
            positions.append(Point(leading + origin.x + child.anchor.x * size.width,
                                   top + origin.y + child.anchor.y * size.height))
        }
        return StackLayout(positions: positions, bounds: measured, size: Size(inner.width + leading + trailing, inner.height + top + bottom))
    }
}
