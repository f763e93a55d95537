import Foundation
import SceneModel

/// Reads scene files from disk.
public enum SceneFile {
    /// Loads and validates the scene at `path`; every problem in the file is
    /// reported at once, prefixed by `path` as given (so messages match what the
    /// user typed).
    public static func load(_ path: String) throws(ReelError) -> Scene {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
            do { try SceneDecoder.checkFileSize(size, file: path) } catch { throw .invalidScene(error) }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotReadScene(path: path, reason: FileManager.default.fileExists(atPath: path)
                                   ? "permission denied or not a file" : "no such file")
        }
        do {
            return try SceneDecoder.decode([UInt8](data), file: path)
        } catch {
            throw .invalidScene(error)
        }
    }
}
