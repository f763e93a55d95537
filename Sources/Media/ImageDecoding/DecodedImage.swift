import CImageCodecs
import Pixels

/// An image as its decoder gives it, before the steps every format shares
/// (`bitmap()`): colour conversion to sRGB, orientation, premultiplication.
struct DecodedImage {
    /// Pixels across and down, as stored (before `orientation`).
    var width: Int
    var height: Int
    /// `width × height × 4` bytes of RGBA8 in the file's colour space,
    /// straight alpha unless `premultiplied`.
    var pixels: [UInt8]
    /// The colour space the file declares; untagged files are sRGB.
    var colour: ImageColour = .sRGB
    /// How the stored pixels are turned for display (a JPEG's EXIF tag).
    var orientation: ImageOrientation = .up
    /// Whether `pixels` arrive premultiplied (a HEIF may say so).
    var premultiplied = false

    /// The image as Reel keeps it: sRGB, upright, premultiplied alpha, made
    /// in place (the decoded pixels are not copied unless turned). An
    /// untagged, upright, straight-alpha image is only premultiplied: an
    /// untagged PNG gives exactly libpng's samples, premultiplied.
    consuming func bitmap() -> Bitmap {
        let count = width * height
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            if let conversion = ColorConversion(from: colour) {
                if premultiplied { StraightAlpha.convert(base, to: base, count: count) }
                conversion.convert(base, count: count)
                cimage_premultiply(base, count)
            } else if !premultiplied {
                cimage_premultiply(base, count)
            }
        }
        let (pixelsUp, size) = orientation.apply(to: pixels, width: width, height: height)
        return Bitmap(width: size.width, height: size.height, pixels: pixelsUp)
    }
}
