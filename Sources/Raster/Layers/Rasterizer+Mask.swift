import DisplayList
import Geometry
import Pixels

/// Mask layers: a layer with a `maskMode` is drawn like any other, but as it
/// closes it is not composited; it scales the layer it was opened in, pixel
/// by pixel, by its mask value (CSS Masking's mask values, as
/// destination-in does with alpha). The masked layer then closes with its
/// own clip, shadow, blur, opacity and blend, so a mask is one more step of
/// the layer stack rather than a compositing path of its own.
extension Rasterizer {
    /// Scales the current target, wherever it has drawn, by the mask values
    /// of a finished mask layer's pixels (`source` at `box`'s corner, rows
    /// of `rowPixels`; transparent outside `box`). `clearing` leaves the
    /// source transparent (a pooled bitmap).
    func applyMask(_ source: UnsafeMutablePointer<UInt32>, rowPixels: Int, box: PixelBox, mode: MaskMode, clearing: Bool) {
        let target = layers.count - 1
        let drawn = layers[target].dirty
        // The mask's value where it drew nothing: 0, or 255 inverted.
        let outside: UInt32 = mode.isInverted ? 255 : 0
        let inside = box.intersection(drawn), rows = window.cut(inside)
        withLayerPixels(target) { pixels, width in
            if outside == 0 { Self.clear(window.cut(drawn), outside: rows, in: pixels, rowPixels: width) }
            guard !rows.isEmpty else { return }
            let mask = source - box.minY * rowPixels - box.minX
            // The mode is chosen once per mask, not per pixel.
            switch mode {
            case .alpha: Self.scale(pixels, width, by: mask, rowPixels, over: rows) { $0 >> 24 }
            case .invertedAlpha: Self.scale(pixels, width, by: mask, rowPixels, over: rows) { 255 &- $0 >> 24 }
            case .luminance: Self.scale(pixels, width, by: mask, rowPixels, over: rows) { MaskValue.luminance($0) }
            case .invertedLuminance: Self.scale(pixels, width, by: mask, rowPixels, over: rows) { 255 &- MaskValue.luminance($0) }
            }
        }
        if outside == 0 { layers[target].dirty = inside.isEmpty ? .empty : inside }
        let used = window.cut(box)
        if clearing && !used.isEmpty {
            for y in used.minY..<used.maxY { (source + (y - box.minY) * rowPixels).update(repeating: 0, count: box.maxX - box.minX) }
        }
    }

    /// Scales the target's pixels over `rows` by `value` of the mask pixel
    /// at the same place (`mask` addressed like the target, rows of `maskRowPixels`).
    @inline(__always)
    private static func scale(_ pixels: UnsafeMutablePointer<UInt32>, _ rowPixels: Int,
                              by mask: UnsafeMutablePointer<UInt32>, _ maskRowPixels: Int, over rows: PixelBox,
                              value: (UInt32) -> UInt32) {
        for y in rows.minY..<rows.maxY {
            let row = pixels + y * rowPixels, m = mask + y * maskRowPixels
            for x in rows.minX..<rows.maxX where row[x] != 0 {
                let k = value(m[x])
                if k != 255 { row[x] = k == 0 ? 0 : PixelMath.scale(row[x], k) }
            }
        }
    }
}

/// Mask values 0…255 of premultiplied pixels beside alpha (`p >> 24`);
/// the inverted modes take 255 − the value.
enum MaskValue {
    /// CSS Masking's luminance: 0.2125 R + 0.7154 G + 0.0721 B of the
    /// sRGB-encoded straight colour, times alpha — which equals the same
    /// weights on the premultiplied channels, so the pixel is not
    /// unpremultiplied. Integer weights in ten-thousandths (they sum to
    /// 10000), rounded to nearest: exact on every machine.
    @inline(__always)
    static func luminance(_ p: UInt32) -> UInt32 {
        (2125 &* (p & 0xFF) &+ 7154 &* ((p >> 8) & 0xFF) &+ 721 &* ((p >> 16) & 0xFF) &+ 5000) / 10000
    }
}
