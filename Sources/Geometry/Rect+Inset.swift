extension Rect {
    /// The rectangle moved in by `d` on every side (out when `d` < 0), in the
    /// rectangle's units. A side that would become negative collapses to zero
    /// length at the centre, so an over-inset shape draws nothing.
    ///
    /// SwiftUI's `InsettableShape` follows from it: an inset ellipse, circle
    /// or capsule is the same shape in the inset rectangle; an inset rounded
    /// rectangle also shrinks its radii (see `Path.roundedRect(_:radii:inset:)`);
    /// `strokeBorder` strokes the shape inset by half the line width.
    public func insetBy(_ d: Double) -> Rect {
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        return Rect(minX: Swift.min(minX + d, cx), minY: Swift.min(minY + d, cy),
                    maxX: Swift.max(maxX - d, cx), maxY: Swift.max(maxY - d, cy))
    }
}
