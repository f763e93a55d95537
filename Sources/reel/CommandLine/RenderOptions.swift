import Foundation
import Media
import Pipeline

/// The options `render`, `preview`, `watch`, `batch` and `plan` share, read
/// from the parsed flags and turned into one `RenderRequest` per scene.
struct RenderOptions {
    var scenes: [String] = []
    var output: String?
    var format: OutputFormat?
    var pngSequence = false
    var contactSheet = false
    var pngDir: String?
    var poster: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var frames: ClosedRange<Int>?
    var every = 1
    var progress = ProgressStyle.text
    var scale: Double?, fps: Double?
    var crf: Int?, preset: String?
    /// The frame cache's folder; nil draws every frame.
    var cacheFolder: String?
    var systemFonts = true
    var parameters: ParameterOptions
    var gop: Int?
    var shard: Shard?
    var chunks: ChunkCount?

    /// The flags `render`, `preview` and `watch` take.
    static let flags: [Option] = [.output, .format, .pngDir, .poster, .frames, .every, .scale, .fps, .crf, .preset, .jobs,
                                  .gop, .shard, .chunks, .noCache, .cacheDir, .fontsOnlyDeclared, .progress, .quiet, .set, .vars]

    /// The options of `parsed`, whose operands are scene files or folders of them.
    init(_ parsed: ParsedArguments) throws(ReelError) {
        output = parsed.text(.output)
        if let v = parsed.text(.format) {
            (format, pngSequence, contactSheet) = (OutputFormat(rawValue: v), v == "png", v == "contact")
        }
        pngDir = parsed.text(.pngDir)
        poster = parsed.text(.poster)
        jobs = parsed.integer(.jobs) ?? jobs
        if case .frames(let range)? = parsed.value(.frames) { frames = range }
        every = parsed.integer(.every) ?? 1
        crf = parsed.integer(.crf)
        preset = parsed.text(.preset)
        gop = parsed.integer(.gop)
        if case .shard(let s)? = parsed.value(.shard) { shard = s }
        if case .chunks(let c)? = parsed.value(.chunks) { chunks = c }
        cacheFolder = parsed.has(.noCache) ? nil : parsed.text(.cacheDir) ?? FrameCache.standardFolder()
        systemFonts = !parsed.has(.fontsOnlyDeclared)
        progress = parsed.has(.quiet) ? .quiet : parsed.text(.progress).flatMap(ProgressStyle.init) ?? .text
        scale = parsed.number(.scale)
        fps = parsed.number(.fps)
        parameters = try ParameterOptions(parsed)
        for operand in parsed.operands { scenes += try Self.sceneFiles(operand, command: parsed.command) }
        guard !scenes.isEmpty else { throw parsed.missing("scene file") }
    }

    /// One request per scene; outputs go to `-o`, else to Output/ named after
    /// the scene; see `Preview` for what a preview changes.
    func requests(preview: Bool = false) throws(ReelError) -> [RenderRequest] {
        let defaultFolder = "Output", suffix = preview ? ".preview" : ""
        let many = scenes.count > 1
        if many {
            for (flag, value) in [("--poster", poster), ("--png-dir", pngDir)] where value != nil {
                throw .usage("\(flag) names one file or folder; it needs a single scene (found \(scenes.count))")
            }
        }
        if shard != nil, chunks != nil { throw .usage("--shard and --chunks split the same render: give one of them") }
        // -o is a folder for several scenes, for a PNG sequence's frames, for
        // a shard's part file, or when it names one.
        let outputIsFolder = many || pngSequence || shard != nil || output.map { $0.hasSuffix("/") || isDirectory($0) } ?? false
        if let output, !outputIsFolder, !contactSheet, format == nil, OutputFormat(path: output) == nil {
            let known = OutputFormat.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
            throw .usage("-o \(output): unknown video format; use \(known), or --format")
        }
        let onlyStills = output == nil && (pngDir != nil || poster != nil)
        // -o as the one output's own path, or as the folder outputs are named into.
        let file = outputIsFolder ? nil : output
        let folder = (outputIsFolder ? output : nil) ?? defaultFolder
        return scenes.map { scene in
            let name = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension + suffix
            var r = settings(for: scene)
            r.pngDirectory = pngDir
            r.posterPath = poster
            if contactSheet {
                r.contactSheetPath = file ?? "\(folder)/\(name).contact.png"
            } else if pngSequence {
                // One scene's frames go into -o itself.
                r.pngDirectory = many || output == nil ? "\(folder)/\(name)" : output!
            } else if !onlyStills {
                let videoFormat = format ?? .mp4
                r.videoPath = shard.map { "\(folder)/" + ChunkJoin.fileName(name: name, part: $0.index, of: $0.count, format: videoFormat) }
                    ?? file ?? "\(folder)/\(name).\(videoFormat.rawValue)"
                r.format = format
            }
            (r.shard, r.chunks) = (shard, chunks)
            if preview { Preview.apply(to: &r, crf: crf, preset: preset) }
            r.systemFonts = systemFonts
            return r
        }
    }

    /// The request for `scene` with the settings of the flags and no outputs.
    func settings(for scene: String) -> RenderRequest {
        var r = RenderRequest(scenePath: scene, frames: frames)
        r.every = every
        r.cacheFolder = cacheFolder
        r.gop = gop
        r.parameters = parameters.assignments
        r.canvas.scale = scale
        r.canvas.fps = fps
        if let crf { r.crf = crf }
        if let preset { r.preset = preset }
        return r
    }

    /// A scene file, or the `.json` files of a folder (not its subfolders), by name.
    static func sceneFiles(_ path: String, command: String) throws(ReelError) -> [String] {
        guard isDirectory(path) else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let scenes = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !scenes.isEmpty else { throw .usage("\(command): \(path) holds no scene files (*.json)") }
        return scenes.map { (path as NSString).appendingPathComponent($0) }
    }
}

func isDirectory(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
}
