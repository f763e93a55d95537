import DisplayList
import Geometry
import Pixels

/// A layer's colour filters as the rasterizer runs them: each a colour
/// matrix, a luminance map or levels, one after another on every pixel.
struct ColorFilterPass {
    private enum Step {
        case matrix(ColorMatrix)
        case map(LuminanceMap)
        case levels(LevelsTransfer, ColorChannels)
    }

    private let steps: [Step]

    init(_ filters: [LayerColorFilter]) {
        steps = filters.map { filter in
            if let m = ColorMatrix(filter) { return .matrix(m) }
            switch filter {
            case let .luminanceMap(gradient, amount): return .map(LuminanceMap(gradient, amount: amount))
            case let .levels(transfer, channels): return .levels(transfer, channels)
            default: preconditionFailure("a matrix filter without its matrix")
            }
        }
    }

    /// Recolours the premultiplied pixels of `region` in `bitmap`: each pixel
    /// is unpremultiplied (in `Double`), taken through every step with
    /// clamping, premultiplied and rounded to nearest. Transparent pixels
    /// stay so (levels on alpha included), and runs of one colour
    /// — a flat fill — are computed once.
    func filter(_ bitmap: inout Bitmap, region: PixelBox) {
        guard !region.isEmpty, !steps.isEmpty else { return }
        let width = bitmap.width
        var lastIn: UInt32 = 0, lastOut: UInt32 = 0
        bitmap.pixels.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            for y in region.minY..<region.maxY {
                let row = pixels + y * width
                for x in region.minX..<region.maxX where row[x] != 0 {
                    let p = row[x]
                    if p != lastIn {
                        lastIn = p
                        lastOut = filtered(p)
                    }
                    row[x] = lastOut
                }
            }
        }
    }

    /// One premultiplied pixel (alpha not 0) through the steps.
    private func filtered(_ p: UInt32) -> UInt32 {
        let alpha = Double(p >> 24)
        var c = SIMD4<Double>(Double(p & 0xFF) / alpha, Double((p >> 8) & 0xFF) / alpha, Double((p >> 16) & 0xFF) / alpha,
                              alpha / 255)
        for step in steps {
            switch step {
            case .matrix(let m): c = m.apply(c)
            case .map(let m): c = m.apply(c)
            case let .levels(transfer, channels): c = transfer.apply(c, to: channels)
            }
        }
        let a = c[3] * 255
        func channel(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
        return PackedPixel.pack(UInt8(channel(c[0])), UInt8(channel(c[1])), UInt8(channel(c[2])), UInt8(a.rounded()))
    }
}
