import Animation

/// Items shown one after another, each with its own local time, with
/// transitions that overlap neighbours — Remotion's `<TransitionSeries>`,
/// a run of Lottie precomps.
public struct SequenceNode: Sendable, Equatable {
    /// Each a `.timed` node whose clock begins where the item starts.
    public var items: [Node]
    /// `transitions[i]` joins item i to item i + 1 (nil = a cut).
    public var transitions: [Transition?]
    /// The frame pushes, slides and wipes move across.
    public var size: AnimatedPair

    public init(items: [Node], transitions: [Transition?], size: AnimatedPair) {
        self.items = items
        self.transitions = transitions
        self.size = size
    }
}

/// How one item of a sequence gives way to the next during the `duration`
/// they overlap.
public struct Transition: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The outgoing fades out as the incoming fades in: a dissolve,
        /// (1 − p)·A + p·B of premultiplied colours.
        case crossfade
        /// The incoming moves in from `edge` and pushes the outgoing out.
        case push
        /// The incoming moves in from `edge` over the outgoing, which stays.
        case slide
        /// The incoming is revealed by an edge sweeping from `edge`.
        case wipe
    }

    /// The side the incoming item enters from (SwiftUI's `Edge`).
    public enum Edge: String, Sendable, Equatable, CaseIterable {
        case leading, trailing, top, bottom
    }

    public var kind: Kind
    public var duration: Double
    public var edge: Edge
    /// Progress over the transition's duration.
    public var curve: Curve

    public init(kind: Kind, duration: Double, edge: Edge = .trailing, curve: Curve = .linear) {
        self.kind = kind
        self.duration = duration
        self.edge = edge
        self.curve = curve
    }
}
