import Animation
import Geometry

/// Decodes and validates a scene file, collecting every problem before giving up.
///
/// Decoding never stops at the first mistake: each reader returns nil for a
/// bad value after reporting it, and the caller carries on with the rest, so a
/// user sees all problems of a file at once.
public struct SceneDecoder {

    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Asset names declared in `assets`, for checking references.
    var assets = Assets()
    /// The variables expressions may name.
    var symbols = ExpressionSymbols([])
    /// Particles the emitters decoded so far may keep alive at once.
    var liveParticleBound = 0.0
    /// Nodes decoded so far and the nesting level being decoded (`enterNode`).
    var nodeCount = 0, nesting = 0
    /// Set by `node` when the node it just decoded takes the node before it
    /// as its track matte, in this mode; `nodes` attaches the matte.
    var matteTaken: MaskMode?
    /// The sound of video layers that play theirs, in the order decoded:
    /// they join the scene's `audio` after its own clips.
    var videoSounds: [AudioClip] = []
    /// Values given from outside for `variables` (see `Parameters.apply`).
    let assignments: [ParameterAssignment]
    /// The declared parameters, with the assignments applied.
    var parameters: [Parameter] = []
    /// Assignments that were refused.
    var parameterIssues: [ParameterIssue] = []
    /// The scene's timeline and seed, once read: fixed placeholders are written in with them.
    var timelineInForce = Timeline.empty
    var seed = 0
    var sceneEnd: Double?
    /// The canvas in points: what a `sequence` fills unless given a size.
    var sceneSize = Size(0, 0)
    /// Keys of the problems reported so far (`report`).
    var reported = Set<String>()
    /// Where the decoder is: the components and list items that led here.
    var scope = Scope()
    /// `components`, kept as JSON: each `use` decodes its component anew
    /// with its own values.
    var componentSources: [String: ComponentSource] = [:]
    /// Component names in declaration order, for suggestions and for
    /// validating the unused ones in a fixed order.
    var componentNames: [String] = []
    var usedComponents = Set<String>()
    /// Strings of the `forEach` items in force, by bound name (`item.label`),
    /// for text placeholders.
    var itemStrings: [String: String] = [:]

    init(file: String, assignments: [ParameterAssignment] = []) {
        self.file = file
        self.assignments = assignments
    }

    /// Decodes a scene from UTF-8 JSON. `file` names it in messages.
    public static func decode(_ bytes: [UInt8], file: String,
                              parameters: [ParameterAssignment] = []) throws(SceneLoadError) -> Scene {
        try SceneDocument(bytes, file: file).scene(parameters)
    }

    /// The scene of a parsed document, `assignments` replacing the defaults
    /// of its `variables`. Refused assignments come back in the error's
    /// `parameterIssues`, beside the file's own problems.
    static func decode(_ root: JSONValue, file: String,
                       assignments: [ParameterAssignment]) throws(SceneLoadError) -> Scene {
        var d = SceneDecoder(file: file, assignments: assignments)
        let scene = d.scene(root)
        if let scene, d.diagnostics.isEmpty, d.parameterIssues.isEmpty { return scene }
        throw SceneLoadError(diagnostics: d.diagnostics, parameterIssues: d.parameterIssues)
    }

    /// Records a problem once: content decoded more than once (a component
    /// used twice, each item of a `forEach`) reports it where it was first
    /// reached, named by `scope.trail`.
    mutating func report(_ location: SourceLocation?, _ path: JSONPath, _ message: String) {
        let key = "\(location.map(\.description) ?? "")|\(path)|\(message)"
        guard reported.insert(key).inserted else { return }
        let reached = scope.trail.isEmpty ? "" : " (" + scope.trail.joined(separator: ", ") + ")"
        diagnostics.append(Diagnostic(file: file, location: location, path: path.description, message: message + reached))
    }

    mutating func expected(_ what: String, _ v: JSONValue, _ path: JSONPath) {
        report(v.location, path, "expected \(what), found \(v.summary)")
    }

    private mutating func scene(_ v: JSONValue) -> Scene? {
        guard let f = object(v, .root) else { return nil }
        f.checkKeys(.scene, into: &self)
        if let schema = f["$schema"] { _ = string(schema, .root.key("$schema")) }
        if let a = f["assets"] { assets = self.assets(a, .root.key("assets")) }
        if let version = f["version"] {
            if number(version, .root.key("version")) != nil, case .number(let n) = version.kind, n != 1 {
                report(version.location, .root.key("version"), "unsupported version \(JSONValue.format(n)); this Reel reads version 1")
            }
        }
        if let s = f["seed"], let n = integer(s, .root.key("seed")) { seed = n }
        var canvas: Canvas?
        if let c = f["canvas"] {
            canvas = self.canvas(c, .root.key("canvas"))
        } else {
            report(v.location, .root, "missing required key \"canvas\"")
        }
        sceneEnd = canvas?.end
        if let canvas { sceneSize = Size(canvas.width, canvas.height) }
        let timeline: Timeline?
        (timeline, parameterIssues) = self.timeline(f, at: .root, root: v, horizon: canvas?.end, assignments: assignments)
        timelineInForce = timeline ?? .empty
        if let c = f["components"] { readComponents(c, .root.key("components")) }
        var layers: [Node] = []
        if let l = f["layers"] { layers = nodes(l, .root.key("layers")) }
        validateUnusedComponents()
        let audio = f["audio"].map { audioClips($0, .root.key("audio"), duration: canvas?.duration) } ?? []
        guard let canvas else { return nil }
        var scene = Scene(canvas: canvas, seed: seed, assets: assets, timeline: timeline ?? .empty, layers: layers, file: file)
        scene.parameters = parameters
        scene.audio = audio + videoSounds
        if let p = f["poster"] { scene.poster = number(p, .root.key("poster"), atLeast: canvas.start, atMost: canvas.end) }
        return scene
    }

    /// Reads each field and reports its range problems; the ranges and the
    /// checks of the whole (pixel size, frame count) are `Canvas`'s own.
    private mutating func canvas(_ v: JSONValue, _ path: JSONPath) -> Canvas? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.canvas, into: &self)
        func read(_ d: inout SceneDecoder, _ v: JSONValue, _ p: JSONPath, _ field: CanvasField) -> Double? {
            guard case .number(let n) = v.kind, field.problem(n) == nil else {
                d.expected("a number \(field.requirement)", v, p)
                return nil
            }
            return n
        }
        let width = required(f, "width", path) { d, v, p in read(&d, v, p, .width) }
        let height = required(f, "height", path) { d, v, p in read(&d, v, p, .height) }
        let scale = f["scale"].map { read(&self, $0, path.key("scale"), .scale) } ?? 1
        let fps = f["fps"].map { read(&self, $0, path.key("fps"), .fps) } ?? 60
        let duration = required(f, "duration", path) { d, v, p in read(&d, v, p, .duration) }
        let start = f["start"].map { read(&self, $0, path.key("start"), .start) } ?? 0
        let background = f["background"].map { color($0, path.key("background")) } ?? .clear
        guard let width, let height, let scale, let fps, let duration, let start, let background else { return nil }
        do {
            return try Canvas(width: width, height: height, scale: scale, fps: fps, duration: duration, start: start, background: background)
        } catch {
            for problem in error.problems {
                switch problem {
                case .outOfRange: break // reported per field above
                case let .pixelSize(w, h):
                    report(v.location, path, "canvas is \(w)×\(h) pixels (width × scale, height × scale); each side must be 1…\(Canvas.maxPixelSide)")
                case let .pixelCount(w, h):
                    report(v.location, path, Self.overLimit("canvas of \(w)×\(h) pixels", limit: Canvas.pixelLimit))
                case .noFrame:
                    report(f["duration"]?.location, path.key("duration"), "duration × fps gives no frame; expected at least 1 frame")
                }
            }
            return nil
        }
    }

    private mutating func assets(_ v: JSONValue, _ path: JSONPath) -> Assets {
        guard let f = object(v, path) else { return Assets() }
        f.checkKeys(.assets, into: &self)
        func table(_ d: inout SceneDecoder, _ key: String) -> [String: AssetFile] {
            guard let t = f[key] else { return [:] }
            let p = path.key(key)
            guard case .object(let members) = t.kind else { d.expected("an object of name: file path", t, p); return [:] }
            var result: [String: AssetFile] = [:]
            for m in members {
                guard let file = d.string(m.value, p.key(m.key)) else { continue }
                if file.isEmpty { d.report(m.value.location, p.key(m.key), "expected a file path, found an empty string"); continue }
                if result[m.key] != nil { d.report(m.keyLocation, p.key(m.key), "duplicate key \"\(m.key)\""); continue }
                result[m.key] = AssetFile(path: file, location: m.value.location, jsonPath: p.key(m.key).description)
            }
            return result
        }
        return Assets(images: table(&self, "images"), fonts: table(&self, "fonts"))
    }
}
