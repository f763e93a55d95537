import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Every blend mode against the W3C Compositing and Blending Level 1
/// formulas, evaluated here in `Double` on un-premultiplied colour:
///     result = Cs·αs·(1 − αb) + Cb·αb·(1 − αs) + αs·αb·B(Cs, Cb),
///     α      = αs + αb − αs·αb,
/// then premultiplied and rounded. The integer implementation must agree
/// within 1 per channel, for opaque and translucent pairs alike.
@Suite struct BlendModeTests {
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double) // straight, 0…1

    static func separable(_ mode: BlendMode, _ cs: Double, _ cb: Double) -> Double {
        switch mode {
        case .normal: return cs
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return separable(.hardLight, cb, cs)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs == 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? cs * 2 * cb : separable(.screen, 2 * cs - 1, cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cs - cb)
        case .exclusion: return cs + cb - 2 * cs * cb
        default: fatalError("\(mode) is not separable; see `expected`")
        }
    }

    typealias RGB = [Double] // straight, 0…1

    /// W3C § 9.2: Lum, ClipColor, SetLum, Sat, SetSat, as the spec writes them.
    static func lum(_ c: RGB) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB { clipColor(c.map { $0 + l - lum(c) }) }
    static func sat(_ c: RGB) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let hi = c.max()!, lo = c.min()!
        guard hi > lo else { return [0, 0, 0] }
        return c.map { ($0 - lo) * s / (hi - lo) }
    }

    static func nonSeparable(_ mode: BlendMode, _ cs: RGB, _ cb: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: fatalError("\(mode) is separable")
        }
    }

    /// The reference result, premultiplied 0…255 (not rounded).
    static func expected(_ s: RGBA, _ d: RGBA, _ mode: BlendMode) -> [Double] {
        let cs = [s.r, s.g, s.b], cb = [d.r, d.g, d.b]
        let sourceOverAlpha = 255 * (s.a + d.a - s.a * d.a)
        switch mode {
        case .plus:
            return (0..<3).map { min(255, 255 * (cs[$0] * s.a + cb[$0] * d.a)) } + [min(255, 255 * (s.a + d.a))]
        case .sourceAtop:
            return (0..<3).map { 255 * (cs[$0] * s.a * d.a + cb[$0] * d.a * (1 - s.a)) } + [255 * d.a]
        case .destinationOver:
            return (0..<3).map { 255 * (cs[$0] * s.a * (1 - d.a) + cb[$0] * d.a) } + [255 * (s.a * (1 - d.a) + d.a)]
        case .destinationOut:
            return (0..<3).map { 255 * cb[$0] * d.a * (1 - s.a) } + [255 * d.a * (1 - s.a)]
        case .plusDarker:
            return (0..<3).map { 255 * max(0, cs[$0] * s.a + cb[$0] * d.a - s.a * d.a) } + [sourceOverAlpha]
        case .hue, .saturation, .color, .luminosity:
            let b = nonSeparable(mode, cs, cb)
            return (0..<3).map { 255 * (cs[$0] * s.a * (1 - d.a) + cb[$0] * d.a * (1 - s.a) + s.a * d.a * b[$0]) }
                + [sourceOverAlpha]
        default:
            return (0..<3).map {
                255 * (cs[$0] * s.a * (1 - d.a) + cb[$0] * d.a * (1 - s.a) + s.a * d.a * separable(mode, cs[$0], cb[$0]))
            } + [sourceOverAlpha]
        }
    }

    /// Straight colours chosen so their 8-bit premultiplied form un-premultiplies
    /// back exactly (the reference then sees what the integer code sees).
    static func quantized(_ c: RGBA) -> (RGBA, UInt32) {
        let a = (c.a * 255).rounded()
        func q(_ v: Double) -> Double { (v * a).rounded() }
        let r = q(c.r), g = q(c.g), b = q(c.b)
        let straight: RGBA = a == 0 ? (0, 0, 0, 0) : (r / a, g / a, b / a, a / 255)
        return (straight, PackedPixel.pack(UInt8(r), UInt8(g), UInt8(b), UInt8(a)))
    }

    static let sources: [RGBA] = [
        (1, 0.5, 0.2, 1), (0.1, 0.9, 0.6, 1), (0.8, 0.3, 0.7, 0.5), (0.5, 0.5, 0.5, 0.25),
        (0, 0, 0, 1), (1, 1, 1, 1), (1, 0.2, 0, 0.8), (0.4, 0.45, 0.35, 1), (0.15, 0.6, 0.95, 0.9),
    ]
    static let destinations: [RGBA] = [
        (0.2, 0.4, 0.9, 1), (0.7, 0.1, 0.3, 1), (0.6, 0.6, 0.2, 0.6), (0.3, 0.8, 0.5, 0.3),
        (0, 0, 0, 1), (1, 1, 1, 1), (0.05, 0.2, 0.95, 1), (0, 0, 0, 0),
    ]

    @Test(arguments: BlendMode.allCases)
    func matchesTheSpecFormula(_ mode: BlendMode) {
        for s in Self.sources {
            for d in Self.destinations {
                let (sq, sp) = Self.quantized(s), (dq, dp) = Self.quantized(d)
                let want = Self.expected(sq, dq, mode)
                let got = PixelMath.blend(sp, dp, mode: mode)
                for c in 0..<4 {
                    let g = Double((got >> (8 * UInt32(c))) & 0xFF)
                    #expect(abs(g - want[c]) <= 1.0 + 1e-9,
                            "\(mode) src \(s) dst \(d) channel \(c): got \(g), want \(want[c])")
                }
                // Premultiplied results stay valid: no channel above alpha.
                for c in 0..<3 { #expect((got >> (8 * UInt32(c))) & 0xFF <= got >> 24) }
            }
        }
    }

    /// A transparent source changes nothing, in every mode.
    @Test(arguments: BlendMode.allCases)
    func transparentSourceKeepsTheDestination(_ mode: BlendMode) {
        let dst = PackedPixel.pack(40, 80, 120, 200)
        #expect(PixelMath.blend(0, dst, mode: mode) == dst)
    }

    /// Spot values worked out by hand (opaque, 8-bit): multiply 200·100/255,
    /// screen 200 + 100 − 78, difference |200 − 100|, plus saturates.
    @Test func handWorkedValues() {
        let s = PackedPixel.pack(200, 0, 255, 255), d = PackedPixel.pack(100, 50, 255, 255)
        #expect(PixelMath.blend(s, d, mode: .multiply) == PackedPixel.pack(78, 0, 255, 255))
        #expect(PixelMath.blend(s, d, mode: .screen) == PackedPixel.pack(222, 50, 255, 255))
        #expect(PixelMath.blend(s, d, mode: .difference) == PackedPixel.pack(100, 50, 0, 255))
        #expect(PixelMath.blend(s, d, mode: .plus) == PackedPixel.pack(255, 50, 255, 255))
        #expect(PixelMath.blend(PackedPixel.pack(10, 20, 30, 40), PackedPixel.pack(1, 2, 3, 4), mode: .plus)
                == PackedPixel.pack(11, 22, 33, 44))
    }

    /// The new modes on opaque pixels, worked out by hand from the W3C and
    /// Core Graphics definitions.
    @Test func handWorkedValuesOfTheNonSeparableAndPorterDuffModes() {
        let red = PackedPixel.pack(255, 0, 0, 255), grey = PackedPixel.pack(128, 128, 128, 255)
        // Luminosity of grey 128 onto red: SetLum(red, 128/255) = red + (0.502 − 0.3)
        // = (1.202, 0.202, 0.202), clipped toward its luminosity 0.502:
        // 0.502 + (C − 0.502)·0.498/0.7 → (1, 0.2885, 0.2885) = (255, 74, 74).
        #expect(PixelMath.blend(grey, red, mode: .luminosity) == PackedPixel.pack(255, 74, 74, 255))
        // Colour (and hue) of grey onto red: a grey of red's luminosity 0.3 → 77.
        #expect(PixelMath.blend(grey, red, mode: .color) == PackedPixel.pack(77, 77, 77, 255))
        #expect(PixelMath.blend(grey, red, mode: .hue) == PackedPixel.pack(77, 77, 77, 255))
        // Saturation of red onto grey: grey has no hue to saturate, so it stays grey.
        #expect(PixelMath.blend(red, grey, mode: .saturation) == grey)
        // plusDarker: max(0, S + D − 1): 200 + 100 − 255 = 45; 0 + 50 → 0.
        let s = PackedPixel.pack(200, 0, 255, 255), d = PackedPixel.pack(100, 50, 255, 255)
        #expect(PixelMath.blend(s, d, mode: .plusDarker) == PackedPixel.pack(45, 0, 255, 255))
        // Porter–Duff on a half-transparent destination (premultiplied 0, 0, 100 at 128).
        let half = PackedPixel.pack(0, 0, 100, 128)
        #expect(PixelMath.blend(red, half, mode: .sourceAtop) == PackedPixel.pack(128, 0, 0, 128))
        #expect(PixelMath.blend(red, half, mode: .destinationOver) == PackedPixel.pack(127, 0, 100, 255))
        #expect(PixelMath.blend(PackedPixel.pack(0, 0, 0, 64), half, mode: .destinationOut) == PackedPixel.pack(0, 0, 75, 96))
    }

    /// Spans: constant coverage mixes the blended result with the untouched
    /// destination; per-pixel coverage does the same pixel by pixel; layer
    /// opacity scales the source first.
    @Test func spansApplyCoverageAndOpacity() {
        let src: [UInt32] = [PackedPixel.pack(255, 0, 0, 255), 0, PackedPixel.pack(0, 128, 0, 128)]
        let start: [UInt32] = Array(repeating: PackedPixel.pack(100, 100, 100, 255), count: 3)
        for mode in BlendMode.allCases {
            var full = start, half = start, perPixel = start
            src.withUnsafeBufferPointer { s in
                BlendSpan.composite(s.baseAddress!, onto: &full, count: 3, coverage: 255, mode: mode)
                BlendSpan.composite(s.baseAddress!, onto: &half, count: 3, coverage: 128, mode: mode)
                let coverage: [UInt8] = [255, 255, 0]
                coverage.withUnsafeBufferPointer {
                    BlendSpan.composite(s.baseAddress!, onto: &perPixel, count: 3, coverage: $0.baseAddress!, mode: mode)
                }
            }
            for i in 0..<3 {
                let blended = PixelMath.blend(src[i], start[i], mode: mode)
                #expect(full[i] == blended, "\(mode)")
                for c in 0..<4 {
                    func ch(_ p: UInt32) -> Double { Double((p >> (8 * UInt32(c))) & 0xFF) }
                    let mixed = ch(start[i]) + (ch(blended) - ch(start[i])) * 128 / 255
                    #expect(abs(ch(half[i]) - mixed) <= 1, "\(mode) pixel \(i) channel \(c)")
                }
            }
            #expect(perPixel[0] == full[0] && perPixel[1] == start[1] && perPixel[2] == start[2], "\(mode)")
        }
        var layer = start
        src.withUnsafeBufferPointer {
            BlendSpan.composite($0.baseAddress!, onto: &layer, count: 3, opacity: 128, mode: .multiply)
        }
        #expect(layer[0] == PixelMath.blend(PixelMath.scale(src[0], 128), start[0], mode: .multiply))
    }
}
