import Foundation
import Lottie
import Media
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
        let (bytes, animation) = try read(path)
        do {
            return try document(bytes, file: path, animation: animation)
        } catch {
            throw .invalidScene(error)
        }
    }

    /// The bytes of the file a path names, and the animation it selects in a
    /// `.lottie` archive (`story.lottie#intro`; see `DotLottie`). A file too
    /// large is refused before it is read.
    public static func read(_ path: String) throws(RenderError) -> (bytes: [UInt8], animation: String?) {
        let (file, animation) = DotLottie.address(path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int {
            do { try SceneDecoder.checkFileSize(size, file: path) } catch { throw .invalidScene(error) }
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .cannotReadScene(path: path, reason: FileManager.default.fileExists(atPath: file)
                                   ? "permission denied or not a file" : "no such file")
        }
        return ([UInt8](data), animation)
    }

    /// A scene file, or a Lottie animation (known by its top-level keys)
    /// converted to the scene `reel import lottie` writes for it.
    static func document(_ bytes: [UInt8], file: String, animation: String? = nil) throws(SceneLoadError) -> SceneDocument {
        let converted: LottieImport.Result
        if DotLottie.isArchive(bytes) {
            converted = try DotLottie.convert(bytes, file: DotLottie.address(file).file, animation: animation)
        } else {
            if let animation {
                throw SceneLoadError(diagnostics: [Diagnostic(file: DotLottie.address(file).file, location: nil, path: "$",
                                                              message: "'#\(animation)' selects an animation of a .lottie archive; this file is not one")])
            }
            guard let root = try? JSONParser.parse(bytes), LottieImport.isLottie(root) else {
                return try SceneDocument(bytes, file: file)
            }
            converted = try convertLottie(root, file: file)
        }
        var document = try SceneDocument(Array(converted.scene.text.utf8), file: file)
        document.importWarnings = converted.warnings
        // The converter writes only scenes the decoder takes; were one refused,
        // its lines and columns would be those of the converted text, not of
        // the file, so the message says where to see them.
        do {
            _ = try document.scene()
        } catch {
            throw SceneLoadError(diagnostics: error.diagnostics.map {
                Diagnostic(file: file, location: nil, path: $0.path,
                           message: "in the scene converted from this Lottie file (see 'reel import lottie'), at \($0.location.map { "\($0)" } ?? "?"): \($0.message)")
            })
        }
        return document
    }

    /// The scene of the Lottie animation in `bytes`, for `reel import`.
    public static func importLottie(_ bytes: [UInt8], file: String, animation: String? = nil, for folder: String?) throws(SceneLoadError) -> LottieImport.Result {
        if DotLottie.isArchive(bytes) { return try DotLottie.convert(bytes, file: DotLottie.address(file).file, animation: animation, for: folder) }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneLoadError(diagnostics: [Diagnostic(file: file, location: error.location, path: "$", message: error.message)])
        }
        guard LottieImport.isLottie(root) else {
            throw SceneLoadError(diagnostics: [Diagnostic(file: file, location: root.location, path: "$",
                message: "not a Lottie animation: it needs the top-level keys \(LottieImport.signature.joined(separator: ", "))")])
        }
        return try convertLottie(root, file: file, for: folder)
    }

    /// The scene of a Lottie animation; its image files, named relative to
    /// the Lottie file, are checked, and written relative to `folder` (the
    /// folder of the scene file written; by default the Lottie file's).
    static func convertLottie(_ root: JSONValue, file: String, for folder: String? = nil) throws(SceneLoadError) -> LottieImport.Result {
        let lottieFolder = PathName.folder(of: file)
        return try LottieImport.convert(root, file: file, imageExists: { FileManager.default.fileExists(atPath: located($0, in: lottieFolder)) },
                                        font: { LottieFonts.font(for: $0, folder: lottieFolder) },
                                        imagePath: folderPaths(of: file, for: folder))
    }

    /// A file named relative to the folder of the file that names it, as
    /// written into a scene in `folder` (by default that same folder).
    static func folderPaths(of file: String, for folder: String?) -> (String) -> String {
        let lottieFolder = PathName.folder(of: file)
        let sameFolder = folder.map { ($0 as NSString).standardizingPath == (lottieFolder as NSString).standardizingPath } ?? true
        return { sameFolder || $0.hasPrefix("/") || $0.hasPrefix("data:") ? $0 : (located($0, in: lottieFolder) as NSString).standardizingPath }
    }

    private static func located(_ file: String, in folder: String) -> String {
        file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
    }
}
