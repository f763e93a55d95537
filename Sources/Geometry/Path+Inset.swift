extension Path {
    /// SwiftUI's inset `RoundedRectangle`: the rectangle inset by `d` with each
    /// corner radius reduced to max(r − d, 0), so the outline stays parallel
    /// to the original.
    public static func roundedRect(_ r: Rect, radii: (tl: Double, tr: Double, br: Double, bl: Double),
                                   inset d: Double) -> Path {
        func shrink(_ v: Double) -> Double { Swift.max(v - d, 0) }
        return roundedRect(r.insetBy(d), radii: (shrink(radii.tl), shrink(radii.tr),
                                                 shrink(radii.br), shrink(radii.bl)))
    }
}
