import Animation
import Geometry

/// Readers for the nodes that arrange others: stacks, sequences and
/// replicators.
extension SceneDecoder {
    static let stackKeys = ["children", "spacing", "alignment", "padding"]
    static let sequenceKeys = ["items", "size"]
    static let replicatorKeys = ["children", "size", "instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
                                 "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]
    /// Most copies a replicator draws (`instanceCount`), each a full copy
    /// of its children every frame.
    public static let maxInstances = 10_000

    /// `hstack`, `vstack` or `zstack`. SwiftUI's default spacing between
    /// views is 8 points; the default alignment is the centre.
    mutating func stack(_ axis: StackNode.Axis, _ fields: inout Fields) -> StackNode? {
        let f = fields.object
        if let children = f["children"] { refusePositions(children, fields.path.key("children")) }
        let children = fields.read(&self, "children") { d, v, p in d.nodes(v, p) } ?? []
        let spacing = fields.read(&self, "spacing") { d, v, p in d.animatedNumber(v, p) } ?? .constant(8)
        let alignment = fields.read(&self, "alignment") { d, v, p in d.unitPoint(v, p) } ?? Point(0.5, 0.5)
        let padding = fields.read(&self, "padding") { d, v, p in d.padding(v, p) } ?? Array(repeating: .constant(0), count: 4)
        guard fields.ok else { return nil }
        return StackNode(axis: axis, children: children, spacing: spacing, alignment: alignment, padding: padding)
    }

    /// A stack places its children: a `position` among them (or in a
    /// `forEach`'s content) is refused where it is written.
    private mutating func refusePositions(_ v: JSONValue, _ path: JSONPath) {
        guard case .array(let items) = v.kind else { return }
        for (i, item) in items.enumerated() {
            if Self.isForEach(item), let content = item["content"] {
                if case .array = content.kind { refusePositions(content, path.index(i).key("content")) }
                else { refusePositions(JSONValue(kind: .array([content]), location: content.location), path.index(i).key("content")) }
            } else if case .object(let members) = item.kind, let m = members.first(where: { $0.key == "position" }) {
                report(m.keyLocation, path.index(i).key("position"), "a stack places its children; move this one with \"offset\", or wrap the stack's child in a group")
            }
        }
    }

    /// One number for every side, or [top, leading, bottom, trailing].
    private mutating func padding(_ v: JSONValue, _ path: JSONPath) -> [Animated<Double>]? {
        if case .array(let items) = v.kind {
            guard items.count == 4 else { expected("a number or [top, leading, bottom, trailing]", v, path); return nil }
            let sides = items.enumerated().map { animatedNumber($1, path.index($0), atLeast: 0) }
            return sides.contains { $0 == nil } ? nil : sides.map { $0! }
        }
        return animatedNumber(v, path, atLeast: 0).map { Array(repeating: $0, count: 4) }
    }

    /// `items`: `use` nodes, each shown for its duration, with transitions
    /// between neighbours, which overlap them.
    mutating func sequence(_ fields: inout Fields) -> SequenceNode? {
        let f = fields.object, path = fields.path
        let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
            ?? .constant(sceneSize.width, sceneSize.height)
        guard let list = f["items"] else {
            report(f.value.location, path, "missing required key \"items\" (use nodes, with transitions between them)")
            return nil
        }
        let p = path.key("items")
        guard case .array(let entries) = list.kind, !entries.isEmpty else { expected("a non-empty array of use nodes and transitions", list, p); return nil }
        var items: [Node] = [], transitions: [Transition?] = []
        var pending: (Transition, JSONValue)?
        // `incoming`: the transition into the last item so far, which
        // shares its length with the one out of it.
        var start = 0.0, incoming = 0.0, ok = true
        for (i, entry) in entries.enumerated() {
            if entry["transition"] != nil {
                guard let t = transition(entry, p.index(i)) else { ok = false; continue }
                if items.isEmpty || pending != nil {
                    report(entry.location, p.index(i), "a transition goes between two items")
                    ok = false
                    continue
                }
                pending = (t, entry)
                continue
            }
            guard case .string("use")? = entry["type"]?.kind else {
                report(entry.location, p.index(i), "expected a use node or a transition (an object with \"transition\"), found \(entry.summary)")
                ok = false
                continue
            }
            if let begin = entry["begin"] {
                report(begin.location, p.index(i).key("begin"), "a sequence starts its items itself; \"begin\" is not taken here")
                ok = false
                continue
            }
            guard var node = node(entry, p.index(i)), case .timed(var content) = node.kind else { ok = false; continue }
            guard let length = content.clock.shownFor else {
                report(entry.location, p.index(i), "an item of a sequence needs a length: give the use a \"duration\", or its component one")
                ok = false
                continue
            }
            if let (t, json) = pending {
                let free = min(length, lengthOf(items[items.count - 1]) - incoming)
                if t.duration > free {
                    report(json.location, p.index(i - 1).key("duration"), "a transition lasts at most as long as the items it joins, less their other transitions (\(JSONValue.format(free)) s here), found \(JSONValue.format(t.duration))")
                    ok = false
                }
                start -= t.duration
                transitions.append(t)
                incoming = t.duration
                pending = nil
            } else if !items.isEmpty {
                transitions.append(nil)
                incoming = 0
            }
            content.clock.begin = start
            content.clock.duration = length
            node.kind = .timed(content)
            items.append(node)
            start += length
        }
        if let (_, json) = pending {
            report(json.location, p.index(entries.count - 1), "a transition goes between two items")
            ok = false
        }
        guard ok, fields.ok else { return nil }
        return SequenceNode(items: items, transitions: transitions, size: size)
    }

    private func lengthOf(_ node: Node) -> Double {
        if case .timed(let content) = node.kind { return content.clock.duration ?? 0 }
        return 0
    }

    /// `{"transition": kind, "duration": s, "edge": side, "curve": curve}`.
    private mutating func transition(_ v: JSONValue, _ path: JSONPath) -> Transition? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.transition, into: &self)
        var fields = Fields(f, path)
        let kind = fields.read(&self, "transition") { d, v, p in d.word(v, p, as: Transition.Kind.self) }
        let duration = required(f, "duration", path) { d, v, p in d.number(v, p, greaterThan: 0) }
        let edge = fields.read(&self, "edge") { d, v, p in d.word(v, p, as: Transition.Edge.self) } ?? .trailing
        let curve = fields.read(&self, "curve") { d, v, p in d.curve(v, p, springs: false) } ?? .easeInOut
        guard fields.ok, let kind, let duration else { return nil }
        return Transition(kind: kind, duration: duration, edge: edge, curve: curve)
    }

    /// Core Animation's replicator, by its property names.
    mutating func replicator(_ fields: inout Fields) -> ReplicatorNode? {
        let children = fields.read(&self, "children") { d, v, p in d.nodes(v, p) } ?? []
        let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
        let count = fields.read(&self, "instanceCount") { d, v, p in
            d.animatedNumber(v, p, atLeast: 0, atMost: Double(Self.maxInstances))
        } ?? .constant(1)
        let step = fields.read(&self, "instanceTransform") { d, v, p in d.instanceTransform(v, p) } ?? Placement()
        let delay = fields.read(&self, "instanceDelay") { d, v, p in d.number(v, p) } ?? 0
        let color = fields.read(&self, "instanceColor") { d, v, p in d.animatedColor(v, p) }
        let offsets = ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"].map {
            fields.read(&self, $0) { d, v, p in d.number(v, p) } ?? 0
        }
        guard fields.ok else { return nil }
        return ReplicatorNode(children: children, size: size, count: count, step: step, delay: delay, color: color, colorOffsets: offsets)
    }

    /// `{"offset": [x, y], "rotation": degrees, "scale": s or [sx, sy]}`,
    /// about the replicator's centre.
    private mutating func instanceTransform(_ v: JSONValue, _ path: JSONPath) -> Placement? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.instanceTransform, into: &self)
        var fields = Fields(f, path)
        var step = Placement()
        step.offset = fields.read(&self, "offset") { d, v, p in d.animatedPair(v, p) }
        step.rotation = fields.read(&self, "rotation") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        step.scale = fields.read(&self, "scale") { d, v, p in d.animatedScale(v, p) } ?? .constant(1, 1)
        return fields.ok ? step : nil
    }
}
