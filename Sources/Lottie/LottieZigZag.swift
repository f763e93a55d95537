/// Zig Zag (`zz`) as After Effects and lottie-web draw it: every vertex and
/// `ridges` points evenly spaced (in the segment's parameter) along each
/// segment are moved `size` across the path, alternately to its right and
/// left, starting to the right at the first vertex. A vertex moves across
/// the line from the vertex before it to the one after it, a point along
/// a segment across the segment there. Corner points (`pt` 1) are joined by
/// straight lines; smooth ones (2) get handles along the path, each a
/// 2 × (ridges + 1)th of the chord beside it. A closed path ends at its
/// first vertex again.
extension LottieBezier {
    /// The most ridges per segment drawn.
    static let maxRidges = 1000.0

    func zigzag(size: Double, ridges: Int, smooth: Bool) -> LottieBezier {
        guard size != 0, v.count > 1 else { return self }
        let count = closed ? v.count : v.count - 1
        let parts = Double(2 * (ridges + 1))
        var out = LottieBezier(closed: closed, v: [], i: [], o: [])
        var side = -1.0
        func add(_ point: P, across direction: P, before: Double, after: Double) {
            let along = direction.length > 0 ? direction * (1 / direction.length) : P(x: 0, y: 0)
            out.v.append(point + direction.leftNormal * (side * size))
            out.i.append(along * -before)
            out.o.append(along * after)
            side = -side
        }
        func corner(_ k: Int) {
            let n = v.count, point = v[k % n], previous = v[k == 0 ? n - 1 : k - 1], next = v[(k + 1) % n]
            add(point, across: next - previous,
                before: smooth ? (point - previous).length / parts : 0, after: smooth ? (next - point).length / parts : 0)
        }
        corner(0)
        for k in 0..<count {
            let segment = LottieCubic(self, k)
            let handle = smooth ? (segment.p3 - segment.p0).length / parts : 0
            for r in 0..<ridges {
                let t = Double(r + 1) / Double(ridges + 1)
                add(segment.point(t), across: segment.derivative(t), before: handle, after: handle)
            }
            corner(k + 1)
        }
        return out
    }
}
