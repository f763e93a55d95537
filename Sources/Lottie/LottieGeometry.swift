/// A path item (`sh`, `rc`, `el`, `sr`) as the paints below it in its group
/// and in the groups around it see it: its source, the static transforms
/// of the groups between it and the paint (folded into its points), the
/// moving ones (drawn as groups around the paint), and the trim and
/// rounding the modifiers after it gave it.
struct LottieGeometry {
    enum Source {
        case path(LottieProperty)
        case rect(position: LottieProperty, size: LottieProperty, radius: LottieProperty)
        case ellipse(position: LottieProperty, size: LottieProperty)
    }

    var source: Source
    /// Drawn counterclockwise (direction 3), which matters for holes and trims.
    var reversed = false
    var matrix: [Double] = [1, 0, 0, 1, 0, 0]
    /// Groups with moving transforms between the path and the paint, outermost first.
    var wrappers: [Wrapper] = []
    var trim: SceneJSON?

    /// A group transform a paint outside it cannot fold into the points.
    struct Wrapper {
        var id: Int
        var transform: LottieTransform
    }

    var properties: [LottieProperty] {
        switch source {
        case .path(let p): return [p]
        case .rect(let p, let s, let r): return [p, s, r]
        case .ellipse(let p, let s): return [p, s]
        }
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
        }
        let directed = reversed ? b?.reversed : b
        return matrix == [1, 0, 0, 1, 0, 0] ? directed : directed?.applying(matrix)
    }

    /// The geometry as seen from outside a group with `transform`.
    func through(_ transform: LottieTransform, id: Int) -> LottieGeometry {
        var g = self
        if g.wrappers.isEmpty, let m = transform.matrix {
            let n = matrix
            g.matrix = [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
                        m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
                        m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]]
        } else {
            g.wrappers.insert(Wrapper(id: id, transform: transform), at: 0)
        }
        return g
    }
}
