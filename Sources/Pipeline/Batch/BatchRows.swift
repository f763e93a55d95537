import Foundation
import Media
import SceneModel

/// A batch's rows checked before anything is drawn: each decoded with its
/// values, given its output path, and either found up to date or prepared.
struct BatchRows {
    struct Row {
        let data: BatchRow
        let output: String
        let digest: String
        let prepared: PreparedScene

        func result(_ status: RowResult.Status, frames: Int, seconds: Double, error: String? = nil) -> RowResult {
            RowResult(row: data.number, line: data.line, id: data.id, output: output, status: status,
                      frames: frames, seconds: seconds, error: error)
        }
    }

    /// Rows to render, in order.
    var pending: [Row] = []
    /// Rows already settled (skipped, or failed before drawing).
    var results: [RowResult] = []
    /// The rows' manifests: read to skip rows, written as rows complete.
    var manifest: BatchManifest

    /// A row decoded with its values, before anything is prepared.
    struct Decoded {
        let data: BatchRow
        let scene: Scene
        let output: String
        let digest: String
        /// Frames of its output: the selection of --frames and --every on its canvas.
        let frames: Int
        /// The values the row is drawn with: the job's, then the row's own.
        let assignments: [ParameterAssignment]
    }

    /// Reads and checks the rows of `job` (those of `job.shard` only, when
    /// given); all problems are thrown together.
    static func check(_ job: BatchJob) throws(RenderError) -> BatchRows {
        var (decoded, problems, manifest) = try decode(job)
        if let shard = job.shard {
            guard problems.isEmpty else { throw .invalidRows(problems.map(\.text)) }
            decoded = Array(decoded[try split(decoded, job, shards: shard.count).groups[shard.index]])
        }
        let shared = SharedAssets()
        var result = BatchRows(manifest: manifest)
        for row in decoded {
            if !job.force && result.manifest.isCurrent(row.output, digest: row.digest) {
                result.results.append(RowResult(row: row.data.number, line: row.data.line, id: row.data.id, output: row.output,
                                                status: .skipped, frames: row.frames, seconds: 0, error: nil))
                continue
            }
            do {
                result.pending.append(Row(data: row.data, output: row.output, digest: row.digest,
                                          prepared: try PreparedScene.prepare(row.scene, shared: shared, systemFonts: job.systemFonts,
                                                                              soundEvery: soundEvery(row.output, job))))
            } catch {
                problems += error.description.split(separator: "\n").map { (row.data.line, "\(job.dataPath):\(row.data.line): \($0)") }
            }
        }
        // In data-file order, as one pass over the rows would find them.
        guard problems.isEmpty else { throw .invalidRows(problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)) }
        return result
    }

    /// The `--every` a row's sound is decoded for, nil when its output
    /// stores no sound (GIF).
    private static func soundEvery(_ output: String, _ job: BatchJob) -> Int? {
        OutputFormat(path: output)?.carriesSound == true ? job.settings.every : nil
    }

    /// The rows of `decoded` split into `shards` groups that balance their frames.
    static func split(_ decoded: [Decoded], _ job: BatchJob, shards: Int) throws(RenderError) -> RowShards {
        guard let split = RowShards(frames: decoded.map(\.frames), shards: shards) else {
            throw .plan(.tooManyRowShards(shards: shards, rows: decoded.count), scene: job.dataPath)
        }
        return split
    }

    /// Every row of `job` decoded and given its output and digest, and the
    /// rows' problems (with their lines); a problem of the file or the scene is thrown.
    /// `folders`, when given, names each row's output folder instead of the
    /// job's template of videos (`reel verify --data`).
    static func decode(_ job: BatchJob, folders: String? = nil) throws(RenderError) -> ([Decoded], [(line: Int, text: String)], BatchManifest) {
        guard let bytes = FileManager.default.contents(atPath: job.dataPath) else {
            throw .cannotReadData(path: job.dataPath)
        }
        let data: BatchData
        do {
            data = try BatchData.read(bytes: [UInt8](bytes), fileName: job.dataPath)
        } catch {
            throw .invalidRows(error.description.split(separator: "\n").map(String.init))
        }
        guard !data.rows.isEmpty else { throw .invalidRows(["\(job.dataPath): no rows"]) }
        let document = try SceneFile.document(job.scenePath)
        _ = try SceneFile.decode(document, parameters: job.parameters) // the scene's own mistakes, once
        var columns: [String] = []
        for row in data.rows { for f in row.fields where !columns.contains(f.name) { columns.append(f.name) } }
        let template = if let folders { try OutputTemplate(folders, columns: columns, folders: true) } else {
            try OutputTemplate(job.outputTemplate ?? OutputTemplate.standard(scene: job.scenePath), columns: columns)
        }
        let csv = BatchData.format(of: [UInt8](bytes)[...], fileName: job.dataPath) == .csv
        let folder = URL(fileURLWithPath: job.dataPath).deletingLastPathComponent().path
        let sceneBytes = [UInt8](FileManager.default.contents(atPath: job.scenePath) ?? Data())
        var manifest = BatchManifest(sceneBytes: sceneBytes, settings: settingsText(job.settings, systemFonts: job.systemFonts))
        var result: [Decoded] = [], problems: [(line: Int, text: String)] = [], outputs: [String: BatchRow] = [:]
        for row in data.rows {
            let place = "\(job.dataPath):\(row.line)"
            let own = row.assignments(baseDirectory: folder)
            let assignments = job.parameters.filter { p in !own.contains { $0.name == p.name } } + own
            var scene: Scene
            do {
                scene = try document.scene(assignments)
            } catch {
                for issue in error.parameterIssues {
                    let field = row.fields.first { $0.name == issue.name }
                    let at = field.map { "\(job.dataPath):\($0.line):\($0.column)" } ?? place
                    problems.append((row.line, "\(at): \(csv ? "column" : "key") \"\(issue.name)\": \(issue.message)"))
                }
                problems += error.diagnostics.map { (row.line, "\(place): \($0)") }
                continue
            }
            do {
                scene.canvas = try job.settings.canvas.applied(to: scene.canvas)
            } catch {
                throw .canvas(error, scene: job.scenePath, overrides: job.settings.canvas)
            }
            let output = template.path(for: row)
            if let other = outputs[output] {
                problems.append((row.line, "\(place): output \(output) is also written by the row on line \(other.line)"))
                continue
            }
            outputs[output] = row
            let range = job.settings.frames ?? 0...(scene.canvas.frameCount - 1)
            let frames = (range.upperBound - range.lowerBound) / job.settings.every + 1
            result.append(Decoded(data: row, scene: scene, output: output, digest: manifest.digest(of: scene), frames: frames,
                                  assignments: assignments))
        }
        return (result, problems, manifest)
    }

    /// The settings that change a row's output bytes.
    private static func settingsText(_ r: RenderRequest, systemFonts: Bool) -> String {
        let frames = r.frames.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "all"
        return "scale \(r.canvas.scale.map { "\($0)" } ?? "-") fps \(r.canvas.fps.map { "\($0)" } ?? "-") frames \(frames) every \(r.every) crf \(r.crf) preset \(r.preset)"
            + (systemFonts ? "" : " fonts-only-declared")
    }
}
