import DisplayList
import Geometry

/// Composites spans of shader output (premultiplied) onto a bitmap row with
/// a blend mode, weighted by coverage.
///
/// Partial coverage mixes the blended result with the untouched destination,
/// dst + (blend(src, dst) − dst)·coverage, as Skia does: a pixel that is 40 %
/// covered is 40 % the blended colour. For the modes that are linear in the
/// source (normal, multiply, screen, exclusion) this equals blending the
/// source scaled by coverage; for the others it is the area-correct choice.
/// Opacity, by contrast, belongs to the source (W3C: a group's opacity is
/// applied before it is blended), hence the separate `opacity:` form.
/// The mode is switched on once per span, not per pixel.
enum BlendSpan {
    /// Constant coverage 0…255 for the whole span.
    static func composite(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int,
                          coverage: UInt32, mode: BlendMode) {
        if coverage == 0 { return }
        if mode == .normal {
            if coverage == 255 {
                PixelMath.over(src, onto: dst, count: count)
            } else {
                PixelMath.over(src, coverage: coverage, onto: dst, count: count)
            }
            return
        }
        dispatch(src, dst, count, mode) { _ in coverage }
    }

    /// Per-pixel coverage 0…255 (`coverage[i]` for pixel i).
    static func composite(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int,
                          coverage: UnsafePointer<UInt8>, mode: BlendMode) {
        if mode == .normal {
            for i in 0..<count where src[i] != 0 && coverage[i] != 0 {
                let k = UInt32(coverage[i])
                dst[i] = PixelMath.over(k == 255 ? src[i] : PixelMath.scale(src[i], k), dst[i])
            }
            return
        }
        dispatch(src, dst, count, mode) { i in UInt32(coverage[i]) }
    }

    /// A layer row: the source scaled by `opacity` (0…255), then blended.
    static func composite(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int,
                          opacity: UInt32, mode: BlendMode) {
        if opacity == 255 || mode == .normal {
            composite(src, onto: dst, count: count, coverage: opacity, mode: mode)
            return
        }
        if opacity == 0 { return }
        let f = function(mode)
        for i in 0..<count where src[i] != 0 {
            dst[i] = f(PixelMath.scale(src[i], opacity), dst[i])
        }
    }

    @inline(__always)
    private static func dispatch(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                                 _ mode: BlendMode, _ coverage: (Int) -> UInt32) {
        switch mode {
        case .normal: run(src, dst, count, coverage, PixelMath.over)
        case .multiply: run(src, dst, count, coverage, Blend.multiply)
        case .screen: run(src, dst, count, coverage, Blend.screen)
        case .overlay: run(src, dst, count, coverage, Blend.overlay)
        case .darken: run(src, dst, count, coverage, Blend.darken)
        case .lighten: run(src, dst, count, coverage, Blend.lighten)
        case .colorDodge: run(src, dst, count, coverage, Blend.colorDodge)
        case .colorBurn: run(src, dst, count, coverage, Blend.colorBurn)
        case .softLight: run(src, dst, count, coverage, Blend.softLight)
        case .hardLight: run(src, dst, count, coverage, Blend.hardLight)
        case .difference: run(src, dst, count, coverage, Blend.difference)
        case .exclusion: run(src, dst, count, coverage, Blend.exclusion)
        case .hue: run(src, dst, count, coverage, Blend.hue)
        case .saturation: run(src, dst, count, coverage, Blend.saturation)
        case .color: run(src, dst, count, coverage, Blend.color)
        case .luminosity: run(src, dst, count, coverage, Blend.luminosity)
        case .sourceAtop: run(src, dst, count, coverage, Blend.sourceAtop)
        case .destinationOver: run(src, dst, count, coverage, Blend.destinationOver)
        case .destinationOut: run(src, dst, count, coverage, Blend.destinationOut)
        case .plusDarker: run(src, dst, count, coverage, Blend.plusDarker)
        case .plus: run(src, dst, count, coverage, Blend.plus)
        }
    }

    private static func function(_ mode: BlendMode) -> (UInt32, UInt32) -> UInt32 {
        switch mode {
        case .normal: PixelMath.over
        case .multiply: Blend.multiply
        case .screen: Blend.screen
        case .overlay: Blend.overlay
        case .darken: Blend.darken
        case .lighten: Blend.lighten
        case .colorDodge: Blend.colorDodge
        case .colorBurn: Blend.colorBurn
        case .softLight: Blend.softLight
        case .hardLight: Blend.hardLight
        case .difference: Blend.difference
        case .exclusion: Blend.exclusion
        case .hue: Blend.hue
        case .saturation: Blend.saturation
        case .color: Blend.color
        case .luminosity: Blend.luminosity
        case .sourceAtop: Blend.sourceAtop
        case .destinationOver: Blend.destinationOver
        case .destinationOut: Blend.destinationOut
        case .plusDarker: Blend.plusDarker
        case .plus: Blend.plus
        }
    }

    /// A transparent source leaves the destination as it is in every mode,
    /// so such pixels are skipped.
    @inline(__always)
    private static func run(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                            _ coverage: (Int) -> UInt32, _ blend: (UInt32, UInt32) -> UInt32) {
        for i in 0..<count where src[i] != 0 {
            let k = coverage(i)
            if k == 0 { continue }
            let d = dst[i], b = blend(src[i], d)
            dst[i] = k == 255 ? b : PixelMath.scale(b, k) &+ PixelMath.scale(d, 255 &- k)
        }
    }
}

/// A `CoveragePainter` that fills coverage runs with a shader's colours,
/// blended with a mode: the path the rasterizer takes for gradients, images
/// and non-normal blend modes (solid fills in normal mode keep `SolidPainter`).
struct ShaderPainter<Shader: SpanShader>: CoveragePainter {
    let shader: Shader
    /// Top-left pixel of the box in the target bitmap.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per bitmap row.
    let rowPixels: Int
    /// Device coordinates of the box's top-left pixel (the shader works in device pixels).
    let originX: Int
    let originY: Int
    /// Scratch for one span, at least the box width (see `SpanScratch`).
    let span: UnsafeMutablePointer<UInt32>
    let mode: BlendMode

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        shader.shade(x: originX + x, y: originY + y, count: count, into: span)
        BlendSpan.composite(span, onto: origin + y * rowPixels + x, count: count, coverage: coverage, mode: mode)
    }
}
