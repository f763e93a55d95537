import Animation
import Geometry

/// After Effects' text animator, a Reel extension: properties that change
/// the characters a range selects, each by how much it selects them (0…1).
/// A property is the value at full selection: opacity and colours blend
/// toward it, the offset, anchor, rotation, skew, stroke width, tracking
/// and colour shifts are scaled by the amount, the scale goes from 1
/// toward it.
public struct TextAnimator: Sendable, Equatable {
    public var range: TextRange
    public var opacity: Animated<Double>?
    public var color: Animated<Color>?
    public var strokeColor: Animated<Color>?
    public var offset: AnimatedPair?
    public var scale: AnimatedPair?
    /// Degrees, clockwise, about the character's baseline centre.
    public var rotation: Animated<Double>?
    /// Points added after each selected character, moving the ones after it.
    public var tracking: Animated<Double>?
    /// Points the character's anchor moves from its baseline centre: it
    /// scales, skews and turns about that point, and moves the other way.
    public var anchor: AnimatedPair?
    /// Degrees the character leans right (its top moving right), along the
    /// direction `skewAxis` degrees from horizontal.
    public var skew: Animated<Double>?
    public var skewAxis: Animated<Double>?
    /// Points added to the stroke's width.
    public var strokeWidth: Animated<Double>?
    /// Added to the fill colour's hue (degrees), saturation and brightness
    /// (HSB, −1…1), each kept within its range.
    public var hue: Animated<Double>?
    public var saturation: Animated<Double>?
    public var brightness: Animated<Double>?

    public init(range: TextRange = TextRange()) {
        self.range = range
    }
}

/// Which characters an animator changes, and how much: After Effects'
/// range selector.
public struct TextRange: Sendable, Equatable {
    public enum Units: String, Sendable, CaseIterable { case percent, index }
    public enum Basis: String, Sendable, CaseIterable { case characters, charactersExcludingSpaces, words, lines }
    public enum Shape: String, Sendable, CaseIterable { case square, rampUp, rampDown, triangle, round, smooth }
    /// How the range combines with the selection before it, as After
    /// Effects' selector modes (and layer masks) do: it starts with no
    /// character selected for add and max, all for the others.
    public enum Mode: String, Sendable, CaseIterable { case add, subtract, intersect, min, max, difference }

    /// In `units`; `end` nil = the end of the text.
    public var start: Animated<Double> = .constant(0)
    public var end: Animated<Double>?
    public var offset: Animated<Double> = .constant(0)
    public var units: Units = .percent
    public var basedOn: Basis = .characters
    public var shape: Shape = .square
    /// −1…1: how the amount eases in at the range's high and low ends.
    public var easeHigh: Animated<Double> = .constant(0)
    public var easeLow: Animated<Double> = .constant(0)
    /// −1…1, scaling what the range selects.
    public var amount: Animated<Double> = .constant(1)
    /// 0…1: how gradually a square range's edge characters go (0 = all or nothing).
    public var smoothness: Animated<Double> = .constant(1)
    public var mode: Mode = .add

    public init() {}
}
