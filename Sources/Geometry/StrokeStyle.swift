/// How a stroke ends at open sub-path ends.
public enum LineCap: String, Sendable, Equatable, Hashable, CaseIterable {
    case butt, round, square
}

/// How a stroke turns at corners.
public enum LineJoin: String, Sendable, Equatable, Hashable, CaseIterable {
    case miter, round, bevel
}

/// A stroke's geometry, as SwiftUI's `StrokeStyle` and Core Graphics define it;
/// lengths in the path's own units.
public struct StrokeStyle: Sendable, Equatable, Hashable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Longest miter, as a multiple of the width, before a miter join becomes a bevel.
    public var miterLimit: Double
    /// Alternating dash and gap lengths; an odd count repeats (as SVG); empty = solid.
    public var dash: [Double]
    /// Offset into the dash pattern where the stroke starts.
    public var dashPhase: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
