import Pipeline

/// How the studio loads its scene — the one place, so frames, the scene's
/// description and renders from the page all see the same scene that
/// `reel still` and `reel render` would with the same options.
public struct SceneSettings: Sendable {
    /// Pixels per point instead of the canvas's (`--scale`), for every frame and render.
    public var scale: Double?

    public init(scale: Double? = nil) {
        self.scale = scale
    }

    /// The scene at `path`, at `scale` pixels per point (nil: the settings' own).
    func load(_ path: String, scale: Double?) throws(ReelError) -> PreparedScene {
        try PreparedScene.load(path, canvas: canvasOverrides(scale: scale))
    }

    /// The canvas changes `reel render` is given for the same settings.
    func canvasOverrides(scale: Double?) -> CanvasOverrides { CanvasOverrides(scale: scale ?? self.scale) }
}
