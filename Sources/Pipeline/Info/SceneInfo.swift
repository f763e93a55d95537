import Dispatch
import DisplayList
import Evaluation
import Pixels
import Raster
import SceneModel

/// What a scene is and what rendering it costs, for `reel info`: its size and
/// timing, its tree, its particles at their peak, and an estimate of the
/// render time measured by drawing a few of its frames.
public struct SceneInfo: Sendable, Equatable, Encodable {
    /// The scene file as given.
    public var file: String
    public var frames: Int
    public var fps: Double
    /// Seconds.
    public var duration: Double
    /// The time of the first frame, seconds, when it is not 0.
    public var start: Double?
    /// The canvas in points, and its pixels per point.
    public var width: Double, height: Double, scale: Double
    /// The frame in pixels.
    public var pixelWidth: Int, pixelHeight: Int
    /// Top-level layers, and every node of the tree (groups' children included).
    public var layers: Int, nodes: Int
    /// Emitter nodes anywhere in the tree.
    public var emitters: Int
    /// The most particles drawn in one frame (sprites in the frame's sprite
    /// batches: particles outside the frame are not drawn, so not counted),
    /// over `particleSamples` evenly spaced frames; 0 without emitters.
    public var peakParticles: Int
    /// The sampled frame where the peak was first reached; nil without emitters.
    public var peakParticlesFrame: Int?
    /// Frames evaluated to find the peak (0 without emitters).
    public var particleSamples: Int
    /// nil when not measured.
    public var estimate: CostEstimate?
    /// Installed font files the texts use (fontconfig fallback), in load order.
    public var systemFonts: [String]
    /// The scene's parameters (its `variables`) with the values in force,
    /// which `--set`, `--vars` and batch rows may replace.
    public var parameters: [ParameterInfo]
    /// The scene's sound clips, in mixing order (empty when the scene has
    /// none, or its sound was not loaded).
    public var tracks: [TrackInfo]
    /// The scene's video layers, in tree order.
    public var videos: [VideoInfo]

    /// One video layer: its clip and how it plays.
    public struct VideoInfo: Sendable, Equatable, Encodable {
        /// The file as the layer (or its video parameter) names it.
        public var file: String
        /// The video parameter that gave the file, if any.
        public var parameter: String?
        /// The clip's frame size in pixels, its frame count and how long it
        /// lasts, seconds.
        public var width: Int, height: Int, frames: Int
        public var clipDuration: Double
        /// Where it starts in the scene; the stretch of the clip that plays.
        public var begin: Double
        public var trimIn: Double
        public var trimOut: Double
        public var rate: Double
        public var loop: Bool
        /// Whether its sound is in the mix.
        public var audio: Bool

        private enum Keys: String, CodingKey {
            case file, parameter, width, height, frames, clipDuration, begin, trimIn = "in", trimOut = "out", rate, loop, audio
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(file, forKey: .file)
            try c.encodeIfPresent(parameter, forKey: .parameter)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(frames, forKey: .frames)
            for (key, value) in [(Keys.clipDuration, clipDuration), (.begin, begin), (.trimIn, trimIn), (.trimOut, trimOut),
                                 (.rate, rate)] {
                try c.encode(value, forKey: key)
            }
            try c.encode(loop, forKey: .loop)
            try c.encode(audio, forKey: .audio)
        }
    }

    /// One clip of `audio` as it plays in the scene.
    public struct TrackInfo: Sendable, Equatable, Encodable {
        /// The file as the scene (or its audio parameter) names it.
        public var file: String
        /// The audio parameter that gave the file, if any.
        public var parameter: String?
        /// Where it starts in the scene and how long it sounds there (to the
        /// scene's end at most; looping repeats it until then), seconds.
        public var start: Double
        public var duration: Double
        /// The stretch of the file that plays (once, for a loop), seconds of the file.
        public var trimIn: Double
        public var trimOut: Double
        public var loop: Bool
        /// Decibels.
        public var gain: Double
        /// Whether the volume changes over time (keyframes, an expression).
        public var volumeAnimated: Bool

        private enum Keys: String, CodingKey {
            case file, parameter, start, duration, trimIn = "in", trimOut = "out", loop, gain, volumeAnimated
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(file, forKey: .file)
            try c.encodeIfPresent(parameter, forKey: .parameter)
            for (key, value) in [(Keys.start, start), (.duration, duration), (.trimIn, trimIn), (.trimOut, trimOut)] {
                try c.encode(value, forKey: key)
            }
            try c.encode(loop, forKey: .loop)
            try c.encode(gain, forKey: .gain)
            try c.encode(volumeAnimated, forKey: .volumeAnimated)
        }
    }

    public struct ParameterInfo: Sendable, Equatable, Encodable {
        public var name: String
        /// `number`, `color`, `bool`, `point`, `string`, `image` or `audio`.
        public var kind: String
        /// The value in force; nil for keyframes.
        public var value: ParameterValue?

        private enum Keys: String, CodingKey { case name, kind, value }

        /// The value as JSON of its own type: `17`, `true`, `[100, 200]`, `"Oslo"`, and
        /// colours and images as the strings a scene writes (`"#B71C1CFF"`, `"card1"`).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            try container.encode(kind, forKey: .kind)
            switch value {
            case .number(let n)?: try container.encode(n, forKey: .value)
            case .bool(let b)?: try container.encode(b, forKey: .value)
            case .string(let s)?: try container.encode(s, forKey: .value)
            case .point(let p)?: try container.encode([p.x, p.y], forKey: .value)
            case .color?, .image?, .audio?, .video?: try container.encode(value!.text, forKey: .value)
            case .list(let items)?: try container.encode(items, forKey: .value)
            case nil: try container.encodeNil(forKey: .value)
            }
        }
    }

    /// Describes `prepared`; evaluates (but does not draw) up to
    /// `samples` evenly spaced frames when the scene has emitters.
    public init(_ prepared: PreparedScene, file: String, sampling samples: Int = 120) {
        let scene = prepared.scene, c = scene.canvas
        self.file = file
        frames = c.frameCount
        fps = c.fps
        duration = c.duration
        start = c.start == 0 ? nil : c.start
        width = c.width
        height = c.height
        scale = c.scale
        pixelWidth = c.pixelWidth
        pixelHeight = c.pixelHeight
        layers = scene.layers.count
        nodes = SceneSummary.count(scene.layers)
        emitters = Self.emitterCount(scene.layers)
        systemFonts = prepared.systemFontPaths
        parameters = scene.parameters.map { ParameterInfo(name: $0.name, kind: $0.kind.rawValue, value: $0.value) }
        tracks = prepared.sound.tracks(until: c.time(ofFrame: c.frameCount))
        videos = scene.videoLayers.compactMap { v in
            prepared.videos.timelines[v.file.path].map { t in
                VideoInfo(file: v.file.path, parameter: v.parameter, width: t.width, height: t.height, frames: t.times.count,
                          clipDuration: t.end, begin: v.begin, trimIn: v.trimIn, trimOut: min(v.trimOut ?? t.end, t.end),
                          rate: v.rate, loop: v.loop, audio: v.audio)
            }
        }
        peakParticles = 0
        particleSamples = 0
        guard emitters > 0 else { return }
        let sampled = ContactSheet.sampleFrames(count: samples, frameCount: c.frameCount)
        particleSamples = sampled.count
        for frame in sampled {
            let count = Self.spriteCount(prepared.evaluator.displayList(frame: frame))
            if peakParticlesFrame == nil || count > peakParticles {
                peakParticles = count
                peakParticlesFrame = frame
            }
        }
    }

    /// Sprites in the list's sprite batches: the particles drawn.
    public static func spriteCount(_ list: DisplayList) -> Int {
        list.items.reduce(0) { n, item in
            if case .sprites(let batch) = item { return n + batch.sprites.count }
            return n
        }
    }

    static func emitterCount(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { n, node in
            if case .emitter = node.kind { return n + 1 + emitterCount(node.subnodes) }
            return n + emitterCount(node.subnodes)
        }
    }
}

/// How long rendering a scene's frames takes, extrapolated from a few.
public struct CostEstimate: Sendable, Equatable, Encodable {
    /// The frames timed, evenly spaced over the scene.
    public var sampleFrames: [Int]
    /// Mean milliseconds per frame on one thread: evaluation, display list and
    /// rasterization (not encoding, not writing).
    public var msPerFrame: Double
    /// `msPerFrame` × frames, in seconds of one core.
    public var cpuSeconds: Double
    /// The cores the wall time assumes.
    public var cores: Int
    /// `cpuSeconds` spread over `cores` (never more cores than frames): the
    /// best case, as workers share memory bandwidth.
    public var wallSeconds: Double

    /// Draws `samples` evenly spaced frames of `prepared` one after another
    /// on this thread, after one untimed frame that fills the rasterizer's
    /// caches (sprite textures, glyph outlines) as a long render would.
    public static func measure(_ prepared: PreparedScene, samples: Int = 3, cores: Int) -> CostEstimate {
        let count = prepared.scene.canvas.frameCount
        let frames = ContactSheet.sampleFrames(count: samples, frameCount: count)
        let rasterizer = prepared.makeRasterizer()
        let evaluator = prepared.evaluator
        var bitmap = Bitmap(width: prepared.scene.canvas.pixelWidth, height: prepared.scene.canvas.pixelHeight)
        rasterizer.render(evaluator.displayList(frame: frames[0]), into: &bitmap)
        let start = DispatchTime.now().uptimeNanoseconds
        for frame in frames { rasterizer.render(evaluator.displayList(frame: frame), into: &bitmap) }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames.count)
        return CostEstimate(frames: count, sampleFrames: frames, msPerFrame: ms, cores: cores)
    }

    /// The figures for `frames` frames at `msPerFrame` each.
    public init(frames: Int, sampleFrames: [Int], msPerFrame: Double, cores: Int) {
        self.sampleFrames = sampleFrames
        self.msPerFrame = msPerFrame
        self.cores = max(1, cores)
        cpuSeconds = msPerFrame * Double(frames) / 1000
        wallSeconds = cpuSeconds / Double(max(1, min(self.cores, frames)))
    }
}
