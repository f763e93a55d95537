import Foundation
import Pipeline
import SceneModel

/// How the studio loads its scene — the one place, so frames, the scene's
/// description and renders from the page all see the same scene that
/// `reel still` and `reel render` would with the same options.
public struct SceneSettings: Sendable {
    /// Pixels per point instead of the canvas's (`--scale`), for every frame and render.
    public var scale: Double?
    /// Values replacing parameters' defaults: `--set`/`--vars`, then the
    /// page's edits (each as `--set NAME=VALUE` would be).
    public var parameters: [ParameterAssignment]

    public init(scale: Double? = nil, parameters: [ParameterAssignment] = []) {
        self.scale = scale
        self.parameters = parameters
    }

    /// The scene at `path`, at `scale` pixels per point (nil: the settings' own),
    /// its sound decoded for the page to play.
    func load(_ path: String, scale: Double?) throws(RenderError) -> PreparedScene {
        try PreparedScene.load(path, canvas: canvasOverrides(scale: scale), parameters: parameters, sound: true)
    }

    /// The canvas changes `reel render` is given for the same settings.
    func canvasOverrides(scale: Double?) -> CanvasOverrides { CanvasOverrides(scale: scale ?? self.scale) }

    /// The same settings with `NAME=VALUE` given last, as `--set NAME=VALUE`
    /// on the command line (an image path relative to the working directory).
    func setting(_ name: String, to value: String) -> SceneSettings {
        var changed = self
        changed.parameters.removeAll { $0.name == name }
        changed.parameters.append(ParameterAssignment(name: name, value: .text(value),
                                                      baseDirectory: FileManager.default.currentDirectoryPath))
        return changed
    }
}
