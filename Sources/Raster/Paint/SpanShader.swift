/// Produces the colour of a paint for a horizontal run of device pixels.
///
/// A shader is built once per draw from paint-space parameters and the
/// inverse of the draw's transform (device pixel → paint space), then asked
/// for spans as the coverage sweep finds them. Pixels are sampled at their
/// centres, (x + 0.5, y + 0.5), and written as premultiplied RGBA8 packed in
/// `UInt32` (see `PixelMath`). `shade` reads only immutable state, so one
/// shader may serve spans in any order.
protocol SpanShader {
    /// Writes `count` premultiplied pixels for device pixels x…x+count−1 of row y.
    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>)
}

/// One premultiplied colour everywhere: lets a solid paint take the same
/// blend-mode path as gradients and images.
struct SolidShader: SpanShader {
    /// Premultiplied RGBA8, packed as `PackedPixel`.
    let color: UInt32

    init(color: UInt32) {
        self.color = color
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        span.update(repeating: color, count: count)
    }
}

/// Reusable memory for one span of shader output, so drawing allocates
/// nothing once the buffer has grown to the widest span (one per worker).
final class SpanScratch {
    private var buffer: UnsafeMutablePointer<UInt32>
    private var capacity: Int

    init() {
        capacity = 256
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// Room for at least `count` pixels; valid until the next call.
    func pixels(count: Int) -> UnsafeMutablePointer<UInt32> {
        if count > capacity {
            buffer.deallocate()
            capacity = max(count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        return buffer
    }
}
