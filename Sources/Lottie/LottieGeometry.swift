/// A path item (`sh`, `rc`, `el`, `sr`) as the paints below it in its group
/// and in the groups around it see it: its source, the static transforms
/// of the groups between it and the paint (folded into its points), the
/// moving ones (drawn as groups around the paint), and the trim and
/// path modifiers after it.
struct LottieGeometry {
    enum Source {
        case path(LottieProperty)
        case rect(position: LottieProperty, size: LottieProperty, radius: LottieProperty)
        case ellipse(position: LottieProperty, size: LottieProperty)
        /// A polystar (`sr`): a star with `inner` radius, else a polygon;
        /// `roundness` is [outer, inner] (`os`, `is`).
        case star(position: LottieProperty, points: LottieProperty, outer: LottieProperty, inner: LottieProperty?, rotation: LottieProperty,
                  roundness: [LottieProperty])
    }

    var source: Source
    /// Drawn counterclockwise (direction 3), which matters for holes and trims.
    var reversed = false
    var matrix: [Double] = [1, 0, 0, 1, 0, 0]
    /// Groups with moving transforms between the path and the paint, outermost first.
    var wrappers: [Wrapper] = []
    var trim: LottieTrim?
    /// Set by a merge (`mm`) below it that subtracts it from, or intersects
    /// it with, the path merged last: paints draw the other paths masked by it.
    var cut: Cut?
    /// Turned clockwise on screen (by its points' signed area) whatever its
    /// direction, so paths a merge adds fill their union under the nonzero rule.
    var clockwise = false
    /// Set by a merge that excludes (`mm` 5): paints fill it under the even-odd rule.
    var excluded = false
    /// The modifiers after it (Round Corners, Pucker & Bloat, Offset Paths,
    /// Zig Zag), nearest first, each applied in the coordinates the path had
    /// where it stands: the group transforms folded in after a modifier are
    /// its `after`.
    var modifiers: [Modifier] = []

    enum Cut { case subtract, intersect }

    /// A group transform a paint outside it cannot fold into the points.
    struct Wrapper {
        var id: Int
        var transform: LottieTransform
    }

    var properties: [LottieProperty] {
        let own: [LottieProperty]
        switch source {
        case .path(let p): own = [p]
        case .rect(let p, let s, let r): own = [p, s, r]
        case .ellipse(let p, let s): own = [p, s]
        case .star(let p, let n, let outer, let inner, let r, let roundness): own = [p, n, outer, r] + (inner.map { [$0] } ?? []) + roundness
        }
        return own + modifiers.flatMap(\.kind.properties)
    }

    var isAnimated: Bool { properties.contains(where: \.isAnimated) }

    /// The layer frames over which it changes.
    var span: ClosedRange<Double>? {
        let spans = properties.filter(\.isAnimated).map(\.span)
        guard let first = spans.first else { return nil }
        return spans.dropFirst().reduce(first) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
    }

    /// The outline at `frame`, in the paint's coordinates (but for the wrappers).
    func bezier(at frame: Double) -> LottieBezier? {
        let b: LottieBezier?
        func point(_ p: LottieProperty) -> LottieBezier.P {
            let v = p.value(at: frame)
            return LottieBezier.P(x: v.first ?? 0, y: v.count > 1 ? v[1] : v.first ?? 0)
        }
        switch source {
        case .path(let p):
            b = LottieBezier(flat: p.value(at: frame))
        case .rect(let p, let s, let r):
            b = .rect(center: point(p), size: point(s), radius: r.value(at: frame).first ?? 0)
        case .ellipse(let p, let s):
            b = .ellipse(center: point(p), size: point(s))
        case .star(let p, let n, let outer, let inner, let r, let roundness):
            func value(_ q: LottieProperty) -> Double { q.value(at: frame).first ?? 0 }
            b = .star(center: point(p), points: Int(min(max(value(n), 0), LottieBezier.maxStarPoints).rounded()), outer: value(outer),
                      inner: inner.map(value), rotation: value(r),
                      outerRoundness: roundness.first.map(value) ?? 0, innerRoundness: roundness.dropFirst().first.map(value) ?? 0)
        }
        let directed = reversed ? b?.reversed : b
        var placed = matrix == [1, 0, 0, 1, 0, 0] ? directed : directed?.applying(matrix)
        for modifier in modifiers {
            placed = placed.map { modifier.kind.apply(to: $0, at: frame) }
            if modifier.after != [1, 0, 0, 1, 0, 0] { placed = placed?.applying(modifier.after) }
        }
        guard clockwise, let placed, placed.signedArea < 0 else { return placed }
        return placed.reversed
    }

    /// The geometry as seen from outside a group with `transform`.
    func through(_ transform: LottieTransform, id: Int) -> LottieGeometry {
        var g = self
        if g.wrappers.isEmpty, let m = transform.matrix {
            func times(_ n: [Double]) -> [Double] {
                [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
                 m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
                 m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]]
            }
            if let last = g.modifiers.indices.last { g.modifiers[last].after = times(g.modifiers[last].after) } else { g.matrix = times(matrix) }
        } else {
            g.wrappers.insert(Wrapper(id: id, transform: transform), at: 0)
        }
        return g
    }
}

extension LottieGeometry {
    /// The keys of the moving paths when they are all `sh` paths keyed at
    /// the same frames with the same easing (the common case: one moving
    /// path), so a morph between them is exact; nil otherwise.
    static func sharedKeys(_ geometry: [LottieGeometry]) -> LottieProperty? {
        let moving = geometry.filter(\.isAnimated)
        func keys(_ g: LottieGeometry) -> LottieProperty? {
            if case .path(let p) = g.source { return p }
            return nil
        }
        guard let first = moving.first.flatMap(keys),
              !moving.contains(where: { $0.modifiers.contains { $0.kind.properties.contains(where: \.isAnimated) } }) else { return nil }
        func timing(_ p: LottieProperty) -> [(Double, Bool, [LottieEasing])] { p.keys.map { ($0.frame, $0.hold, $0.easing) } }
        let reference = timing(first)
        for g in moving.dropFirst() {
            guard let p = keys(g) else { return nil }
            let t = timing(p)
            guard t.count == reference.count, zip(t, reference).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }) else { return nil }
        }
        return first
    }
}

extension LottieGeometry {
    /// A shape modifier and the group transforms folded in after it.
    struct Modifier {
        enum Kind {
            /// Round Corners (`rd`) of this radius.
            case round(LottieProperty)
            /// Pucker & Bloat (`pb`) by this percentage.
            case pucker(LottieProperty)
            /// Offset Paths (`op`) by this amount.
            case offset(LottieProperty, join: LottieBezier.LineJoin, miterLimit: LottieProperty)
            /// Zig Zag (`zz`) of this size and ridges per segment.
            case zigzag(size: LottieProperty, ridges: LottieProperty, smooth: Bool)

            var properties: [LottieProperty] {
                switch self {
                case .round(let p), .pucker(let p): [p]
                case .offset(let a, _, let limit): [a, limit]
                case .zigzag(let size, let ridges, _): [size, ridges]
                }
            }

            func apply(to path: LottieBezier, at frame: Double) -> LottieBezier {
                func value(_ p: LottieProperty) -> Double { p.value(at: frame).first ?? 0 }
                switch self {
                case .round(let r): return path.roundingCorners(value(r))
                case .pucker(let amount): return path.puckered(value(amount))
                case .offset(let amount, let join, let limit): return path.offset(by: value(amount), join: join, miterLimit: value(limit))
                case .zigzag(let size, let ridges, let smooth):
                    return path.zigzag(size: value(size), ridges: Int(min(max(value(ridges), 0), LottieBezier.maxRidges).rounded()), smooth: smooth)
                }
            }
        }

        var kind: Kind
        var after: [Double] = [1, 0, 0, 1, 0, 0]
    }
}
