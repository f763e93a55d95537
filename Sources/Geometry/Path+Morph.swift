/// Morphing between paths: Lottie's shape keyframes and SwiftUI's
/// `animatableData` of a shape both move the points of outlines whose
/// commands correspond one to one. Paths here are already absolute, with
/// `H`/`V` as lines and `S`/`T` as curves (the SVG parser's doing); lines,
/// quadratics and cubics are raised to the highest degree any of the paths
/// has at that command, which leaves each outline exactly as drawn.
extension Path {
    /// Why paths cannot morph: the first command where they part.
    public enum MorphMismatch: Error, Sendable, Equatable {
        /// Path `path` has `count` commands where the first has `expected`.
        case count(path: Int, count: Int, expected: Int)
        /// Command `command` (0-based) of path `path` is `found` where the first path has `expected`.
        case command(path: Int, command: Int, found: String, expected: String)
    }

    /// `paths` rewritten to the same commands, so that `morphed` can move
    /// between any two of them; or where the first of them cannot be.
    public static func morphable(_ paths: [Path]) -> Result<[Path], MorphMismatch> {
        guard let first = paths.first else { return .success(paths) }
        var degrees = first.elements.map(\.degree)
        for (i, path) in paths.enumerated().dropFirst() {
            guard path.elements.count == first.elements.count else {
                return .failure(.count(path: i, count: path.elements.count, expected: first.elements.count))
            }
            for (c, (e, f)) in zip(path.elements, first.elements).enumerated() {
                guard (e.degree == nil) == (f.degree == nil), e.isMove == f.isMove else {
                    return .failure(.command(path: i, command: c, found: e.name, expected: f.name))
                }
                if let d = e.degree { degrees[c] = Swift.max(degrees[c]!, d) }
            }
        }
        return .success(paths.map { $0.raised(to: degrees) })
    }

    /// The path `f` of the way to `other` (which has the same commands; see
    /// `morphable`), every point moved along a straight line; `f` outside
    /// 0…1 extrapolates.
    public func morphed(to other: Path, _ f: Double) -> Path {
        guard other.elements.count == elements.count else { return f < 1 ? self : other }
        return Path(elements: zip(elements, other.elements).map { a, b in
            switch (a, b) {
            case let (.move(p), .move(q)): return .move(p.lerp(to: q, f))
            case let (.line(p), .line(q)): return .line(p.lerp(to: q, f))
            case let (.quad(c, p), .quad(d, q)): return .quad(c.lerp(to: d, f), p.lerp(to: q, f))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)):
                return .cubic(c1.lerp(to: d1, f), c2.lerp(to: d2, f), p.lerp(to: q, f))
            default: return f < 1 ? a : b
            }
        })
    }

    /// Each drawing command raised to `degrees[i]` (1 line, 2 quadratic, 3
    /// cubic; nil for moves and closes), by exact degree elevation.
    private func raised(to degrees: [Int?]) -> Path {
        var result = Path()
        result.reserveCapacity(elements.count)
        var current = Point.zero, start = Point.zero
        for (e, degree) in zip(elements, degrees) {
            switch (e, degree ?? 0) {
            case (.line(let p), 2):
                result.append(.quad(current.lerp(to: p, 0.5), p))
            case (.line(let p), 3):
                result.append(.cubic(current.lerp(to: p, 1.0 / 3), current.lerp(to: p, 2.0 / 3), p))
            case let (.quad(c, p), 3):
                result.append(.cubic(current.lerp(to: c, 2.0 / 3), p.lerp(to: c, 2.0 / 3), p))
            default:
                result.append(e)
            }
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): current = p
            case .close: current = start
            }
        }
        return result
    }
}

private extension PathElement {
    /// 1 for a line, 2 a quadratic, 3 a cubic; nil for a move or a close.
    var degree: Int? {
        switch self {
        case .line: return 1
        case .quad: return 2
        case .cubic: return 3
        case .move, .close: return nil
        }
    }

    var isMove: Bool {
        if case .move = self { return true }
        return false
    }

    /// As messages name it, with its SVG letter.
    var name: String {
        switch self {
        case .move: return "a move (M)"
        case .line: return "a line (L, H or V)"
        case .quad: return "a quadratic curve (Q or T)"
        case .cubic: return "a cubic curve (C or S)"
        case .close: return "a close (Z)"
        }
    }
}
