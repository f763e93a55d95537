/// One drawing command of a path, in the path's own coordinate space.
public enum PathElement: Sendable, Equatable, Hashable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close
}

/// A vector outline made of sub-paths of lines and Bézier curves.
///
/// Pure geometry: no pixels, no paint. Shapes are built so their drawing
/// order matches SwiftUI's (closed shapes run clockwise on screen from where
/// SwiftUI starts them), which `trim` depends on.
public struct Path: Sendable, Equatable, Hashable {
    public private(set) var elements: [PathElement] = []

    public init() {}

    public init(elements: [PathElement]) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Makes room for `count` more elements, so a path built element by
    /// element allocates once; growth stays geometric when called again.
    public mutating func reserveCapacity(_ count: Int) {
        let needed = elements.count + count
        if needed > elements.capacity { elements.reserveCapacity(Swift.max(needed, 2 * elements.capacity)) }
    }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func close() { elements.append(.close) }
    public mutating func append(_ e: PathElement) { elements.append(e) }

    /// Where the next element would start: the end of the last element, or
    /// the start of the sub-path that `close` ended; nil for an empty path.
    public var currentPoint: Point? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close:
            for e in elements.reversed() { if case .move(let p) = e { return p } }
            return .zero
        }
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: Transform) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// Bounds of all points including control points: cheap and never smaller
    /// than the exact curve bounds, which is what clipping and layer sizing need.
    public var controlBounds: Rect {
        var r = Rect.empty
        for e in elements {
            switch e {
            case .move(let p), .line(let p): r = r.including(p)
            case .quad(let c, let p): r = r.including(c).including(p)
            case .cubic(let c1, let c2, let p): r = r.including(c1).including(c2).including(p)
            case .close: break
            }
        }
        return r
    }
}
