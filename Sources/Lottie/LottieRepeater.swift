import Determinism
import SceneModel

/// Repeaters (`rp`): everything above the repeater in its group — what it
/// draws and the paths the paints below it see — is drawn once per copy,
/// copy n placed by the repeater's transform taken n + offset times.
extension LottieReader {
    /// The most copies a repeater draws.
    static let maxRepeaterCopies = 1000
    /// The most values (nodes, keys, numbers) and paths a repeater's copies
    /// may write together, so repeaters inside repeaters stay bounded.
    static let maxRepeatedSize = 200_000

    /// Copy n (amount k = n + offset) is moved by k × position, turned by
    /// k × rotation and scaled by scale^k about the anchor, at an opacity
    /// from the start opacity (first copy) to the end opacity (last);
    /// composite 1 puts each copy above the one before, 2 below. Animated
    /// values are read at their first key (a warning says so).
    mutating func repeater(_ item: JSONValue, _ p: JSONPath, _ name: String, _ time: LottieTime,
                           group: inout ShapeGroup, topFirst: inout [SceneJSON], nextID: inout Int) {
        let count = vector(item["c"], p.key("c"), "\(name) copies") ?? LottieProperty(constant: [1])
        let offset = vector(item["o"], p.key("o"), "\(name) offset") ?? LottieProperty(constant: [0])
        let tr = item["tr"]
        let t = transform(tr, p.key("tr"), name)
        let startOpacity = tr.flatMap { vector($0["so"], p.key("tr").key("so"), "\(name) start opacity") }
        let endOpacity = tr.flatMap { vector($0["eo"], p.key("tr").key("eo"), "\(name) end opacity") }
        let parts = [count, offset, t.anchor, t.position, t.positionX, t.positionY, t.scale, t.rotation, startOpacity, endOpacity]
        if parts.contains(where: { $0?.isAnimated == true }) {
            warning(item, p, "\(name): an animated repeater is not supported yet; its first values are used")
        }
        var copies = Int(max(min(count.first.first ?? 1, Double(Self.maxRepeaterCopies)), 0).rounded(.down))
        if (count.first.first ?? 1) > Double(Self.maxRepeaterCopies) {
            warning(item["c"], p.key("c"), "\(name): \(JSONValue.format(count.first.first ?? 1)) copies; at most \(Self.maxRepeaterCopies) are drawn")
            copies = Self.maxRepeaterCopies
        }
        let size = topFirst.reduce(group.geometry.count) { $0 + $1.size }
        if copies > 1, copies * size > Self.maxRepeatedSize {
            copies = max(1, Self.maxRepeatedSize / max(size, 1))
            warning(item["c"], p.key("c"), "\(name): its copies would write more than \(Self.maxRepeatedSize) values; \(copies) are drawn")
        }
        let a = t.anchor?.first ?? [0, 0]
        let position = t.positionX.map { [$0.first.first ?? 0, t.positionY?.first.first ?? 0] } ?? t.position?.first ?? [0, 0]
        let s = t.scale?.first ?? [100, 100]
        let so = startOpacity?.first.first ?? 100, eo = endOpacity?.first.first ?? 100
        func pair(_ v: [Double]) -> [Double] { [v.first ?? 0, v.count > 1 ? v[1] : v.first ?? 0] }
        let anchor = pair(a), step = pair(position), factor = pair(s).map { $0 / 100 }
        let placed = (0..<copies).map { n -> LottieTransform in
            let k = Double(n) + (offset.first.first ?? 0)
            var c = LottieTransform()
            c.anchor = LottieProperty(constant: anchor)
            c.position = LottieProperty(constant: [anchor[0] + step[0] * k, anchor[1] + step[1] * k])
            c.rotation = LottieProperty(constant: [(t.rotation?.first.first ?? 0) * k])
            c.scale = LottieProperty(constant: factor.map { 100 * DeterministicMath.pow($0, k) })
            c.opacity = LottieProperty(constant: [copies > 1 ? so + (eo - so) * Double(n) / Double(copies - 1) : so])
            return c
        }
        let drawn = Array(topFirst.reversed())
        let backToFront = number(item["m"], p.key("m")) == 2 ? Array(placed.reversed()) : placed
        topFirst = drawn.isEmpty ? [] : [.object([("type", .string("group")),
                                                   ("children", .array(backToFront.map { $0.node(drawn, time, id: nil, opacity: true) }))])]
        group.geometry = placed.flatMap { c -> [LottieGeometry] in
            nextID += 1
            let id = nextID
            return group.geometry.map { $0.through(c, id: id) }
        }
    }
}

private extension SceneJSON {
    /// How many values the tree holds.
    var size: Int {
        switch self {
        case .number, .string, .bool: return 1
        case .array(let items): return items.reduce(1) { $0 + $1.size }
        case .object(let members): return members.reduce(1) { $0 + $1.1.size }
        }
    }
}
