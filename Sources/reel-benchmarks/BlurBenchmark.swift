import Foundation
import Pipeline
import Pixels
import Raster

/// The reduced-resolution blur against the exact one on a scene's frames:
/// drawing time per frame of each (one thread, evaluation excluded, no
/// reuse across frames, glyph masks and textures built before timing) and
/// the PSNR of every compared frame against the exact path's.
func blurComparison(_ file: String, frames: Int, every: Int) throws {
    let prepared = try PreparedScene.load(file)
    let count = min(frames, prepared.scene.canvas.frameCount)
    let reduced = Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, exactBlur: false, reuse: false)
    let exact = Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, exactBlur: true, reuse: false)
    for rasterizer in [reduced, exact] { _ = rasterizer.render(prepared.evaluator.displayList(frame: count / 2)) }
    var reducedMs = 0.0, exactMs = 0.0, worst = Double.infinity, sum = 0.0, compared = 0
    for i in stride(from: 0, to: count, by: every) {
        let list = prepared.evaluator.displayList(frame: i)
        var a = Bitmap(width: list.width, height: list.height), b = a
        reducedMs += milliseconds { reduced.render(list, into: &a) }
        exactMs += milliseconds { exact.render(list, into: &b) }
        let db = psnr(a, b)
        worst = min(worst, db)
        sum += db.isFinite ? db : 99
        compared += 1
    }
    print("reduced-resolution blur against the exact path: \(file), frames 0..<\(count) every \(every), 1 thread")
    print("frames | exact ms/frame | reduced ms/frame | exact ÷ reduced | PSNR min dB | PSNR mean dB")
    print(String(format: "%d | %.1f | %.1f | %.2f | %.1f | %.1f", compared, exactMs / Double(compared),
                 reducedMs / Double(compared), exactMs / reducedMs, worst, sum / Double(compared)))
}

/// Peak signal-to-noise ratio over every byte (premultiplied RGBA), in dB.
private func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    var squares = 0
    for i in a.pixels.indices {
        let d = Int(a.pixels[i]) - Int(b.pixels[i])
        squares += d * d
    }
    guard squares > 0 else { return .infinity }
    return 10 * log10(255.0 * 255 * Double(a.pixels.count) / Double(squares))
}
