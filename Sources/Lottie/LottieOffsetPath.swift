/// Offset Paths (`op`) as After Effects and lottie-web draw them: every
/// segment moved `amount` to its left (outward on a clockwise path, so a
/// positive amount grows After Effects' shapes), cut at its inflections so
/// that each piece's control polygon can be moved edge by edge; where two
/// moved segments cross, the loop between them cut off; where they part,
/// joined by a miter (`lj` 1, while the corner is within `ml` of the
/// segment's end), a round (2) or a bevel (3). An open path is walked there
/// and back, so its offset goes round both sides.
extension LottieBezier {
    enum LineJoin: Double { case miter = 1, round = 2, bevel = 3 }

    func offset(by amount: Double, join: LineJoin, miterLimit: Double) -> LottieBezier {
        guard amount != 0, v.count > 1 else { return self }
        let count = closed ? v.count : v.count - 1
        let forward = (0..<count).map { LottieCubic(self, $0) }
        let back = closed ? [] : forward.reversed().map { LottieCubic($0.p3, $0.p2, $0.p1, $0.p0) }
        var runs = (forward + back).filter { !$0.isPoint }.map { $0.bendingPieces.map { $0.moved(by: amount) } }
        guard !runs.isEmpty else { return self }
        Self.cutLoops(&runs)

        var out = LottieBezier(closed: closed, v: [], i: [], o: [])
        var end: P?
        for (index, run) in runs.enumerated() {
            if index > 0 { end = out.join(runs[index - 1].last!, run[0], join, miterLimit) }
            for piece in run {
                if let end, piece.p0.isClose(to: end) {
                    out.o[out.o.count - 1] = piece.p1 - out.v[out.v.count - 1]
                } else {
                    out.v.append(piece.p0); out.i.append(P(x: 0, y: 0)); out.o.append(piece.p1 - piece.p0)
                }
                out.v.append(piece.p3); out.i.append(piece.p2 - piece.p3); out.o.append(P(x: 0, y: 0))
                end = piece.p3
            }
        }
        _ = out.join(runs[runs.count - 1].last!, runs[0][0], join, miterLimit)
        return out
    }

    /// Where the moved segments of neighbouring runs cross (an inner
    /// corner), both are cut there; when the first and last pieces of two
    /// runs cross, the runs shrink to those cut pieces.
    private static func cutLoops(_ runs: inout [[LottieCubic]]) {
        func cut(_ a: Int, _ b: Int) {
            if let (s, t) = runs[a].last!.crossing(runs[b][0]) {
                runs[a][runs[a].count - 1] = runs[a].last!.split(s).0
                runs[b][0] = runs[b][0].split(t).1
            }
            if runs[a].count > 1, runs[b].count > 1, let (s, t) = runs[a][0].crossing(runs[b].last!) {
                runs[a] = [runs[a][0].split(s).0]
                runs[b] = [runs[b].last!.split(t).1]
            }
        }
        for k in runs.indices.dropFirst() { cut(k - 1, k) }
        if runs.count > 1 { cut(runs.count - 1, 0) }
    }

    /// Joins the end of `a` to the start of `b` where they part, adding the
    /// corner; returns the point the path has reached.
    private mutating func join(_ a: LottieCubic, _ b: LottieCubic, _ join: LineJoin, _ miterLimit: Double) -> P {
        let from = a.p3, to = b.p0
        if join == .bevel || from.isClose(to: to) { return from }
        if join == .round {
            // lottie-web's round: handles along both segments, 0.5519 of the gap long.
            let handle = (to - from).length * 0.5519
            let out = a.derivative(1), into = b.derivative(0)
            o[o.count - 1] = out.length > 0 ? out * (handle / out.length) : P(x: 0, y: 0)
            v.append(to); o.append(P(x: 0, y: 0))
            i.append(into.length > 0 ? into * (-handle / into.length) : P(x: 0, y: 0))
            return to
        }
        let behind = from.isClose(to: a.p2) ? a.p0 : a.p2, ahead = to.isClose(to: b.p1) ? b.p3 : b.p1
        guard let corner = P.crossing(behind, from, to, ahead), (corner - from).length < miterLimit else { return from }
        v.append(corner); i.append(P(x: 0, y: 0)); o.append(P(x: 0, y: 0))
        return corner
    }
}

extension LottieCubic {
    /// The piece moved `amount` to the left of its travel: each edge of the
    /// control polygon moved, the inner control points where the moved
    /// edges meet.
    func moved(by amount: Double) -> LottieCubic {
        func edge(_ a: P, _ b: P) -> (P, P) {
            let n = (b - a).leftNormal * amount
            return (a + n, b + n)
        }
        let (q0, q1a) = edge(p0, p1), (q1b, q2b) = edge(p1, p2), (q2a, q3) = edge(p2, p3)
        return LottieCubic(q0, P.crossing(q0, q1a, q1b, q2b) ?? q1a, P.crossing(q2a, q3, q1b, q2b) ?? q2a, q3)
    }

    /// The first crossing with `other` that is not merely the point where
    /// this one ends and the other starts.
    func crossing(_ other: LottieCubic) -> (Double, Double)? {
        intersection(other, skipping: p3.isClose(to: other.p0) ? p3 : nil)
    }
}
