import Pixels

/// Particle images every scene can name without an image file: generated
/// here, once per process, from `+ − × ÷` and `squareRoot()` only (all
/// IEEE-exact), so they are the same bits on every machine.
///
/// Their names and sizes are the scene model's `BuiltInImage`, which Raster
/// cannot import (`BuiltInImageTests` keeps the two in step); a scene that declares an image of the same name uses
/// its own.
public enum BuiltInSprites {
    /// The image `name` names for drawing: the scene's own, else a built-in
    /// one (generated on first use, so scenes that use none never make them).
    static func image(named name: String, in images: [String: Bitmap]) -> Bitmap? {
        images[name] ?? bitmap(named: name)
    }

    /// The built-in image called `name`, or nil.
    public static func bitmap(named name: String) -> Bitmap? {
        switch name {
        case "dot": return dot
        case "snowflake": return snowflake
        default: return nil
        }
    }

    /// A 64×64 white disc whose alpha falls smoothly from 1 at the centre to
    /// 0 at the edge, (1 − r²/R²)², premultiplied.
    public static let dot: Bitmap = {
        let size = 64
        let radius = Double(size) / 2
        return render(size: size) { x, y in
            let q = (x * x + y * y) / (radius * radius)
            return q < 1 ? (1 - q) * (1 - q) : 0
        }
    }()

    /// A 256×256 white six-armed snowflake: each arm a stroke with three pairs
    /// of branches at ±60°, anti-aliased by distance to the strokes.
    public static let snowflake: Bitmap = {
        let size = 256
        // Segments of the arm along +x, (x0, y0, x1, y1, half width), in pixels
        // from the centre; branches are mirrored across the arm.
        let s60 = 3.0.squareRoot() / 2
        var segments: [(Double, Double, Double, Double, Double)] = [(0, 0, 118, 0, 5)]
        for (at, length) in [(38.0, 36.0), (66.0, 30.0), (92.0, 20.0)] {
            segments.append((at, 0, at + length * 0.5, length * s60, 4))
        }
        // Unit directions of the six arms: multiples of 60°.
        let arms: [(Double, Double)] = [(1, 0), (0.5, s60), (-0.5, s60), (-1, 0), (-0.5, -s60), (0.5, -s60)]
        return render(size: size) { x, y in
            if x * x + y * y > 128 * 128 { return 0 }
            var coverage = 0.0
            for (c, s) in arms {
                // The point in the arm's frame; branches are symmetric in y.
                let lx = x * c + y * s, ly = abs(-x * s + y * c)
                if lx < -8 { continue }
                for (x0, y0, x1, y1, halfWidth) in segments {
                    let d = distance(lx, ly, x0, y0, x1, y1)
                    coverage = max(coverage, min(max(halfWidth + 0.5 - d, 0), 1))
                }
                if coverage == 1 { return 1 }
            }
            return coverage
        }
    }()

    /// White premultiplied pixels with alpha `alpha(x, y)` (0…1) at pixel
    /// centres, coordinates relative to the image centre.
    private static func render(size: Int, alpha: (Double, Double) -> Double) -> Bitmap {
        var bitmap = Bitmap(width: size, height: size)
        let centre = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let a = alpha(Double(x) + 0.5 - centre, Double(y) + 0.5 - centre)
                let v = UInt8(min(max(a, 0), 1) * 255 + 0.5)
                let i = (y * size + x) * 4
                bitmap.pixels[i] = v; bitmap.pixels[i + 1] = v; bitmap.pixels[i + 2] = v; bitmap.pixels[i + 3] = v
            }
        }
        return bitmap
    }

    /// Distance from (px, py) to the segment (x0, y0)–(x1, y1).
    private static func distance(_ px: Double, _ py: Double, _ x0: Double, _ y0: Double,
                                 _ x1: Double, _ y1: Double) -> Double {
        let dx = x1 - x0, dy = y1 - y0
        let t = min(max(((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy), 0), 1)
        let ex = px - (x0 + t * dx), ey = py - (y0 + t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }
}
