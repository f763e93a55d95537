import CFreeType
import Geometry

/// FreeType outline → `Path` by `FT_Outline_Decompose`, which turns TrueType's
/// implied on-curve points into explicit quadratic segments (CFF gives cubics).
/// Input coordinates are 26.6 at one pixel per font unit; output is font
/// units with y down.
enum GlyphOutline {
    /// Decompose's callbacks are C function pointers: state travels through
    /// its `user` pointer.
    private final class Sink {
        var path = Path()
        var open = false

        func closeIfOpen() {
            if open { path.close() }
            open = false
        }
    }

    private static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return .zero }
        return Point(Double(v.pointee.x) / 64, -Double(v.pointee.y) / 64)
    }

    private static func sink(_ user: UnsafeMutableRawPointer?) -> Sink {
        Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
    }

    static func path(of outline: inout FT_Outline) -> Path {
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = GlyphOutline.sink(user)
                s.closeIfOpen()
                s.path.move(to: GlyphOutline.point(to))
                s.open = true
                return 0
            },
            line_to: { to, user in
                GlyphOutline.sink(user).path.line(to: GlyphOutline.point(to))
                return 0
            },
            conic_to: { control, to, user in
                GlyphOutline.sink(user).path.quad(to: GlyphOutline.point(to), control: GlyphOutline.point(control))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                GlyphOutline.sink(user).path.cubic(to: GlyphOutline.point(to), control1: GlyphOutline.point(c1),
                                                   control2: GlyphOutline.point(c2))
                return 0
            },
            shift: 0, delta: 0)
        let sink = Sink()
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let error = withExtendedLifetime(sink) { FT_Outline_Decompose(&outline, &funcs, user) }
        guard error == 0 else { return Path() }
        sink.closeIfOpen()
        return sink.path
    }
}
