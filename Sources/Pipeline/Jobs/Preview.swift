import Foundation

/// What `reel preview` trades for speed: a small frame, a low frame rate and
/// the fastest encoder preset, plus a contact sheet to take in at a glance.
public enum Preview {
    public static let maxPixels = 480
    public static let maxFPS = 12.0
    public static let crf = 28
    public static let preset = "ultrafast"

    /// Makes `request` a preview unless its own scale or frame rate are set;
    /// `crf` and `preset` are the user's choices, nil for the preview's. The
    /// contact sheet goes beside the video, as a PNG of the same name.
    public static func apply(to request: inout RenderRequest, crf: Int?, preset: String?) {
        request.canvas.maxPixels = maxPixels
        request.canvas.maxFPS = maxFPS
        request.crf = crf ?? Self.crf
        request.preset = preset ?? Self.preset
        if let video = request.videoPath {
            request.contactSheetPath = (video as NSString).deletingPathExtension + ".png"
        }
    }
}
