import Animation

/// Nodes drawn with a time of their own: an instance of a component (`use`),
/// or an item of a `sequence`. Their expressions, keyframes and emitters
/// read local time (`clock`), and a component's its own variables.
public struct TimedContent: Sendable, Equatable {
    /// The component instantiated; nil for an item of a sequence that is
    /// not a `use`.
    public var component: String?
    /// The timeline the children's expressions were compiled against: the
    /// component's own, holding its parameters with the `use`'s values;
    /// nil = the parent's, read at local time.
    public var timeline: Timeline?
    public var children: [Node]
    /// Fixed bounds, as a group's `size`; nil = the children's.
    public var size: AnimatedPair?
    public var clock: LocalClock

    public init(component: String? = nil, timeline: Timeline? = nil, children: [Node], size: AnimatedPair? = nil,
                clock: LocalClock) {
        self.component = component
        self.timeline = timeline
        self.children = children
        self.size = size
        self.clock = clock
    }
}
