import Animation
import Geometry

/// A decoded, validated scene: the whole input of a render.
///
/// Holds only what the file says (plus defaults), never render types, so the
/// parser and the renderer can change independently.
public struct Scene: Sendable, Equatable {
    public var canvas: Canvas
    public var seed: Int
    public var assets: Assets
    /// Variables, `withAnimation` events and `loop`, ready to evaluate.
    public var timeline: Timeline
    public var layers: [Node]
    /// The moment (seconds) that best shows the scene, for poster images
    /// (Reel's `poster` key); nil = the middle.
    public var poster: Double?
    /// Path of the scene file, for messages and for resolving asset paths.
    public var file: String
    /// Every entry of `variables` with the value in force.
    public var parameters: [Parameter] = []

    public init(canvas: Canvas, seed: Int = 0, assets: Assets = Assets(), timeline: Timeline = .empty,
                layers: [Node], file: String) {
        self.canvas = canvas
        self.seed = seed
        self.assets = assets
        self.timeline = timeline
        self.layers = layers
        self.file = file
    }
}

/// The output frame: size in points, density, rate, length.
public struct Canvas: Sendable, Equatable {
    /// Points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// Frames per second.
    public var fps: Double
    /// Seconds.
    public var duration: Double
    public var background: Color

    public init(width: Double, height: Double, scale: Double = 1, fps: Double = 60,
                duration: Double, background: Color = .clear) {
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
    }

    /// Output size in whole pixels (points × scale, rounded to nearest).
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    /// round(duration × fps), halves rounded up, as the format specifies.
    public var frameCount: Int { Int((duration * fps + 0.5).rounded(.down)) }

    /// Frame i is rendered at i / fps seconds.
    public func time(ofFrame i: Int) -> Double { Double(i) / fps }

    /// The frame shown at `time` seconds (the last one that has started).
    public func frame(at time: Double) -> Int { min(max(Int((time * fps).rounded(.down)), 0), frameCount - 1) }
}
