import Foundation
import SceneModel

/// Reads scene files from disk.
public enum SceneFile {
    /// Loads and validates the scene at `path`, `parameters` replacing the
    /// defaults of its `variables`; every problem in the file is reported at
    /// once, prefixed by `path` as given (so messages match what the user
    /// typed), refused parameters in the error's `parameterIssues`.
    public static func load(_ path: String, parameters: [ParameterAssignment] = []) throws(RenderError) -> Scene {
        try decode(try document(path), parameters: parameters)
    }

    /// The scene of a parsed file with `parameters`; refused values alone are
    /// `.parameters`, for the caller to word with the flags that gave them.
    static func decode(_ document: SceneDocument, parameters: [ParameterAssignment]) throws(RenderError) -> Scene {
        do {
            return try document.scene(parameters)
        } catch {
            if error.diagnostics.isEmpty { throw .parameters(error.parameterIssues, scene: document.file) }
            throw .invalidScene(error)
        }
    }

    /// The parsed file, to decode with several sets of parameters.
    public static func document(_ path: String) throws(RenderError) -> SceneDocument {
        // A scene too large is refused before it is read.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
            do { try SceneDecoder.checkFileSize(size, file: path) } catch { throw .invalidScene(error) }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotReadScene(path: path, reason: FileManager.default.fileExists(atPath: path)
                                   ? "permission denied or not a file" : "no such file")
        }
        do {
            return try SceneDocument([UInt8](data), file: path)
        } catch {
            throw .invalidScene(error)
        }
    }
}
