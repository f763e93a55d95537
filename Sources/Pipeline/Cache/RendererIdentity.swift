import Foundation

/// Which renderer drew something: the `reel` executable's path, size and
/// modification time. A rebuild that could draw differently changes it, so
/// stored frames and batch manifests made by another build are not trusted.
///
/// Golden manifests (`reel verify`) outlive builds, so they record the
/// drawing's `drawingVersion` instead, and the `platform`, for reports.
public enum RendererIdentity {
    /// The release, as `reel --version` prints it; raised with every change
    /// users can see in the format, the command line or the frames drawn.
    public static let version = "0.9.0"

    static let current: String = {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(executable) \(size) \(modified.bitPattern)"
    }()

    /// The version of what frames are drawn by: raised with a change to
    /// evaluation or rasterization that is meant to change pixels (a new
    /// antialiasing, a corrected blend), so golden manifests recorded before
    /// it are refused as another renderer's, not reported frame by frame.
    static let drawingVersion = 1

    /// The system and processor, e.g. "Linux x86_64". Frames are meant to be
    /// equal on every machine; a report names where a manifest was recorded
    /// so a difference between machines is recognised as one.
    static let platform: String = {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "other"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system
        #endif
    }()
}
