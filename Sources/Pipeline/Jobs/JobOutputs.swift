import Media
import Pixels
import Raster

/// Everything one job writes, opened when its first frame arrives and
/// finished after its last: the video (with its sound, mixed here, once, as
/// the video is opened), the PNG sequence, the poster and the contact sheet.
final class JobOutputs {
    private let plan: RenderPlan
    private var sinks: [FrameSink] = []
    private let progress: Progress
    private var done = 0
    private var sheet = ContactSheet.Cells()

    init(_ plan: RenderPlan, progress style: ProgressStyle) throws {
        self.plan = plan
        let request = plan.request, canvas = plan.prepared.scene.canvas
        progress = Progress(label: request.label, total: plan.frames.count, style: style)
        if let what = plan.soundLeftOut { progress.reportSoundLeftOut(what) }
        do {
            if let path = request.videoPath {
                let sound = plan.soundRange.map { plan.prepared.sound.samples(from: $0.lowerBound, count: $0.count) }
                sinks.append(try makeWriter(path: path, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                            fps: plan.videoFPS, crf: request.crf, preset: request.preset,
                                            format: request.format, gop: plan.chunk.gop,
                                            tags: plan.chunk.tag.map { [$0.pair] } ?? [], sound: sound))
            }
            if let dir = request.pngDirectory {
                sinks.append(try PNGSequenceWriter(directory: dir, firstFrame: plan.chunk.firstFileNumber))
            }
        } catch {
            cancel()
            throw error
        }
    }

    /// Returns the frames written so far.
    func write(frame: Int, _ bitmap: Bitmap) throws -> Int {
        for sink in sinks { try sink.write(bitmap) }
        if frame == plan.posterFrame, let path = plan.request.posterPath { try PNGCodec.write(bitmap, to: path) }
        if plan.sheetFrames.contains(frame) { sheet.add(time: plan.prepared.scene.canvas.time(ofFrame: frame), frame: bitmap) }
        done += 1
        progress.update(done: done)
        return done
    }

    func finish() throws {
        // The contact sheet is laid out and compressed while the encoders flush.
        let sheetBytes = plan.request.contactSheetPath == nil ? nil
            : BackgroundWork { [sheet] in try PNGCodec.encode(sheet.render()) }
        for sink in sinks { try sink.finish() }
        // A poster between frames or outside the rendered ones is drawn at its own time.
        if let path = plan.request.posterPath, !(plan.posterFrame.map(plan.frames.contains) ?? false) {
            let prepared = plan.prepared
            try PNGCodec.write(prepared.makeRasterizer().render(prepared.evaluator.displayList(at: plan.posterTime)), to: path)
        }
        if let path = plan.request.contactSheetPath, let sheetBytes { try OutputFile.write(sheetBytes.value(), to: path) }
        progress.finish(summary: plan.request.label)
        progress.reportInstalledFonts(plan.prepared.systemFontPaths)
        if let cache = plan.cache, !plan.sharesCache {
            cache.trim()
            progress.reportCache(reused: cache.reused, savedSeconds: cache.savedSeconds)
        }
    }

    /// Removes what was written so far; nothing appears under a final name.
    func cancel() {
        progress.abandon()
        sinks.forEach { $0.cancel() }
    }
}
