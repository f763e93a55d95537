import Determinism
import Geometry
import Pixels

/// Many small images drawn at once (particles): one display item for all of
/// them, so the rasterizer can composite cached, pre-filtered sprites instead
/// of filling a path per particle.
///
/// A struct of small values: a table of the images the batch uses and, per
/// sprite, 32 bytes (an affine in `Float`, a tint, a source index), drawn in
/// array order.
public struct SpriteBatch: Sendable, Equatable, Hashable {
    /// The images sprites refer to by index.
    public var sources: [SpriteSource]
    /// Back to front.
    public var sprites: [Sprite]
    /// `.normal` (source-over) or `.plus` (additive); the rasterizer treats
    /// every other mode as `.normal`.
    public var blend: BlendMode

    public init(sources: [SpriteSource] = [], sprites: [Sprite] = [], blend: BlendMode = .normal) {
        self.sources = sources
        self.sprites = sprites
        self.blend = blend
    }
}

/// The image of a sprite.
public enum SpriteSource: Sendable, Equatable, Hashable {
    /// An image by name: one of the scene's images or a built-in one
    /// (`dot`, `snowflake`). Its pixels are the sprite's pixels.
    case image(String)
    /// A drawing rendered once (per rasterizer) into a transparent bitmap of
    /// the list's size; its pixels are the sprite's pixels.
    case picture(DisplayList)
    /// Pixels carried in the list: a colour glyph (an emoji's bitmap).
    case pixels(SpriteImage)
}

/// An image held by the display list itself, premultiplied RGBA8 (R, G, B, A
/// bytes per pixel, rows top to bottom), with a digest of its bytes made
/// once, so that hashing and canonical bytes need not walk the pixels.
public struct SpriteImage: Sendable, Equatable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    /// FNV-1a (64-bit) of the size and the pixels.
    public let digest: UInt64

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "pixel count must be width × height × 4")
        self.width = width
        self.height = height
        self.pixels = pixels
        var h = FNV1a()
        h.combine(UInt64(width)); h.combine(UInt64(height))
        h.combine(bytes: pixels)
        digest = h.value
    }

    public static func == (a: SpriteImage, b: SpriteImage) -> Bool {
        a.digest == b.digest && a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// One sprite: its source image mapped by an affine into the target, every
/// texel multiplied by `tint`.
public struct Sprite: Sendable, Equatable, Hashable {
    /// Source image pixels → target pixels: (a·x + c·y + tx, b·x + d·y + ty).
    public var a, b, c, d, tx, ty: Float
    /// Premultiplied RGBA8, R in the low byte (as the rasterizer packs
    /// pixels): multiplies each channel of each premultiplied texel, so white
    /// opaque (0xFFFF_FFFF) leaves the image as it is.
    public var tint: UInt32
    /// Index into the batch's `sources`.
    public var source: UInt32

    public init(transform t: Transform, tint: UInt32, source: UInt32) {
        a = Float(t.a); b = Float(t.b); c = Float(t.c); d = Float(t.d); tx = Float(t.tx); ty = Float(t.ty)
        self.tint = tint
        self.source = source
    }

    /// The affine in `Double`.
    public var transform: Transform {
        Transform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }

    /// Packs a straight-alpha colour as a premultiplied tint (clamped, rounded to nearest).
    public static func tint(_ color: Color) -> UInt32 { color.premultipliedPixel }
}
