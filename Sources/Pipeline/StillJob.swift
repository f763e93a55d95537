import Evaluation
import Media
import Raster
import SceneModel

/// One frame of a scene at any time, written as a PNG (straight alpha).
public enum StillJob {
    /// Renders `scenePath` at `time` seconds (need not fall on a frame) into
    /// `output`; `scale` replaces the canvas's pixels per point.
    public static func run(scenePath: String, time: Double?, scale: Double? = nil, output: String) throws(ReelError) {
        var scene = try SceneFile.load(scenePath)
        if let scale { scene.canvas.scale = scale }
        let time = time ?? scene.poster ?? scene.canvas.duration / 2
        let images = try SceneImages.load(for: scene)
        let texts = try SceneFonts.prepare(for: scene)
        guard time >= 0, time <= scene.canvas.duration else {
            throw .usage("--time \(time): \(scenePath) lasts \(scene.canvas.duration) s")
        }
        let list = Evaluator(scene: scene, imageSizes: images.sizes, texts: texts).displayList(at: time)
        let frame = Rasterizer(images: images.bitmaps).render(list)
        do {
            try PNGCodec.write(frame, to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }
}
