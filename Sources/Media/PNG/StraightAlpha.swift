/// Premultiplied → straight (un-associated) alpha, correctly rounded:
/// straight = round(premultiplied × 255 ÷ alpha), 0 where alpha is 0.
///
/// `Bitmap`s are premultiplied; formats that store alpha (ProRes 4444, VP9
/// with alpha, PNG; GIF's opaque colours) want straight colour, or a pixel at 50 %
/// alpha would be stored at half its brightness. (`CImageCodecs` does the same
/// in C for PNG rows; this is the Swift twin for the video writers.)
enum StraightAlpha {
    /// One pixel, 8 bits per channel: RGB un-premultiplied, A copied.
    /// Components above alpha (invalid premultiplied data) clamp to 255.
    @inline(__always)
    static func rgba8(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> (UInt8, UInt8, UInt8, UInt8) {
        switch a {
        case 255: return (r, g, b, a)
        case 0: return (0, 0, 0, 0)
        default:
            let alpha = UInt32(a)
            func channel(_ c: UInt8) -> UInt8 {
                UInt8(min(255, (UInt32(c) * 255 + alpha / 2) / alpha))
            }
            return (channel(r), channel(g), channel(b), a)
        }
    }

    /// Converts `count` premultiplied RGBA8 pixels to straight RGBA8.
    static func convert(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in stride(from: 0, to: count * 4, by: 4) {
            let (r, g, b, a) = rgba8(source[i], source[i + 1], source[i + 2], source[i + 3])
            target[i] = r; target[i + 1] = g; target[i + 2] = b; target[i + 3] = a
        }
    }

    /// Straight → premultiplied in place, correctly rounded: round(c × a ÷ 255),
    /// as `CImageCodecs` premultiplies decoded PNG rows, so a frame read from a
    /// video and the same frame read from a PNG hold the same bytes.
    static func premultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in stride(from: 0, to: count * 4, by: 4) {
            let a = UInt32(pixels[i + 3])
            guard a != 255 else { continue }
            for c in i..<i + 3 {
                let t = UInt32(pixels[c]) * a + 128
                pixels[c] = UInt8((t + (t >> 8)) >> 8)
            }
        }
    }
}
