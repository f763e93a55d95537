/// Readers for `emitter` nodes.
extension SceneDecoder {
    /// Keys an emitter node takes beyond the common node keys.
    static let emitterKeys: [String] = []

    mutating func emitter(_ fields: inout Fields) -> EmitterNode? {
        EmitterNode()
    }
}
