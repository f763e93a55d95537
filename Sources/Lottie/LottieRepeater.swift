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
    /// composite 1 puts each copy above the one before, 2 below. When any of
    /// these moves, each copy's transform is a key per frame of the
    /// movement (exact at frames), and copies beyond the count at a frame
    /// are transparent then.
    mutating func repeater(_ item: JSONValue, _ p: JSONPath, _ name: String, _ time: LottieTime,
                           group: inout ShapeGroup, topFirst: inout [SceneJSON], nextID: inout Int) {
        let count = vector(item["c"], p.key("c"), "\(name) copies") ?? LottieProperty(constant: [1])
        let offset = vector(item["o"], p.key("o"), "\(name) offset") ?? LottieProperty(constant: [0])
        let tr = item["tr"]
        let t = transform(tr, p.key("tr"), name)
        let startOpacity = tr.flatMap { vector($0["so"], p.key("tr").key("so"), "\(name) start opacity") } ?? LottieProperty(constant: [100])
        let endOpacity = tr.flatMap { vector($0["eo"], p.key("tr").key("eo"), "\(name) end opacity") } ?? LottieProperty(constant: [100])
        let anchor = t.anchor ?? LottieProperty(constant: [0, 0]), scale = t.scale ?? LottieProperty(constant: [100, 100])
        let rotation = t.rotation ?? LottieProperty(constant: [0])
        let position = t.position ?? LottieProperty(constant: [0, 0])
        let parts = [count, offset, anchor, position, scale, rotation, startOpacity, endOpacity] + [t.positionX, t.positionY].compactMap { $0 }
        var frames = [0.0]
        if let moving = LottieProperty.wholeFrames(over: parts.filter(\.isAnimated).map(\.span), limit: Self.maxSampledFrames) {
            if moving.length > Self.maxSampledFrames {
                warning(item, p, "\(name): a repeater moving over \(moving.length) frames is drawn for its first \(Self.maxSampledFrames) only")
            }
            frames = moving.frames.map(Double.init)
        }
        func copiesAt(_ f: Double) -> Int {
            Int(max(min(count.value(at: f).first ?? 1, Double(Self.maxRepeaterCopies)), 0).rounded(.down))
        }
        let mostCopies = frames.map { count.value(at: $0).first ?? 1 }.max() ?? 1
        var copies = frames.map(copiesAt).max() ?? 0
        if mostCopies > Double(Self.maxRepeaterCopies) {
            warning(item["c"], p.key("c"), "\(name): \(JSONValue.format(mostCopies)) copies; at most \(Self.maxRepeaterCopies) are drawn")
        }
        let size = topFirst.reduce(group.geometry.count) { $0 + $1.size } + (frames.count > 1 ? 8 * frames.count : 0)
        if copies > 1, copies * size > Self.maxRepeatedSize {
            copies = max(1, Self.maxRepeatedSize / max(size, 1))
            warning(item["c"], p.key("c"), "\(name): its copies would write more than \(Self.maxRepeatedSize) values; \(copies) are drawn")
        }
        func pair(_ v: [Double]) -> [Double] { [v.first ?? 0, v.count > 1 ? v[1] : v.first ?? 0] }
        /// Copy n's anchor, position, rotation, scale and opacity at frame f.
        func copy(_ n: Int, at f: Double) -> [[Double]] {
            let a = pair(anchor.value(at: f)), k = Double(n) + (offset.value(at: f).first ?? 0)
            let step = t.positionX.map { [$0.value(at: f).first ?? 0, t.positionY?.value(at: f).first ?? 0] } ?? pair(position.value(at: f))
            let so = startOpacity.value(at: f).first ?? 100, eo = endOpacity.value(at: f).first ?? 100
            let shown = frames.count > 1 ? copiesAt(f) : copies
            let opacity = n >= shown ? 0 : shown > 1 ? so + (eo - so) * Double(n) / Double(shown - 1) : so
            return [a, [a[0] + step[0] * k, a[1] + step[1] * k], [(rotation.value(at: f).first ?? 0) * k],
                    pair(scale.value(at: f)).map { 100 * DeterministicMath.pow($0 / 100, k) }, [opacity]]
        }
        let placed = (0..<copies).map { n -> LottieTransform in
            let values = frames.map { copy(n, at: $0) }
            func property(_ i: Int) -> LottieProperty {
                frames.count == 1 ? LottieProperty(constant: values[0][i])
                    : LottieProperty(keys: zip(frames, values).map { LottieProperty.Key(frame: $0, value: $1[i]) })
            }
            var c = LottieTransform()
            c.anchor = property(0)
            c.position = property(1)
            c.rotation = property(2)
            c.scale = property(3)
            c.opacity = property(4)
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
