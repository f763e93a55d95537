import Dispatch
import Foundation
import Media
import Pixels
import SceneModel

/// `reel batch`: one scene rendered once per row of a data file, as one job.
///
/// Every row is decoded and checked before any frame is drawn, and every
/// problem is reported at once. The rows then share one worker pool (as
/// several scenes do in `RenderBatch`), one set of decoded images and fonts,
/// and one frame cache, so frames that do not depend on a row's values are
/// drawn once for the whole batch. A row whose output is complete and up to
/// date (see `BatchManifest`) is skipped; a row that fails while rendering is
/// reported and the others go on.
public struct BatchJob {
    public var scenePath: String
    public var dataPath: String
    /// `-o`, with `{column}` placeholders; nil = `Output/<scene>-{id}.mp4`.
    public var outputTemplate: String?
    /// The render settings every row takes: canvas overrides, frames,
    /// `every`, crf, preset, the frame cache's folder (its paths are ignored).
    public var settings: RenderRequest
    /// Values for every row (`--set`); a row's own value for a name wins.
    public var parameters: [ParameterAssignment] = []
    public var jobs: Int
    public var progress: ProgressStyle
    /// Installed fonts fill in characters the scene's and the bundled fonts
    /// lack (off: only the declared fonts), as in `render`.
    public var systemFonts = true
    /// Redraw rows even when their outputs are up to date.
    public var force = false
    /// Render only the rows of this shard (`RowShards`), each complete.
    public var shard: Shard?

    public init(scenePath: String, dataPath: String, jobs: Int, progress: ProgressStyle) {
        self.scenePath = scenePath
        self.dataPath = dataPath
        self.settings = RenderRequest(scenePath: scenePath)
        self.jobs = jobs
        self.progress = progress
    }

    /// Renders the batch; throws `.failedRows` (after the summary) when any row failed.
    @discardableResult
    public func run() throws(RenderError) -> BatchSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        var rows = try BatchRows.check(self)
        if progress == .json { rows.results.forEach { $0.report(as: .json) } }
        var cache: FrameCache?
        if let folder = settings.cacheFolder, !rows.pending.isEmpty {
            var images: [String: Bitmap] = [:]
            for row in rows.pending { images.merge(row.prepared.images.bitmaps) { a, _ in a } }
            cache = FrameCache(folder: folder, images: images)
        }
        var plans: [RenderPlan] = [], planned: [BatchRows.Row] = []
        for row in rows.pending {
            var request = settings
            request.scenePath = scenePath
            request.videoPath = row.output
            request.format = OutputFormat(path: row.output)
            request.pngDirectory = nil
            request.posterPath = nil
            request.contactSheetPath = nil
            do {
                plans.append(try RenderPlan(request, row.prepared, sharedCache: cache))
                planned.append(row)
            } catch {
                rows.results.append(row.result(.failed, frames: 0, seconds: 0, error: error.description))
                rows.results.last!.report(as: progress)
            }
        }
        var jobStart = DispatchTime.now().uptimeNanoseconds
        try RenderBatch.render(plans, jobs: jobs, progress: progress == .json ? .json : .quiet) { job, failure in
            let row = planned[job], now = DispatchTime.now().uptimeNanoseconds
            let seconds = Double(now - jobStart) / 1e9
            jobStart = now
            if let failure {
                let reason = (failure as? MediaError)?.description ?? "\(failure)"
                rows.results.append(row.result(.failed, frames: plans[job].frames.count, seconds: seconds, error: reason))
            } else {
                rows.manifest.record(row.output, digest: row.digest, installedFonts: row.prepared.systemFontPaths)
                rows.results.append(row.result(.done, frames: plans[job].frames.count, seconds: seconds))
            }
            rows.results.last!.report(as: progress)
        }
        var summary = BatchSummary(data: dataPath, rows: rows.results.sorted { $0.row < $1.row })
        summary.shard = shard
        let renderedFrames = summary.rows.filter { $0.status == .done }.reduce(0) { $0 + $1.frames }
        summary.drawn = cache?.drawn ?? renderedFrames
        summary.reused = cache?.reused ?? 0
        summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        cache?.trim()
        if progress != .quiet { summary.print() }
        let failed = summary.rows.filter { $0.status == .failed }
        guard failed.isEmpty else {
            throw .failedRows(failed.map { "\(dataPath):\($0.line): \($0.output): \($0.error ?? "failed")" })
        }
        return summary
    }
}
