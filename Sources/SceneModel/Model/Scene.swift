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
    /// Sounds placed on the timeline, mixed in this order (`audio`).
    public var audio: [AudioClip] = []
    /// The moment (seconds) that best shows the scene, for poster images
    /// (Reel's `poster` key); nil = the middle.
    public var poster: Double?
    /// Path of the scene file, for messages and for resolving asset paths.
    public var file: String
    /// Every entry of `variables` with the value in force.
    public var parameters: [Parameter] = []
    /// What an imported file (a Lottie animation) shows only approximately,
    /// located in that file.
    public var importWarnings: [Diagnostic] = []

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

extension Scene {
    /// The moment posters and default stills show: `poster`, else the middle.
    public var posterTime: Double { poster ?? canvas.start + canvas.duration / 2 }
}
