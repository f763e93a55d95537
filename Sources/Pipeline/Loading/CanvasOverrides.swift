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

    /// The canvas with these changes, checked like any canvas: a scale that
    /// leaves no pixel or a rate that leaves no frame is an error, not a trap.
    public func applied(to canvas: Canvas) throws(CanvasError) -> Canvas {
        var newScale = scale, newFPS = fps
        if scale == nil, let maxPixels, max(canvas.pixelWidth, canvas.pixelHeight) > maxPixels {
            newScale = 1 / (max(canvas.width, canvas.height) / Double(maxPixels)).rounded(.up)
        }
        if fps == nil, let maxFPS, canvas.fps > maxFPS { newFPS = maxFPS }
        guard newScale != nil || newFPS != nil else { return canvas }
        return try canvas.with(scale: newScale, fps: newFPS)
    }
}
