import Animation
import Geometry

/// One layer of the scene tree: placement and effects common to every node,
/// plus what kind of node it is.
public struct Node: Sendable, Equatable {
    public var id: String?
    public var kind: NodeKind
    public var placement: Placement
    /// Applies to the node as a whole, children included.
    public var opacity: Animated<Double>
    /// When false the node and its children are not drawn.
    public var visible: Animated<Bool>
    public var effects: NodeEffects

    public init(id: String? = nil, kind: NodeKind, placement: Placement = Placement(),
                opacity: Animated<Double> = .constant(1), visible: Animated<Bool> = .constant(true),
                effects: NodeEffects = NodeEffects()) {
        self.id = id
        self.kind = kind
        self.placement = placement
        self.opacity = opacity
        self.visible = visible
        self.effects = effects
    }

    public var position: AnimatedPair? { placement.position }
    public var anchor: Point { placement.anchor }
    public var offset: AnimatedPair? { placement.offset }
    public var scale: AnimatedPair { placement.scale }
    public var rotation: Animated<Double> { placement.rotation }

    /// The nodes drawn as part of this one: a container's children, then
    /// the node of its mask or matte. What walks the tree (to prepare texts and
    /// emitters, to count nodes) walks these.
    public var subnodes: [Node] {
        var nodes: [Node]
        switch kind {
        case .group(let children, _): nodes = children
        case .timed(let content): nodes = content.children
        case .sequence(let sequence): nodes = sequence.items
        case .stack(let stack): nodes = stack.children
        case .replicator(let replicator): nodes = replicator.children
        case .shape, .image, .video, .text, .emitter: nodes = []
        }
        if let mask = effects.mask { nodes.append(mask.node) }
        return nodes
    }
}

/// Where a node sits in its parent: translate(position + offset) · rotate ·
/// skew · scale · translate(−anchor point), the position and an extra
/// rotation coming from `motion` when it is set.
public struct Placement: Sendable, Equatable {
    /// Where the anchor sits in the parent (points); nil = the node's own coordinates.
    public var position: AnimatedPair?
    /// Unit point in the node's bounds.
    public var anchor: Point
    /// Extra translation in points.
    public var offset: AnimatedPair?
    /// Scale factors about the anchor.
    public var scale: AnimatedPair
    /// Degrees, clockwise on screen, about the anchor.
    public var rotation: Animated<Double>
    /// Skew angles [x, y] in degrees about the anchor, as CSS `skew()`; nil = none.
    public var skew: AnimatedPair?
    /// A path the anchor moves along, in place of `position`; nil = none.
    public var motion: MotionPath? {
        get { if case .some(.value(let m)) = boxedMotion { m } else { nil } }
        set { boxedMotion = newValue.map { .value($0) } }
    }
    /// `motion` behind a reference, as `NodeEffects.clip` is: few nodes have
    /// one, and every node carries the placement.
    private var boxedMotion: Boxed<MotionPath>?
    /// SwiftUI's `rotation3DEffect`, in the node's coordinates before the
    /// rest of its placement; nil = none.
    public var rotation3D: Rotation3D?

    public init(position: AnimatedPair? = nil, anchor: Point = Point(0.5, 0.5), offset: AnimatedPair? = nil,
                scale: AnimatedPair = .constant(1, 1), rotation: Animated<Double> = .constant(0), skew: AnimatedPair? = nil,
                motion: MotionPath? = nil) {
        self.position = position
        self.anchor = anchor
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.skew = skew
        boxedMotion = motion.map { .value($0) }
    }
}

/// A shape placed in its parent's coordinates: a `clip`, or a part of a
/// compound `shape`.
public struct PlacedShape: Sendable, Equatable {
    public var shape: ShapeNode
    public var placement: Placement

    public init(shape: ShapeNode, placement: Placement = Placement()) {
        self.shape = shape
        self.placement = placement
    }
}

/// What a node draws.
public indirect enum NodeKind: Sendable, Equatable {
    case shape(ShapeNode)
    /// Children drawn in the group's coordinates; `size` fixes its bounds.
    case group(children: [Node], size: AnimatedPair?)
    case image(ImageNode)
    case video(VideoNode)
    case text(TextNode)
    case emitter(EmitterNode)
    /// Children with a time of their own (a component's `use`).
    case timed(TimedContent)
    case sequence(SequenceNode)
    case stack(StackNode)
    case replicator(ReplicatorNode)
}

/// The compositing effects of a node, applied in the format's order:
/// backdrop, content, mask, clip, colour filters, shadow under it, blur,
/// then opacity and blend.
public struct NodeEffects: Sendable, Equatable {
    public var blend: BlendMode = .normal
    /// Standard deviation in points (node coordinates), as CSS `blur()`.
    public var blur: Animated<Double>?
    public var shadow: Shadow?
    public var backdrop: Backdrop?
    /// A shape in the node's coordinates that clips it (`clipShape`).
    public var clip: PlacedShape? {
        get { if case .some(.value(let shape)) = boxedClip { shape } else { nil } }
        set { boxedClip = newValue.map { .value($0) } }
    }
    /// `clip`, behind a reference: a placed shape is some 350 bytes, and
    /// every node carrying it inline made each level of the decoder's and
    /// the evaluator's recursion through groups that much larger.
    private var boxedClip: Boxed<PlacedShape>?
    /// Another node's drawing whose alpha or luminance limits where this
    /// one shows (`mask`, or a track `matte`).
    public var mask: NodeMask?
    /// SwiftUI's colour modifiers, in the order they apply.
    public var colorFilters: [ColorFilter]

    public init(blend: BlendMode = .normal, blur: Animated<Double>? = nil, shadow: Shadow? = nil,
                backdrop: Backdrop? = nil, clip: PlacedShape? = nil, mask: NodeMask? = nil,
                colorFilters: [ColorFilter] = []) {
        self.blend = blend
        self.blur = blur
        self.shadow = shadow
        self.backdrop = backdrop
        boxedClip = clip.map { .value($0) }
        self.mask = mask
        self.colorFilters = colorFilters
    }

    /// True when the node needs no layer of its own beyond opacity.
    /// (Matched as patterns: `== nil` on these optionals copies each through
    /// unspecialised generic code, a measurable cost once per node and frame.)
    public var isEmpty: Bool {
        guard blend == .normal, case .none = blur, case .none = shadow, case .none = backdrop, case .none = boxedClip,
              case .none = mask, colorFilters.isEmpty else {
            return false
        }
        return true
    }
}

/// A value kept behind a reference (an indirect enum's box), so a struct
/// holding it stays small; its value semantics are those of the value.
enum Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
    indirect case value(Value)
}

/// A mask: a node drawn only to limit where another shows, by its alpha
/// or luminance (`mode`).
public struct NodeMask: Sendable, Equatable {
    public var source: MaskSource
    public var mode: MaskMode

    public init(_ source: MaskSource, mode: MaskMode = .alpha) {
        self.source = source
        self.mode = mode
    }

    /// The node drawn as the mask.
    public var node: Node {
        switch source {
        case .content(let node), .matte(let node): return node
        }
    }
}

/// Where a mask's node comes from, which decides its coordinates.
public indirect enum MaskSource: Sendable, Equatable {
    /// SwiftUI's `mask`: a node drawn in the masked node's coordinates.
    case content(Node)
    /// A track matte (After Effects, Lottie): the sibling just before the
    /// masked node, drawn in their parent's coordinates instead of itself.
    case matte(Node)
}

/// A drop shadow: the node's alpha in `color`, blurred by `radius` (σ in
/// points) and moved by `offset`.
public struct Shadow: Sendable, Equatable {
    public var color: Animated<Color>
    public var radius: Animated<Double>
    public var offset: AnimatedPair
}

/// Frosted material: what lies behind the node's shape, blurred by `blur`
/// (σ in points), then tinted.
public struct Backdrop: Sendable, Equatable {
    public var blur: Animated<Double>
    public var tint: Animated<Color>?
}
