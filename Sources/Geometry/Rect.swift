/// An axis-aligned rectangle, origin top-left, in the caller's units.
public struct Rect: Sendable, Equatable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public init(origin: Point, size: Size) {
        self.init(minX: origin.x, minY: origin.y,
                  maxX: origin.x + size.width, maxY: origin.y + size.height)
    }

    /// The rectangle that holds no point; the identity of `union`.
    public static let empty = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    public var isEmpty: Bool { !(minX < maxX && minY < maxY) }
    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var origin: Point { Point(minX, minY) }
    public var size: Size { Size(width, height) }

    public func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }

    public func intersection(_ o: Rect) -> Rect {
        Rect(minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
             maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
    }

    /// Grows the rectangle to include `p` (used while scanning path points).
    public func including(_ p: Point) -> Rect {
        Rect(minX: Swift.min(minX, p.x), minY: Swift.min(minY, p.y),
             maxX: Swift.max(maxX, p.x), maxY: Swift.max(maxY, p.y))
    }
}
