import Foundation

/// The JSON Schema (draft 2020-12) of the scene format, for editors: the
/// repository's one copy, `Resources/reel-scene.schema.json`, shipped as a
/// resource of this module so an installed `reel` can print it.
///
/// `scripts/make-schema.py` writes the file; a test keeps its property names
/// equal to the keys the decoder accepts.
public enum SceneSchema {
    /// Where the schema is read from: the module's resource bundle.
    public static var url: URL? {
        Bundle.module.url(forResource: "reel-scene.schema", withExtension: "json")
    }

    /// The schema's bytes (UTF-8 JSON), exactly as in the file.
    ///
    /// An installed `reel` needs its `Reel_SceneModel.resources` folder beside
    /// it (as it needs `Reel_Typesetting.resources` for the fonts): without
    /// the folder SwiftPM's accessor stops the process naming the paths it
    /// tried.
    /// - Throws: `CocoaError` when the folder is there but the file is
    ///   missing or unreadable.
    public static func bytes() throws -> [UInt8] {
        guard let url else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "reel-scene.schema.json"]) }
        return [UInt8](try Data(contentsOf: url))
    }
}
