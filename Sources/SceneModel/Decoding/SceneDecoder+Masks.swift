import Animation
import Geometry

/// Readers for masks: a node's `mask` (SwiftUI's `mask`, any node, in the
/// node's coordinates) with its `maskMode`, and a track `matte` naming the
/// sibling just before the node (After Effects' and Lottie's track mattes).
extension SceneDecoder {
    /// The node before another in a list, as its `matte` may name it: its
    /// `id` as written, and the node as decoded (nil when it failed, and
    /// was reported).
    struct Sibling {
        var id: String?
        var node: Node?

        init(_ value: JSONValue, _ node: Node?) {
            if case .string(let id)? = value["id"]?.kind { self.id = id }
            self.node = node
        }
    }

    /// `mask` and `maskMode`, or `matte`; nil when the node has none or
    /// they fail (reported, and `fields` marked failed).
    mutating func mask(_ fields: inout Fields, before: Sibling?) -> NodeMask? {
        let f = fields.object, path = fields.path
        if f.has("mask") && f.has("matte") {
            report(f.value.location, path, "a node takes \"mask\" or \"matte\", not both")
            fields.ok = false
            return nil
        }
        let mode = fields.read(&self, "maskMode") { d, v, p in d.word(v, p, as: MaskMode.self) }
        if let maskMode = f["maskMode"], !f.has("mask") {
            report(maskMode.location, path.key("maskMode"), "\"maskMode\" is the mode of a \"mask\", and this node has none"
                   + (f.has("matte") ? " (a matte takes \"mode\")" : ""))
            fields.ok = false
            return nil
        }
        if let node = fields.read(&self, "mask", { d, v, p in d.node(v, p) }) {
            return NodeMask(.content(node), mode: mode ?? .alpha)
        }
        return fields.read(&self, "matte") { d, v, p in d.matte(v, p, before: before) }
    }

    /// `{"node": id of the sibling just before, "mode": MaskMode}`.
    private mutating func matte(_ v: JSONValue, _ path: JSONPath, before: Sibling?) -> NodeMask? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.matte, into: &self)
        var fields = Fields(f, path)
        let mode = fields.read(&self, "mode") { d, v, p in d.word(v, p, as: MaskMode.self) } ?? .alpha
        guard let nameValue = f["node"] else {
            report(v.location, path, "missing required key \"node\" (the id of the node just before this one)")
            return nil
        }
        guard let name = string(nameValue, path.key("node")), fields.ok else { return nil }
        guard let before else {
            report(nameValue.location, path.key("node"), "no node comes before this one to be its matte")
            return nil
        }
        guard before.id == name else {
            var message = "a matte is the node just before this one"
            if let id = before.id {
                message += ", whose id is \"\(id)\", not \"\(name)\""
                if NameSuggestion.closest(to: name, in: [id]) != nil { message += "; did you mean \"\(id)\"?" }
            } else {
                message += ", which has no id (found \"\(name)\")"
            }
            report(nameValue.location, path.key("node"), message)
            return nil
        }
        guard let node = before.node else { return nil } // its own errors are reported
        if case .matte? = node.effects.mask?.source {
            report(nameValue.location, path.key("node"), "\"\(name)\" has a matte of its own; a matte cannot use one")
            return nil
        }
        return NodeMask(.matte(node), mode: mode)
    }
}
