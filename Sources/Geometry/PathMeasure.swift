/// Arc lengths of a path's sub-paths, and the pieces between two lengths.
///
/// Lengths are in the path's own units. Curves are measured analytically —
/// Gauss–Legendre quadrature of the speed, subdivided adaptively until halving
/// no longer changes the sum — rather than by flattening, so lengths do not
/// depend on a tolerance and are accurate to about 1e-9 relative. A position
/// at a given length is found by Newton's method on that integral within the
/// matching piece, and curves are cut there with de Casteljau's algorithm,
/// so the pieces stay curves. Only `+ − × ÷` and square roots are used: the
/// same bits on every platform.
public struct PathMeasure: Sendable {
    /// Total length of every sub-path, closing lines included.
    public let length: Double
    let contours: [ContourMeasure]

    public init(_ path: Path) {
        var total = 0.0
        var measured: [ContourMeasure] = []
        for c in path.contours {
            let m = ContourMeasure(c, offset: total)
            total += m.length
            measured.append(m)
        }
        contours = measured
        length = total
    }

    /// The part of the path between two lengths along it (counted over all
    /// sub-paths in drawing order), appended to `path`. A sub-path wholly
    /// inside the range is copied unchanged, closed if it was; any other part
    /// is an open sub-path. Nothing is appended unless `from < to`.
    public func segment(from: Double, to: Double, into path: inout Path) {
        guard from < to else { return }
        for c in contours {
            let lo = Swift.max(from, c.offset), hi = Swift.min(to, c.offset + c.length)
            if c.length > 0 && lo <= c.offset && hi >= c.offset + c.length {
                c.contour.append(to: &path)
            } else if lo < hi {
                c.extract(from: lo - c.offset, to: hi - c.offset, into: &path)
            }
        }
    }
}

/// One contour's segments with their cumulative lengths, and the pieces the
/// adaptive quadrature cut each curve into, for finding `t` at a length.
struct ContourMeasure: Sendable {
    let contour: Contour
    /// Length of the path before this contour.
    let offset: Double
    let length: Double
    /// Length from the contour's start to the start of segment `i`; one more
    /// entry than segments, the last being `length`.
    private let segmentStart: [Double]
    /// Index of segment `i`'s first piece in `pieceT`/`pieceEnd`; one more
    /// entry than segments.
    private let firstPiece: [Int]
    /// Each piece's end parameter and the contour length at its end.
    private let pieceT: [Double]
    private let pieceEnd: [Double]

    init(_ contour: Contour, offset: Double) {
        self.contour = contour
        self.offset = offset
        var starts = [0.0], first = [0], ts: [Double] = [], ends: [Double] = []
        var s = 0.0
        for seg in contour.segments {
            if case .line = seg {
                s += seg.length(from: 0, to: 1)
                ts.append(1); ends.append(s)
            } else {
                let whole = seg.length(from: 0, to: 1)
                let tolerance = 1e-12 + 1e-10 * whole
                ContourMeasure.subdivide(seg, 0, 1, whole, depth: 0, tolerance: tolerance,
                                         s: &s, ts: &ts, ends: &ends)
            }
            starts.append(s)
            first.append(ts.count)
        }
        segmentStart = starts
        firstPiece = first
        pieceT = ts
        pieceEnd = ends
        length = s
    }

    /// Adaptive quadrature: accept the two halves of `t0…t1` once their sum
    /// agrees with the whole, else recurse; records pieces in order.
    private static func subdivide(_ seg: PathSegment, _ t0: Double, _ t1: Double, _ whole: Double,
                                  depth: Int, tolerance: Double,
                                  s: inout Double, ts: inout [Double], ends: inout [Double]) {
        let tm = (t0 + t1) / 2
        let left = seg.length(from: t0, to: tm), right = seg.length(from: tm, to: t1)
        if depth >= 12 || Swift.abs(left + right - whole) <= tolerance {
            s += left; ts.append(tm); ends.append(s)
            s += right; ts.append(t1); ends.append(s)
        } else {
            subdivide(seg, t0, tm, left, depth: depth + 1, tolerance: tolerance, s: &s, ts: &ts, ends: &ends)
            subdivide(seg, tm, t1, right, depth: depth + 1, tolerance: tolerance, s: &s, ts: &ts, ends: &ends)
        }
    }

    /// The segment holding contour length `s` and the parameter there.
    /// `preferEnd` picks, at a boundary, the segment that ends there (for the
    /// end of a range) rather than the one that starts there.
    func location(at s: Double, preferEnd: Bool) -> (index: Int, t: Double) {
        let n = contour.segments.count
        // First segment whose end passes s (or reaches it, for range ends).
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            let end = segmentStart[mid + 1]
            if preferEnd ? end >= s : end > s { hi = mid } else { lo = mid + 1 }
        }
        return (lo, parameter(at: s, inSegment: lo))
    }

    /// The parameter of segment `i` at contour length `s`: the piece holding
    /// `s` by binary search, then Newton steps on its quadrature from the
    /// linear guess.
    private func parameter(at s: Double, inSegment i: Int) -> Double {
        let a = firstPiece[i], b = firstPiece[i + 1]
        var lo = a, hi = b - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if pieceEnd[mid] >= s { hi = mid } else { lo = mid + 1 }
        }
        let t0 = lo == a ? 0 : pieceT[lo - 1], s0 = lo == a ? segmentStart[i] : pieceEnd[lo - 1]
        let t1 = pieceT[lo], s1 = pieceEnd[lo]
        if s <= s0 { return t0 }
        if s >= s1 { return t1 }
        let seg = contour.segments[i]
        var t = t0 + (t1 - t0) * (s - s0) / (s1 - s0)
        if case .line = seg { return t }
        for _ in 0..<4 {
            let error = s0 + seg.length(from: t0, to: t) - s
            let speed = seg.derivative(at: t).length
            guard Swift.abs(error) > 1e-13 * Swift.max(length, 1), speed > 0 else { break }
            t = Swift.min(Swift.max(t - error / speed, t0), t1)
        }
        return t
    }

    /// Appends the open piece between contour lengths `s0 ≤ s1` as a new
    /// sub-path: a move, then whole segments as they are and the two end
    /// segments cut. `s0 == s1` gives a zero-length sub-path (a dash dot).
    func extract(from s0: Double, to s1: Double, into path: inout Path) {
        guard !contour.segments.isEmpty else { return }
        let segs = contour.segments
        let (i0, t0) = location(at: s0, preferEnd: false)
        if s1 <= s0 {
            let p = segs[i0].point(at: t0)
            path.move(to: p)
            path.line(to: p)
            return
        }
        let (i1, t1) = location(at: s1, preferEnd: true)
        let first = segs[i0].subsegment(from: t0, to: i0 == i1 ? Swift.max(t0, t1) : 1)
        path.move(to: first.start)
        path.append(first.element)
        guard i1 > i0 else { return }
        for i in (i0 + 1)..<i1 { path.append(segs[i].element) }
        path.append(segs[i1].subsegment(from: 0, to: t1).element)
    }
}

extension Path {
    /// Total length of all sub-paths in the path's units, closing lines
    /// included.
    public var length: Double { PathMeasure(self).length }

    /// The part of the path kept by SwiftUI's `trim(from:to:)`: `from` and
    /// `to` are fractions of the total length over all sub-paths in drawing
    /// order, clamped to 0…1. `from ≥ to` (or NaN) gives an empty path, 0…1
    /// the path unchanged. A closed sub-path stays closed only when all of
    /// it is kept; otherwise its kept part is open and its closing line counts
    /// like any other segment.
    public func trimmed(from: Double, to: Double) -> Path {
        let a = Swift.min(Swift.max(from, 0), 1), b = Swift.min(Swift.max(to, 0), 1)
        guard a < b else { return Path() }
        if a == 0 && b == 1 { return self }
        let measure = PathMeasure(self)
        var result = Path()
        // b == 1 maps to the exact total so the last sub-path counts as whole.
        measure.segment(from: a * measure.length, to: b == 1 ? measure.length : b * measure.length,
                        into: &result)
        return result
    }
}
