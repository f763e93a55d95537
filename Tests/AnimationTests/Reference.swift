import Animation

/// Independent reference implementations the tests compare against: the
/// definitions, solved the slow obvious way.
enum Reference {
    /// A CSS timing Bézier's y at x, by bisection on the parameter.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(y1, y2, (lo + hi) / 2)
    }

    static func easeIn(_ x: Double) -> Double { bezier(0.42, 0, 1, 1, at: x) }
    static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }
    static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }

    /// m·x'' + c·x' + k·x = 0 from (x0, v0), integrated with classical
    /// Runge–Kutta in steps of at most 1e-4 s. Returns (x, v) at `time`.
    static func spring(stiffness k: Double, damping c: Double, mass m: Double = 1,
                       x0: Double, v0: Double, time: Double) -> (x: Double, v: Double) {
        var x = x0, v = v0
        let steps = Swift.max(1, Int((time / 1e-4).rounded(.up)))
        let h = time / Double(steps)
        func a(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    static func spring(_ s: Spring, x0: Double, v0: Double, time: Double) -> (x: Double, v: Double) {
        spring(stiffness: s.stiffness, damping: s.damping, mass: s.mass, x0: x0, v0: v0, time: time)
    }
}
