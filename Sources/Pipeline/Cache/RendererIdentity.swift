import Foundation

/// Which renderer drew something: the `reel` executable's path, size and
/// modification time. A rebuild that could draw differently changes it, so
/// stored frames and batch manifests made by another build are not trusted.
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
}
