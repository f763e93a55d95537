import SceneModel

/// One line describing a valid scene, for `reel validate`.
public struct SceneSummary: CustomStringConvertible {
    let scene: Scene

    public init(_ scene: Scene) { self.scene = scene }

    public var description: String {
        let c = scene.canvas
        let fmt = JSONValue.format
        return "\(c.frameCount) frames, \(fmt(c.duration)) s at \(fmt(c.fps)) fps, \(c.pixelWidth)×\(c.pixelHeight) px, "
            + Self.plural(Self.count(scene.layers), "layer") + ", " + Self.plural(scene.timeline.variables.count, "variable")
            + (scene.audio.isEmpty ? "" : ", " + Self.plural(scene.audio.count, "sound clip"))
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)" + (n == 1 ? "" : "s") }

    /// Nodes in the tree, groups' children and masks included.
    static func count(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { n, node in n + 1 + count(node.subnodes) }
    }
}
