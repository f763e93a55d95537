/// A colour in non-linear sRGB with **straight** (not premultiplied) alpha,
/// components nominally 0…1.
///
/// Straight alpha is what the scene format interpolates in (SwiftUI does the
/// same), so animations and `mix` work on this type; components may leave
/// 0…1 while a spring overshoots and are clamped only when drawn.
public struct Color: Sendable, Equatable, Hashable {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Component-wise interpolation in sRGB with straight alpha.
    public func lerp(to o: Color, _ f: Double) -> Color {
        Color(r: r + (o.r - r) * f, g: g + (o.g - g) * f,
              b: b + (o.b - b) * f, a: a + (o.a - a) * f)
    }

    /// The colour with its alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> Color {
        Color(r: r, g: g, b: b, a: a * opacity)
    }

    /// 8-bit premultiplied RGBA, components clamped to 0…1 and rounded to
    /// nearest: the form the rasterizer composites.
    public var premultipliedRGBA8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let alpha = Color.clamp01(a)
        func q(_ v: Double) -> UInt8 { UInt8(Color.clamp01(v) * alpha * 255 + 0.5) }
        return (q(r), q(g), q(b), UInt8(alpha * 255 + 0.5))
    }

    private static func clamp01(_ v: Double) -> Double {
        v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
    }
}
