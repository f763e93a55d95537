@testable import Media
import Testing

/// `NV12Conversion`: its fixed-point BT.709 values, and the vector path
/// against the per-pixel definition (exact: integers).
struct NV12ConversionTests {
    /// Converts a packed `width` × `height` image padded to even sizes;
    /// returns the luma and interleaved chroma planes.
    private func convert(_ pixels: [UInt32], width: Int, height: Int) -> (luma: [UInt8], chroma: [UInt8], w: Int, h: Int) {
        let w = (width + 1) & ~1, h = (height + 1) & ~1
        var luma = [UInt8](repeating: 0, count: w * h), chroma = [UInt8](repeating: 0, count: w * h / 2)
        pixels.withUnsafeBufferPointer { p in
            luma.withUnsafeMutableBufferPointer { l in
                chroma.withUnsafeMutableBufferPointer { c in
                    NV12Conversion.convert(p.baseAddress!, width: width, height: height, encodedWidth: w, encodedHeight: h,
                                           luma: .init(base: l.baseAddress!, rowBytes: w),
                                           chroma: .init(base: c.baseAddress!, rowBytes: w))
                }
            }
        }
        return (luma, chroma, w, h)
    }

    @Test(arguments: [
        // premultiplied RGBA → Y, Cb, Cr (BT.709, limited range)
        (UInt32(0xFF00_0000), UInt8(16), UInt8(128), UInt8(128)),
        (0xFFFF_FFFF, 235, 128, 128),
        (0xFF80_8080, 126, 128, 128),
        (0xFF00_00FF, 63, 102, 240),
        (0xFF00_FF00, 172, 42, 26),
        (0xFFFF_0000, 32, 240, 118),
        (0x8000_8000, 95, 85, 77), // half-transparent green: the colour over black
    ])
    func flatColours(pixel: UInt32, y: UInt8, cb: UInt8, cr: UInt8) {
        let out = convert([UInt32](repeating: pixel, count: 16 * 4), width: 16, height: 4)
        #expect(Set(out.luma) == [y])
        #expect(Set(stride(from: 0, to: out.chroma.count, by: 2).map { out.chroma[$0] }) == [cb])
        #expect(Set(stride(from: 1, to: out.chroma.count, by: 2).map { out.chroma[$0] }) == [cr])
    }

    /// Random pixels at sizes with vector steps, scalar tails and odd edges:
    /// every sample equals the per-pixel definition with edges repeated.
    @Test(arguments: [(8, 2), (37, 11), (64, 7), (3, 3), (1, 1)])
    func vectorPathMatchesDefinition(width: Int, height: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        let out = convert(pixels, width: width, height: height)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[min(y, height - 1) * width + min(x, width - 1)] }
        for y in 0..<out.h {
            for x in 0..<out.w {
                #expect(out.luma[y * out.w + x] == NV12Conversion.lumaSample(pixel(x, y)), "luma \(x),\(y)")
            }
        }
        for cy in 0..<(out.h / 2) {
            for cx in 0..<(out.w / 2) {
                let (x, y) = (2 * cx, 2 * cy)
                let expected = NV12Conversion.chromaSample((pixel(x, y), pixel(x + 1, y), pixel(x, y + 1), pixel(x + 1, y + 1)))
                let i = cy * out.w + 2 * cx
                #expect(out.chroma[i] == expected.cb && out.chroma[i + 1] == expected.cr, "chroma \(cx),\(cy)")
            }
        }
    }
}
