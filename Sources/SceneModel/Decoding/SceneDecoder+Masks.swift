import Animation
import Geometry

/// Readers for masks: a node's `mask` (SwiftUI's `mask`, any node, in the
/// node's coordinates) with its `maskMode`, and a track `matte` naming the
/// sibling just before the node (After Effects' and Lottie's track mattes).
extension SceneDecoder {
    /// What a node's `matte` may name: the node before it in its list, by
    /// its `id` as written, whether it decoded (its errors are reported
    /// otherwise) and whether it has a matte of its own.
    struct Sibling {
        var id: String?
        var decoded: Bool
        var hasMatte: Bool

        init(_ value: JSONValue, _ node: Node?) {
            if case .string(let id)? = value["id"]?.kind { self.id = id }
            decoded = node != nil
            if case .matte? = node?.effects.mask?.source { hasMatte = true } else { hasMatte = false }
        }
    }

    /// `mask` and `maskMode`; nil when the node has none or they fail
    /// (reported, and `fields` marked failed).
    mutating func mask(_ fields: inout Fields) -> NodeMask? {
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
        return fields.read(&self, "mask") { d, v, p in d.node(v, p) }.map { NodeMask(.content($0), mode: mode ?? .alpha) }
    }

    /// `{"node": id of the sibling just before, "mode": MaskMode}`: the
    /// mode, once the sibling is checked (`nodes` attaches it).
    mutating func matte(_ v: JSONValue, _ path: JSONPath, before: Sibling?) -> MaskMode? {
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
        guard before.decoded else { return nil } // its own errors are reported
        if before.hasMatte {
            report(nameValue.location, path.key("node"), "\"\(name)\" has a matte of its own; a matte cannot use one")
            return nil
        }
        return mode
    }
}
