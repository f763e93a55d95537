import Foundation
import Media
import Pipeline

/// The options `render`, `preview` and `watch` share, parsed once and turned
/// into one `RenderRequest` per scene.
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
    var cache = true
    var systemFonts = true
    var parameters = ParameterOptions()
    var gop: Int?
    var shard: Shard?
    var chunks: ChunkCount?

    /// Parses `args` for `command`; returns nil when help was printed.
    static func parse(_ args: [String], command: String, help: String) throws(ReelError) -> RenderOptions? {
        var reader = OptionReader(args, command: command)
        var o = RenderOptions()
        while let arg = reader.next() {
            switch arg {
            case "-h", "--help": print(help); return nil
            case "-o", "--output": o.output = try reader.value(for: arg)
            case "--format":
                let v = try reader.value(for: arg)
                (o.format, o.pngSequence, o.contactSheet) = (OutputFormat(rawValue: v), v == "png", v == "contact")
                guard o.format != nil || o.pngSequence || o.contactSheet else {
                    throw .usage("--format expects mp4, mov, webm, gif, png or contact, found '\(v)'")
                }
            case "--png-dir": o.pngDir = try reader.value(for: arg)
            case "--poster": o.poster = try reader.value(for: arg)
            case "--jobs": o.jobs = try number(reader.value(for: arg), for: arg, in: 1...256)
            case "--frames": o.frames = try Command.parseFrames(try reader.value(for: arg))
            case "--every": o.every = try number(reader.value(for: arg), for: arg, in: 1...10_000)
            case "--crf": o.crf = try number(reader.value(for: arg), for: arg, in: 0...51)
            case "--preset":
                let v = try reader.value(for: arg)
                guard MP4Writer.presets.contains(v) else {
                    throw .usage("--preset expects one of \(MP4Writer.presets.joined(separator: ", ")), found '\(v)'")
                }
                o.preset = v
            case "--gop": o.gop = try number(reader.value(for: arg), for: arg, in: KeyframeInterval.range)
            case "--shard": o.shard = try Command.parseShard(try reader.value(for: arg))
            case "--chunks":
                let v = try reader.value(for: arg)
                o.chunks = v == "auto" ? .auto : .count(try number(v, for: arg, in: 1...256))
            case "--no-cache": o.cache = false
            case "--fonts-only-declared": o.systemFonts = false
            case "--quiet": o.progress = .quiet
            case "--progress":
                let v = try reader.value(for: arg)
                guard let style = ProgressStyle(rawValue: v) else {
                    throw .usage("--progress expects text, json or quiet, found '\(v)'")
                }
                o.progress = style
            case "--scale": o.scale = try Command.parseScale(try reader.value(for: arg))
            case "--fps":
                let v = try reader.value(for: arg)
                guard let f = Double(v), f > 0, f <= 240 else { throw .usage("--fps expects frames per second, more than 0 and at most 240, found '\(v)'") }
                o.fps = f
            default:
                if try o.parameters.take(arg, from: &reader) { continue }
                if arg.hasPrefix("-") { throw .usage("\(command): unknown option '\(arg)'; see 'reel \(command) --help'") }
                o.scenes += try sceneFiles(arg, command: command)
            }
        }
        guard !o.scenes.isEmpty else { throw .usage("\(command): missing scene file; see 'reel \(command) --help'") }
        return o
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
            if cache { r.cacheBesideOutputs() }
            r.systemFonts = systemFonts
            return r
        }
    }

    /// The request for `scene` with the settings of the flags and no outputs.
    func settings(for scene: String) -> RenderRequest {
        var r = RenderRequest(scenePath: scene, frames: frames)
        r.every = every
        r.gop = gop
        r.parameters = parameters.assignments
        r.canvas.scale = scale
        r.canvas.fps = fps
        if let crf { r.crf = crf }
        if let preset { r.preset = preset }
        return r
    }

    /// A scene file, or the `.json` files of a folder (not its subfolders), by name.
    private static func sceneFiles(_ path: String, command: String) throws(ReelError) -> [String] {
        guard isDirectory(path) else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let scenes = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !scenes.isEmpty else { throw .usage("\(command): \(path) holds no scene files (*.json)") }
        return scenes.map { (path as NSString).appendingPathComponent($0) }
    }

    static func number(_ s: String, for option: String, in range: ClosedRange<Int>) throws(ReelError) -> Int {
        guard let n = Int(s), range.contains(n) else {
            throw .usage("\(option) expects a number from \(range.lowerBound) to \(range.upperBound), found '\(s)'")
        }
        return n
    }
}

private func isDirectory(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
}
