/// Files a scene uses, by the names its layers refer to them with.
public struct Assets: Sendable, Equatable {
    public var images: [String: AssetFile]
    public var fonts: [String: AssetFile]

    public init(images: [String: AssetFile] = [:], fonts: [String: AssetFile] = [:]) {
        self.images = images
        self.fonts = fonts
    }
}

/// One asset file: its path as written (relative to the scene file) and
/// where it was written, so a missing file is reported at that line.
public struct AssetFile: Sendable, Equatable {
    public var path: String
    public var location: SourceLocation
    /// JSON path of the entry, e.g. `$.assets.images.chimes`.
    public var jsonPath: String

    public init(path: String, location: SourceLocation, jsonPath: String) {
        self.path = path
        self.location = location
        self.jsonPath = jsonPath
    }
}

extension AssetFile {
    /// What follows the last dot of `path`'s file name, in lower case; nil
    /// when the name has no dot.
    static func fileExtension(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[path.index(after: dot)...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }
}
