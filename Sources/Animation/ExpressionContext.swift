/// What an expression reads while it is evaluated. Implementations must be
/// cheap to query: the evaluator asks once per variable reference.
public protocol ExpressionContext {
    /// `t`: seconds since the scene started (not folded by `loop`).
    var time: Double { get }
    /// `frame`: the frame index, as a number.
    var frame: Double { get }
    /// The scene's `seed`, which fixes `random(k)`.
    var seed: Int { get }
    /// The current value of a variable, of the type the symbols declared.
    func value(of variable: VariableIndex) -> ExpressionValue
}

/// The timeline's variables at one instant: the context the Evaluation stage
/// hands to expressions. Variables are evaluated on demand, so building one
/// costs nothing and allocates nothing.
public struct TimelineContext: ExpressionContext, Sendable {
    public let timeline: Timeline
    public let time: Double
    public let frame: Double
    public let seed: Int

    public init(timeline: Timeline, time: Double, frame: Int, seed: Int) {
        self.timeline = timeline
        self.time = time
        self.frame = Double(frame)
        self.seed = seed
    }

    public func value(of variable: VariableIndex) -> ExpressionValue {
        timeline.value(of: variable, at: time)
    }
}
