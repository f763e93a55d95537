import Dispatch
import Foundation
import Media
import SceneModel

/// `reel verify`: scenes (or a batch's rows) rendered and held against their
/// golden manifests, or recorded into them.
///
/// Every scene is loaded and every manifest read and checked before any
/// frame is drawn; a manifest missing, damaged or recorded with other
/// settings is reported for its case, and the other cases go on. The
/// frames of all cases render in one pool (`RenderBatch`), never from the
/// frame cache: a frame's SHA-256 is taken as it is delivered, and only a
/// frame whose digest differs is measured against its reference.
public struct VerifyJob {
    public enum Mode: Sendable {
        /// Compare with the manifests.
        case check
        /// Write the manifests, comparing nothing.
        case record
        /// Compare, and record again the cases that changed (or had no
        /// usable manifest); the others' files stay untouched.
        case update
    }

    public var scenes: [String]
    /// A batch's data file: one manifest per row, in a folder per row
    /// inside the scene's golden folder.
    public var dataPath: String?
    /// The folder each scene's golden folder goes in; nil for beside the scene.
    public var goldenFolder: String?
    /// Frames, `every`, canvas overrides and installed fonts, as `render` takes them.
    public var settings: RenderRequest
    /// Values for the scene's parameters (`--set`, `--vars`).
    public var parameters: [ParameterAssignment] = []
    public var mode = Mode.check
    /// Limits replacing each manifest's (or, recording, the default's).
    public var tolerance: ToleranceChange?
    /// Every digest difference is a change, whatever the pixels.
    public var exact = false
    /// Only this shard: a contiguous part of each scene's frames, or of a batch's rows.
    public var shard: Shard?
    public var jobs: Int
    public var progress: ProgressStyle
    /// Where diff sheets go, `<scene>.diff.png` (`<scene>-<row id>.diff.png`).
    public var sheetFolder = "Output"

    public init(scenes: [String], jobs: Int, progress: ProgressStyle) {
        self.scenes = scenes
        self.settings = RenderRequest(scenePath: scenes.first ?? "")
        self.jobs = jobs
        self.progress = progress
    }

    /// The golden folder of `scene`: `hello.golden` beside it, or in `goldenFolder`.
    public func goldenFolder(for scene: String) -> String {
        let name = (PathName.name(of: scene) as NSString).deletingPathExtension + ".golden"
        let folder = goldenFolder ?? PathName.folder(of: scene)
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// Renders and compares (or records); the report says what was found.
    /// Throws only what stops everything: a scene or data file that cannot
    /// be loaded, an output that cannot be written, an interruption.
    public func run() throws(RenderError) -> ComparisonReport {
        let start = DispatchTime.now().uptimeNanoseconds
        var cases = try makeCases()
        let live = cases.indices.filter { cases[$0].report.error == nil }
        try RenderBatch.render(live.map { cases[$0].plan }, jobs: jobs, progress: progress, inspect: { job, frame, bitmap in
            try cases[live[job]].take(frame: frame, bitmap, digest: ContentDigest.of(bitmap.pixels))
        })
        for i in live {
            let name = (PathName.name(of: cases[i].plan.request.scenePath) as NSString).deletingPathExtension
                + (dataPath != nil ? "-" + PathName.name(of: cases[i].folder) : "")
            do {
                try cases[i].finish(update: mode == .update, sheetPath: (sheetFolder as NSString).appendingPathComponent(name + ".diff.png"))
            } catch {
                throw .output(error as? MediaError ?? .cannotWrite(path: cases[i].folder, reason: "\(error)"))
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return ComparisonReport(command: .verify, unit: dataPath == nil ? "scene" : "row", cases: cases.map(\.report), seconds: seconds)
    }

    /// A case per scene (or row), its manifest read and checked.
    private func makeCases() throws(RenderError) -> [VerifyCase] {
        var cases: [VerifyCase] = []
        for target in try targets() {
            let plan = target.plan
            let settings = GoldenSettings(plan, parameters: target.parameters)
            let path = GoldenManifest.path(in: target.folder)
            var manifest: GoldenManifest?, problem: VerifyError?
            if mode != .record {
                do {
                    manifest = try Self.checked(GoldenManifest.read(path), path: path, settings: settings, frames: plan.frames)
                } catch {
                    problem = error
                }
            }
            let recorded = manifest?.tolerance ?? .golden
            var report = CaseReport(name: target.name, file: target.file, line: target.line, reference: path,
                                    tolerance: tolerance?.applied(to: recorded) ?? recorded)
            report.exact = exact
            if let manifest, manifest.platform != RendererIdentity.platform { report.recordedOn = manifest.platform }
            if mode == .check { report.error = problem }
            cases.append(VerifyCase(plan: plan, folder: target.folder, settings: settings, row: target.row, report: report,
                                    manifest: manifest, record: mode != .check))
        }
        return cases
    }

    /// `manifest`, unless it cannot be compared with frames `frames` rendered with `settings`.
    static func checked(_ manifest: GoldenManifest, path: String, settings: GoldenSettings, frames: [Int]) throws(VerifyError) -> GoldenManifest {
        let differences = manifest.settings.differences(from: settings)
        guard differences.isEmpty else { throw .settingsDiffer(path: path, differences: differences) }
        let missing = frames.filter { manifest.index(of: $0) == nil }
        guard missing.isEmpty else {
            throw .framesNotRecorded(path: path, missing: VerifyError.ranges(of: missing),
                                     recorded: VerifyError.ranges(of: manifest.frames.map(\.frame)))
        }
        return manifest
    }

    /// What one case renders and where its manifest is.
    private struct Target {
        var plan: RenderPlan
        var folder: String
        var parameters: [ParameterAssignment]
        var name: String, file: String, line: Int
        var row: GoldenManifest.Row?
    }

    /// The scenes, or the batch's rows, loaded and planned; every problem is thrown at once.
    private func targets() throws(RenderError) -> [Target] {
        if let dataPath { return try rows(dataPath) }
        var targets: [Target] = [], failures: [RenderError] = []
        for scene in scenes {
            do {
                let prepared = try PreparedScene.load(scene, canvas: settings.canvas, parameters: parameters,
                                                      systemFonts: settings.systemFonts)
                if progress != .quiet { prepared.reportWarnings() }
                var request = settings
                request.scenePath = scene
                request.shard = shard
                targets.append(Target(plan: try RenderPlan(request, prepared, inspected: true), folder: goldenFolder(for: scene),
                                      parameters: parameters, name: scene, file: scene, line: 1))
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
        return targets
    }

    /// A case per row of `dataPath` (those of the shard), each in a folder
    /// named by its id inside the scene's golden folder.
    private func rows(_ dataPath: String) throws(RenderError) -> [Target] {
        let scene = scenes[0] // one scene goes with a data file (the command line checks)
        var batch = BatchJob(scenePath: scene, dataPath: dataPath, jobs: jobs, progress: progress)
        batch.settings = settings
        batch.parameters = parameters
        batch.systemFonts = settings.systemFonts
        var (decoded, problems, _) = try BatchRows.decode(batch, folders: goldenFolder(for: scene) + "/{id}")
        guard problems.isEmpty else { throw .invalidRows(problems.map(\.text)) }
        if let shard { decoded = Array(decoded[try BatchRows.split(decoded, batch, shards: shard.count).groups[shard.index]]) }
        let shared = SharedAssets()
        var targets: [Target] = [], failures: [String] = []
        for row in decoded {
            do {
                let prepared = try PreparedScene.prepare(row.scene, shared: shared, systemFonts: settings.systemFonts)
                var request = settings
                request.scenePath = scene
                request.shard = nil
                let id = row.data.id.map { " (id \($0))" } ?? ""
                targets.append(Target(plan: try RenderPlan(request, prepared, inspected: true), folder: row.output,
                                      parameters: row.assignments, name: "\(scene) row \(row.data.number)\(id)",
                                      file: dataPath, line: row.data.line, row: .init(number: row.data.number, id: row.data.id)))
            } catch {
                failures += error.description.split(separator: "\n").map { "\(dataPath):\(row.data.line): \($0)" }
            }
        }
        guard failures.isEmpty else { throw .invalidRows(failures) }
        return targets
    }
}
