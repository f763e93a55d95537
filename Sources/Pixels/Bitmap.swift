/// A frame or image in memory: 8-bit RGBA, **premultiplied** alpha, sRGB
/// (non-linear) components, rows top to bottom with no padding.
///
/// Premultiplied storage makes source-over a multiply-add per channel and lets
/// blurs and bilinear sampling treat the four channels alike; writers convert
/// to straight alpha where a file format wants it.
public struct Bitmap: Sendable, Equatable {
    /// Pixels across and down.
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, premultiplied.
    public var pixels: [UInt8]
    /// Names, when not 0, the draw that left these pixels: a rasterizer
    /// handed back a frame it drew redraws only the rows that changed
    /// (`FrameDamage`). Code that changes the pixels of a drawn frame
    /// sets it to 0. Not part of equality.
    public var contentTag: UInt64 = 0

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "bitmap size must be positive")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied RGBA8 bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "pixel count must be width × height × 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    /// Whether every pixel has alpha 255.
    public var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }

    /// The premultiplied RGBA bytes of one pixel.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
