import Geometry

/// A rectangle of whole pixels, max exclusive: the area a draw touches.
struct PixelBox: Equatable {
    var minX, minY, maxX, maxY: Int

    static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// The smallest box holding `r` (pixel coordinates); empty for NaN or infinite input.
    init(covering r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, !r.isEmpty else {
            self = .empty
            return
        }
        let limit = 1.0e7
        minX = Int(max(-limit, r.minX).rounded(.down))
        minY = Int(max(-limit, r.minY).rounded(.down))
        maxX = Int(min(limit, r.maxX).rounded(.up))
        maxY = Int(min(limit, r.maxY).rounded(.up))
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    /// The intersection, or `.empty` when the boxes do not meet (an
    /// intersection can have its minimum beyond its maximum).
    func cut(to limit: PixelBox) -> PixelBox {
        let cut = intersection(limit)
        return cut.isEmpty ? .empty : cut
    }

    /// The box with `dx` more pixels left and right and `dy` more above and below.
    func grown(_ dx: Int, _ dy: Int) -> PixelBox {
        PixelBox(minX: minX - dx, minY: minY - dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// The box moved by `dx`, `dy` pixels.
    func moved(_ dx: Int, _ dy: Int) -> PixelBox {
        PixelBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }
}
