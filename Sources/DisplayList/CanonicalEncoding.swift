import Geometry

/// The bytes that identify a display list: every field in declaration order,
/// numbers as little-endian bit patterns, each enum case as a tag byte and
/// each array prefixed by its count.
///
/// Equal lists give equal bytes in every process and on every machine, which
/// Swift's `Hashable` (seeded per process) does not promise; the frame cache
/// keys rendered frames by a digest of these bytes, and frame reuse compares
/// them (both read a frame's one encoding, `EncodedDisplayList`). Images
/// appear by name: whoever keys frames by them must add the images' own
/// identity; video frames by their clip's digest and index, which are.
public struct CanonicalBytes: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Empties the buffer, keeping its storage for the next value.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Makes room for `count` bytes in all.
    public mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }

    public mutating func append(_ v: UInt8) { bytes.append(v) }
    public mutating func append(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func append(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func append(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func append(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func append(_ v: Float) { append(v.bitPattern) }
    public mutating func append(_ v: Bool) { append(UInt8(v ? 1 : 0)) }
    public mutating func append(_ s: String) {
        append(s.utf8.count)
        bytes.append(contentsOf: s.utf8)
    }
    public mutating func append<T: CanonicallyEncodable>(_ v: T) { v.encode(to: &self) }
    public mutating func append<T: CanonicallyEncodable>(_ v: T?) {
        append(v != nil)
        if let v { v.encode(to: &self) }
    }
    public mutating func append<T: CanonicallyEncodable>(_ list: [T]) {
        append(list.count)
        for v in list { v.encode(to: &self) }
    }

    /// Appends at most `count` bytes written in place by `body`, which
    /// returns how many it wrote: one growth of the buffer for many
    /// numbers, where `append` grows it number by number.
    mutating func append(atMost count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Int) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        let written = bytes.withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        bytes.removeLast(count - written)
    }
}

/// A value with a canonical byte form (see `CanonicalBytes`).
public protocol CanonicallyEncodable {
    func encode(to out: inout CanonicalBytes)
}

extension DisplayList: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        encodeHeader(to: &out)
        for item in items { item.encode(to: &out) }
    }

    /// What precedes the items: the size, the background and the item count.
    func encodeHeader(to out: inout CanonicalBytes) {
        out.append(width); out.append(height); out.append(background); out.append(items.count)
    }
}

extension DisplayItem: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        switch self {
        case .fill(let path, let transform, let paint, let rule):
            out.append(UInt8(0)); out.append(path); out.append(transform); out.append(paint); out.append(rule)
        case .beginLayer(let layer):
            out.append(UInt8(1)); out.append(layer)
        case .endLayer:
            out.append(UInt8(2))
        case .sprites(let batch):
            out.append(UInt8(3)); out.append(batch)
        case .glyphs(let run):
            out.append(UInt8(4)); out.append(run)
        }
    }
}

extension DisplayPaint: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        switch self {
        case .solid(let color):
            out.append(UInt8(0)); out.append(color)
        case .linearGradient(let gradient, let start, let end):
            out.append(UInt8(1)); out.append(gradient); out.append(start); out.append(end)
        case .radialGradient(let gradient, let center, let startRadius, let endRadius):
            out.append(UInt8(2)); out.append(gradient); out.append(center); out.append(startRadius); out.append(endRadius)
        case .image(let name, let transform, let tile, let opacity):
            out.append(UInt8(3)); out.append(name); out.append(transform); out.append(tile); out.append(opacity)
        case .angularGradient(let gradient, let center, let startAngle, let endAngle):
            out.append(UInt8(4)); out.append(gradient); out.append(center); out.append(startAngle); out.append(endAngle)
        case .ellipticalGradient(let gradient, let center, let width, let height, let startFraction, let endFraction):
            out.append(UInt8(5)); out.append(gradient); out.append(center); out.append(width); out.append(height)
            out.append(startFraction); out.append(endFraction)
        case .video(let frame, let transform, let tile, let opacity):
            out.append(UInt8(6)); out.append(frame.clip); out.append(frame.index); out.append(transform); out.append(tile)
            out.append(opacity)
        case .conicalGradient(let gradient, let start, let startRadius, let end, let endRadius):
            out.append(UInt8(7)); out.append(gradient); out.append(start); out.append(startRadius); out.append(end)
            out.append(endRadius)
        }
    }
}

extension Gradient: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(stops) }
}

extension GradientStop: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(location); out.append(color) }
}

extension Layer: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        out.append(opacity); out.append(blend); out.append(clip); out.append(blur); out.append(shadow); out.append(backdrop)
        out.append(maskMode); out.append(colorFilters)
    }
}

extension LayerColorFilter: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        switch self {
        case .hueRotation(let degrees): out.append(UInt8(0)); out.append(degrees)
        case .saturation(let amount): out.append(UInt8(1)); out.append(amount)
        case .brightness(let amount): out.append(UInt8(2)); out.append(amount)
        case .contrast(let amount): out.append(UInt8(3)); out.append(amount)
        case .grayscale(let amount): out.append(UInt8(4)); out.append(amount)
        case .multiply(let color): out.append(UInt8(5)); out.append(color)
        case .invert: out.append(UInt8(6))
        case .luminanceMap(let gradient, let amount): out.append(UInt8(7)); out.append(gradient); out.append(amount)
        case .levels(let transfer, let channels): out.append(UInt8(8)); out.append(transfer); out.append(channels.rawValue)
        }
    }
}

extension LevelsTransfer: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        out.append(inputBlack); out.append(inputWhite); out.append(gamma); out.append(outputBlack); out.append(outputWhite)
    }
}

extension ClipPath: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(path); out.append(transform); out.append(rule) }
}

extension LayerShadow: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(color); out.append(sigma); out.append(offset) }
}

extension LayerBackdrop: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(shape); out.append(sigma); out.append(tint) }
}

extension GlyphRun: CanonicallyEncodable {
    /// Each distinct outline once per run: a glyph that repeats one seen
    /// earlier in the run (same id, same outline) is written as its id.
    public func encode(to out: inout CanonicalBytes) {
        out.append(transform); out.append(paint); out.append(glyphs.count)
        var seen: [UInt64: Path] = [:]
        for glyph in glyphs {
            out.append(glyph.id)
            let repeated = seen[glyph.id] == glyph.outline
            out.append(repeated)
            if !repeated {
                out.append(glyph.outline)
                seen[glyph.id] = glyph.outline
            }
            out.append(glyph.origin); out.append(glyph.scale)
        }
    }
}

extension SpriteBatch: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(sources); out.append(sprites); out.append(blend) }
}

extension SpriteSource: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        switch self {
        case .image(let name): out.append(UInt8(0)); out.append(name)
        case .picture(let list): out.append(UInt8(1)); out.append(list)
        case .pixels(let image):
            // The digest stands for the pixels (the font files that made them
            // are in the frame cache's key as well).
            out.append(UInt8(2)); out.append(image.width); out.append(image.height); out.append(image.digest)
        }
    }
}

extension Sprite: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        out.append(a); out.append(b); out.append(c); out.append(d); out.append(tx); out.append(ty)
        out.append(tint); out.append(source)
    }
}

// Geometry's values, encoded here because only the display list needs them so.

extension Point: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(x); out.append(y) }
}

extension Transform: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) {
        out.append(a); out.append(b); out.append(c); out.append(d); out.append(tx); out.append(ty)
    }
}

extension Color: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(r); out.append(g); out.append(b); out.append(a) }
}

extension Path: CanonicallyEncodable {
    /// As `[PathElement]` appends (the count, then each element), written in
    /// place: paths are most of a frame's bytes, and appending them number
    /// by number took some 8 % of drawing a Lottie letter's frame.
    public func encode(to out: inout CanonicalBytes) {
        out.append(elements.count)
        out.append(atMost: elements.count * PathElement.maxBytes) { raw in
            elements.reduce(0) { offset, element in element.write(into: raw, at: offset) }
        }
    }
}

extension PathElement: CanonicallyEncodable {
    /// A tag byte and up to three points.
    static let maxBytes = 1 + 3 * 16

    public func encode(to out: inout CanonicalBytes) {
        out.append(atMost: Self.maxBytes) { write(into: $0, at: 0) }
    }

    /// Writes the element's tag and points (x, y as `CanonicalBytes`
    /// appends doubles) at `offset`; returns the offset after them.
    func write(into raw: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var n = offset
        func tag(_ t: UInt8) {
            raw[n] = t
            n += 1
        }
        func point(_ p: Point) {
            raw.storeBytes(of: p.x.bitPattern.littleEndian, toByteOffset: n, as: UInt64.self)
            raw.storeBytes(of: p.y.bitPattern.littleEndian, toByteOffset: n + 8, as: UInt64.self)
            n += 16
        }
        switch self {
        case .move(let p): tag(0); point(p)
        case .line(let p): tag(1); point(p)
        case .quad(let c, let p): tag(2); point(c); point(p)
        case .cubic(let c1, let c2, let p): tag(3); point(c1); point(c2); point(p)
        case .close: tag(4)
        }
        return n
    }
}

extension FillRule: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(rawValue) }
}

extension BlendMode: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(rawValue) }
}

extension MaskMode: CanonicallyEncodable {
    public func encode(to out: inout CanonicalBytes) { out.append(rawValue) }
}
