import Animation
import Geometry

/// Core Animation's `CAReplicatorLayer` (and Lottie's repeater): its
/// children drawn `count` times, copy i through `step` applied i times,
/// i × `delay` seconds later in time, its colour multiplied by
/// `color` and shifted by i × the offsets.
public struct ReplicatorNode: Sendable, Equatable {
    public var children: [Node]
    /// Fixed bounds, whose centre the step transform turns and scales
    /// about; nil = the children's bounds.
    public var size: AnimatedPair?
    public var count: Animated<Double>
    /// One step's transform (`instanceTransform`): offset, rotation and
    /// scale about the replicator's anchor point.
    public var step: Placement
    /// `instanceDelay`: copy i shows the children as they were i × delay
    /// seconds earlier.
    public var delay: Double
    /// `instanceColor`: multiplies every copy (the first included).
    public var color: Animated<Color>?
    /// `instanceRedOffset` … `instanceAlphaOffset`: added to the multiplier
    /// per copy, clamped to 0…1.
    public var colorOffsets: [Double]

    public init(children: [Node], size: AnimatedPair? = nil, count: Animated<Double>, step: Placement, delay: Double = 0,
                color: Animated<Color>? = nil, colorOffsets: [Double] = [0, 0, 0, 0]) {
        self.children = children
        self.size = size
        self.count = count
        self.step = step
        self.delay = delay
        self.color = color
        self.colorOffsets = colorOffsets
    }
}
