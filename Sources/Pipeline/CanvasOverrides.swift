import SceneModel

/// Changes to a scene's canvas asked for on the command line: an explicit
/// scale or frame rate, or the limits of a preview.
public struct CanvasOverrides: Sendable {
    /// Pixels per point, replacing the canvas's.
    public var scale: Double?
    /// Frames per second, replacing the canvas's (the frame count follows).
    public var fps: Double?
    /// Without `scale`: shrink so neither side exceeds this many pixels, to
    /// 1/k pixels per point (k whole), so a canvas of whole points keeps whole
    /// pixels and no edge column is left partly covered.
    public var maxPixels: Int?
    /// Without `fps`: at most this frame rate.
    public var maxFPS: Double?

    public init(scale: Double? = nil, fps: Double? = nil, maxPixels: Int? = nil, maxFPS: Double? = nil) {
        self.scale = scale
        self.fps = fps
        self.maxPixels = maxPixels
        self.maxFPS = maxFPS
    }

    public func apply(to canvas: inout Canvas) {
        if let scale {
            canvas.scale = scale
        } else if let maxPixels, max(canvas.pixelWidth, canvas.pixelHeight) > maxPixels {
            canvas.scale = 1 / (max(canvas.width, canvas.height) / Double(maxPixels)).rounded(.up)
        }
        if let fps {
            canvas.fps = fps
        } else if let maxFPS, canvas.fps > maxFPS {
            canvas.fps = maxFPS
        }
    }
}
