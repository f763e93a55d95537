import Foundation
import Media
import Pixels
import SceneModel

/// One scene or batch row of `reel verify`: its render plan, its golden
/// folder, and what it finds as its frames arrive in order — each frame's
/// digest held against the manifest, a frame whose digest differs measured
/// against its reference, and, when recording, the new manifest gathered.
struct VerifyCase {
    let plan: RenderPlan
    /// The golden folder: `manifest.json` and its references.
    let folder: String
    let settings: GoldenSettings
    var report: CaseReport
    /// The manifest compared with; nil when recording afresh.
    private(set) var manifest: GoldenManifest?
    /// The new manifest's frames, when recording or updating.
    private var recording: GoldenRecording?
    /// What a new manifest records besides its frames.
    private let base: GoldenManifest
    private var thumbnails: [Bitmap]?
    private var sheet = DiffSheet()
    /// Some digest differed from the manifest's.
    private(set) var digestsDiffer = false

    /// `manifest`: the one to compare with (checked against `settings` and
    /// the plan's frames by `VerifyJob`); `record`: gather a new one too.
    init(plan: RenderPlan, folder: String, settings: GoldenSettings, row: GoldenManifest.Row?, report: CaseReport,
         manifest: GoldenManifest?, record: Bool) {
        self.plan = plan
        self.folder = folder
        self.settings = settings
        self.report = report
        self.manifest = manifest
        let canvas = plan.prepared.scene.canvas
        if record { recording = GoldenRecording(width: canvas.pixelWidth, height: canvas.pixelHeight, fps: canvas.fps) }
        base = GoldenManifest(scene: PathName.name(of: plan.request.scenePath), row: row, settings: settings,
                              platform: RendererIdentity.platform, tolerance: report.tolerance, shard: plan.request.shard,
                              references: .init(thumbnailWidth: 0, thumbnailHeight: 0, fullFrames: []), frames: [])
    }

    /// Takes the next frame, its number and digest. A reference that cannot
    /// be read ends the comparison of this case (it is reported); a frame
    /// that cannot be recorded stops the run.
    mutating func take(frame: Int, _ bitmap: Bitmap, digest: String) throws {
        let time = plan.prepared.scene.canvas.time(ofFrame: frame)
        try recording?.add(frame: frame, time: time, bitmap, digest: digest)
        guard report.error == nil, let manifest, let index = manifest.index(of: frame) else { return }
        let position = report.frames
        report.frames += 1
        guard manifest.frames[index].digest != digest else {
            report.identical += 1
            return
        }
        digestsDiffer = true
        do {
            let (reference, now, basis) = try self.reference(index, bitmap)
            let difference = FrameDifference(reference, now, threshold: report.tolerance.threshold)
            let result = FrameReport(frame: frame, position: position, time: time, difference: difference,
                                     basis: report.exact ? .digest : basis)
            if !report.exact && report.tolerance.accepts(difference) {
                report.tolerated.append(result)
            } else {
                report.changed.append(result)
                sheet.add(result, reference: reference, now: now, threshold: report.tolerance.threshold)
            }
        } catch {
            report.error = error
        }
    }

    /// The reference of the manifest's `index`th frame and `bitmap` at the
    /// same size: the full frame when the manifest keeps it, else both thumbnails.
    private mutating func reference(_ index: Int, _ bitmap: Bitmap) throws(VerifyError) -> (Bitmap, Bitmap, FrameReport.Basis) {
        let manifest = manifest!
        let frame = manifest.frames[index].frame
        let layout = manifest.references
        if layout.fullFrames.contains(frame) {
            return (try GoldenReferences.fullFrame(frame, in: folder, manifest.settings), bitmap, .fullFrame)
        }
        if thumbnails == nil { thumbnails = try GoldenReferences.thumbnails(in: folder, manifest) }
        let full = (layout.thumbnailWidth, layout.thumbnailHeight) == (bitmap.width, bitmap.height)
        return (thumbnails![index], full ? bitmap : GoldenReferences.thumbnail(bitmap, layout), full ? .fullFrame : .thumbnail)
    }

    /// After the last frame: writes the new manifest when recording (when
    /// updating, only if some digest differed or there was none to compare
    /// with), and the diff sheet of the changed frames to `sheetPath`.
    mutating func finish(update: Bool, sheetPath: String) throws {
        if let recording, !update || digestsDiffer || manifest == nil {
            let written = try recording.write(base, to: folder)
            report.recorded = true
            manifest = written
        }
        if !sheet.isEmpty {
            try OutputFile.makeFolder(for: sheetPath)
            try PNGCodec.write(sheet.render(), to: sheetPath)
            report.sheet = sheetPath
        }
    }
}
