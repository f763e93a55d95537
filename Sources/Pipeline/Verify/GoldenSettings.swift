import SceneModel

/// The settings that made a golden manifest's frames: what must be the same
/// for the frames rendered now to be compared with them one by one. The
/// scene's content is not among them — a change to it is what a golden
/// test is there to catch, frame by frame.
public struct GoldenSettings: Sendable, Equatable {
    /// `RendererIdentity.drawingVersion` of the renderer that drew the frames.
    public var rendererVersion: Int
    /// Frame size in pixels, and the scale (pixels per point) that gave it.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
    /// Frames per second, and the scene's frame count at that rate.
    public var fps: Double
    public var frameCount: Int
    /// The frames selected: `first` through `last`, every `every`th.
    public var first: Int
    public var last: Int
    public var every: Int
    /// Values given for the scene's parameters (a batch row's, or given
    /// with the command), as text, sorted by name.
    public var parameters: [Parameter]
    /// Whether installed fonts could fill in characters the scene's lack.
    public var systemFonts: Bool

    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The settings of `plan`: its request's selection and values on its scene's canvas.
    init(_ plan: RenderPlan, parameters: [ParameterAssignment]) {
        let canvas = plan.prepared.scene.canvas
        rendererVersion = RendererIdentity.drawingVersion
        (pixelWidth, pixelHeight, scale) = (canvas.pixelWidth, canvas.pixelHeight, canvas.scale)
        (fps, frameCount) = (canvas.fps, canvas.frameCount)
        (first, last, every) = (plan.chunk.selected.first ?? 0, plan.chunk.selected.last ?? 0, plan.request.every)
        self.parameters = parameters.map { Parameter(name: $0.name, value: $0.value.plainText) }.sorted { $0.name < $1.name }
        systemFonts = plan.request.systemFonts
    }

    init(rendererVersion: Int, pixelWidth: Int, pixelHeight: Int, scale: Double, fps: Double, frameCount: Int,
         first: Int, last: Int, every: Int, parameters: [Parameter], systemFonts: Bool) {
        self.rendererVersion = rendererVersion
        (self.pixelWidth, self.pixelHeight, self.scale) = (pixelWidth, pixelHeight, scale)
        (self.fps, self.frameCount) = (fps, frameCount)
        (self.first, self.last, self.every) = (first, last, every)
        self.parameters = parameters
        self.systemFonts = systemFonts
    }

    /// What differs from `now`, recorded first: empty when the frames compare.
    func differences(from now: GoldenSettings) -> [SettingDifference] {
        var result: [SettingDifference] = []
        func note(_ setting: String, _ recorded: String, _ current: String) {
            if recorded != current { result.append(SettingDifference(setting: setting, recorded: recorded, now: current)) }
        }
        let f = JSONValue.format
        note("renderer version", "\(rendererVersion)", "\(now.rendererVersion)")
        if (pixelWidth, pixelHeight) != (now.pixelWidth, now.pixelHeight) {
            note("frame size", "\(pixelWidth)×\(pixelHeight) pixels (scale \(f(scale)))",
                 "\(now.pixelWidth)×\(now.pixelHeight) pixels (scale \(f(now.scale)))")
        }
        note("frame rate", "\(f(fps)) fps", "\(f(now.fps)) fps")
        note("frame count", "\(frameCount)", "\(now.frameCount)")
        note("frames selected", selection, now.selection)
        let names = Set(parameters.map(\.name) + now.parameters.map(\.name)).sorted()
        for name in names {
            func value(_ s: GoldenSettings) -> String { s.parameters.first { $0.name == name }.map { "\"\($0.value)\"" } ?? "the default" }
            note("parameter \(name)", value(self), value(now))
        }
        note("installed fonts", systemFonts ? "allowed" : "not allowed", now.systemFonts ? "allowed" : "not allowed")
        return result
    }

    /// "0-899" or "0-899 every 2".
    var selection: String { "\(first)-\(last)" + (every == 1 ? "" : " every \(every)") }
}
