import Evaluation
import Media
import Raster
import SceneModel

/// What to render and where to.
public struct RenderRequest: Sendable {
    public var scenePath: String
    /// Video output, its format chosen by extension (mp4, mov, webm, gif); nil for none.
    public var videoPath: String?
    /// Folder for a PNG sequence; nil for none.
    public var pngDirectory: String?
    /// A PNG of the scene's poster frame (its `poster` time, else the middle); nil for none.
    public var posterPath: String?
    /// Worker threads.
    public var jobs: Int
    /// Frame indices to render (inclusive), nil for all.
    public var frames: ClosedRange<Int>?
    public var progress: ProgressStyle
    /// Replaces the canvas's pixels per point (e.g. 0.5 for a quick look).
    public var scale: Double?
    /// Replaces the canvas's frame rate (the frame count follows).
    public var fps: Double?

    public init(scenePath: String, videoPath: String? = nil, pngDirectory: String? = nil, posterPath: String? = nil,
                jobs: Int, frames: ClosedRange<Int>? = nil, progress: ProgressStyle = .text) {
        self.scenePath = scenePath
        self.videoPath = videoPath
        self.pngDirectory = pngDirectory
        self.posterPath = posterPath
        self.jobs = jobs
        self.frames = frames
        self.progress = progress
    }
}

/// One render: scene file in, frames rendered in parallel, every output
/// written in frame order and moved into place only when complete.
public enum RenderJob {
    public static func run(_ request: RenderRequest) throws(ReelError) {
        let prepared = try PreparedScene.load(request.scenePath, scale: request.scale, fps: request.fps)
        let scene = prepared.scene, canvas = scene.canvas
        if request.progress != .quiet { prepared.reportWarnings() }
        let count = canvas.frameCount
        let range = request.frames ?? 0...(count - 1)
        guard range.lowerBound >= 0, range.upperBound < count else {
            throw .usage("--frames \(range.lowerBound)-\(range.upperBound): \(request.scenePath) has \(count) frames (0-\(count - 1))")
        }
        guard request.videoPath != nil || request.pngDirectory != nil || request.posterPath != nil else {
            throw .usage("nothing to write: give an output file or a PNG folder")
        }
        var sinks: [FrameSink] = []
        do {
            if let path = request.videoPath {
                sinks.append(try makeWriter(path: path, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                            fps: canvas.fps))
            }
            if let dir = request.pngDirectory {
                sinks.append(try PNGSequenceWriter(directory: dir, firstFrame: range.lowerBound))
            }
        } catch {
            sinks.forEach { $0.cancel() }
            throw .output(error as? MediaError ?? .cannotWrite(path: request.scenePath, reason: "\(error)"))
        }

        let posterFrame = canvas.frame(at: scene.poster ?? canvas.duration / 2)
        let label = request.videoPath ?? request.pngDirectory ?? request.scenePath
        let progress = Progress(label: label, total: range.count, style: request.progress)
        let evaluator = prepared.evaluator
        let scheduler = FrameScheduler(jobs: request.jobs)
        do {
            var done = 0
            try scheduler.run(frames: range.lowerBound..<(range.upperBound + 1),
                              rasterizer: { prepared.makeRasterizer() },
                              render: { i, rasterizer, reuse in
                                  let list = evaluator.displayList(frame: i)
                                  var bitmap = reuse ?? Bitmap(width: list.width, height: list.height)
                                  rasterizer.render(list, into: &bitmap)
                                  return bitmap
                              },
                              deliver: { i, bitmap in
                                  try Interruption.shared.check()
                                  for sink in sinks { try sink.write(bitmap) }
                                  if i == posterFrame, let path = request.posterPath { try PNGCodec.write(bitmap, to: path) }
                                  done += 1
                                  progress.update(done: done)
                              })
            try Interruption.shared.check()
            for sink in sinks { try sink.finish() }
            // A poster outside the rendered frames is drawn on its own.
            if let path = request.posterPath, !range.contains(posterFrame) {
                try PNGCodec.write(prepared.makeRasterizer().render(evaluator.displayList(frame: posterFrame)), to: path)
            }
        } catch {
            progress.abandon()
            sinks.forEach { $0.cancel() }
            if let e = error as? ReelError { throw e }
            throw .output(error as? MediaError ?? .cannotWrite(path: label, reason: "\(error)"))
        }
        progress.finish(summary: label)
    }
}
