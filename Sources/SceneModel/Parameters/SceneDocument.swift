/// A scene file parsed once, decoded as often as needed with different
/// parameter values: a batch decodes one document per row without reading
/// or parsing the file again.
public struct SceneDocument: Sendable {
    public let file: String
    let root: JSONValue
    /// Warnings of the conversion the document came from (a Lottie file).
    public var importWarnings: [Diagnostic] = []

    /// Parses `bytes`; a syntax error is reported at its line and column.
    public init(_ bytes: [UInt8], file: String) throws(SceneLoadError) {
        self.file = file
        try SceneDecoder.checkFileSize(bytes.count, file: file)
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneLoadError(diagnostics: [
                Diagnostic(file: file, location: error.location, path: "$", message: error.message)])
        }
    }

    /// The validated scene with `assignments` in place of the defaults of its
    /// `variables` — equal to the scene whose file has those values written in.
    public func scene(_ assignments: [ParameterAssignment] = []) throws(SceneLoadError) -> Scene {
        var scene = try SceneDecoder.decode(root, file: file, assignments: assignments)
        scene.importWarnings = importWarnings
        return scene
    }
}
