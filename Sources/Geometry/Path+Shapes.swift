/// Primitive outlines, each starting and turning where SwiftUI's do.
extension Path {
    /// The cubic-Bézier handle length for a quarter circle of radius 1
    /// (4/3·tan(π/8)); the standard approximation, off by at most 0.027 %.
    static let kappa = 0.5522847498307936

    /// A rectangle with per-corner radii (top-left, top-right, bottom-right,
    /// bottom-left), starting on the top edge where the top-left corner ends and
    /// running clockwise. Radii are clamped to half the shorter side, as SwiftUI does.
    public static func roundedRect(_ r: Rect, radii: (tl: Double, tr: Double, br: Double, bl: Double)) -> Path {
        let limit = Swift.max(0, Swift.min(r.width, r.height) / 2)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), limit) }
        let tl = clamp(radii.tl), tr = clamp(radii.tr), br = clamp(radii.br), bl = clamp(radii.bl)
        let k = kappa
        var p = Path()
        p.reserveCapacity(10)
        p.move(to: Point(r.minX + tl, r.minY))
        p.line(to: Point(r.maxX - tr, r.minY))
        if tr > 0 {
            p.cubic(to: Point(r.maxX, r.minY + tr),
                    control1: Point(r.maxX - tr + tr * k, r.minY),
                    control2: Point(r.maxX, r.minY + tr - tr * k))
        }
        p.line(to: Point(r.maxX, r.maxY - br))
        if br > 0 {
            p.cubic(to: Point(r.maxX - br, r.maxY),
                    control1: Point(r.maxX, r.maxY - br + br * k),
                    control2: Point(r.maxX - br + br * k, r.maxY))
        }
        p.line(to: Point(r.minX + bl, r.maxY))
        if bl > 0 {
            p.cubic(to: Point(r.minX, r.maxY - bl),
                    control1: Point(r.minX + bl - bl * k, r.maxY),
                    control2: Point(r.minX, r.maxY - bl + bl * k))
        }
        p.line(to: Point(r.minX, r.minY + tl))
        if tl > 0 {
            p.cubic(to: Point(r.minX + tl, r.minY),
                    control1: Point(r.minX, r.minY + tl - tl * k),
                    control2: Point(r.minX + tl - tl * k, r.minY))
        }
        p.close()
        return p
    }

    /// The ellipse inscribed in `r`, starting at 3 o'clock and running
    /// clockwise on screen (y down), as SwiftUI's `Ellipse` and `Circle` do.
    public static func ellipse(in r: Rect) -> Path {
        let cx = (r.minX + r.maxX) / 2, cy = (r.minY + r.maxY) / 2
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.reserveCapacity(6)
        p.move(to: Point(cx + rx, cy))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        p.close()
        return p
    }
}
