import Foundation

/// Where the repository's files are, for the scenes and the schema these
/// tests read by path (the same names the scene-model tests give them).
enum SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The one copy of the schema in the repository.
    static let schemaPath = "Sources/SceneModel/Resources/reel-scene.schema.json"
}
