import SceneModel

/// The nodes a paint draws: its paths joined into one outline (a `path`
/// with one subpath each), a moving outline (or a moving gradient) written
/// out once per frame of its movement, each shown for that frame.
extension LottieReader {
    mutating func paintNodes(_ paint: LottiePaint, _ geometry: [LottieGeometry], _ time: LottieTime, _ path: JSONPath) -> [SceneJSON] {
        var clusters: [[LottieGeometry]] = []
        for g in geometry {
            if let i = clusters.firstIndex(where: { $0[0].wrappers.map(\.id) == g.wrappers.map(\.id) }) {
                clusters[i].append(g)
            } else {
                clusters.append([g])
            }
        }
        if clusters.count > 1 {
            warning(nil, path, "a paint of paths in groups that move separately is drawn once per group (overlaps may differ)")
        }
        return clusters.compactMap { cluster -> SceneJSON? in
            guard var node = paintedOutline(paint, cluster, time, path) else { return nil }
            for wrapper in cluster[0].wrappers.reversed() {
                node = wrapper.transform.node([node], time, id: nil, opacity: false)
            }
            return node
        }
    }

    private mutating func paintedOutline(_ paint: LottiePaint, _ geometry: [LottieGeometry], _ time: LottieTime, _ path: JSONPath) -> SceneJSON? {
        let trim = geometry.lazy.compactMap(\.trim).first
        func outline(at frame: Double) -> [(String, SceneJSON)]? {
            let paths = geometry.compactMap { $0.bezier(at: frame) }.filter { !$0.v.isEmpty }
            guard !paths.isEmpty else { return nil }
            let boxes = paths.compactMap(\.bounds)
            let bounds = boxes.dropFirst().reduce(boxes[0]) {
                (min($0.minX, $1.minX), min($0.minY, $1.minY), max($0.maxX, $1.maxX), max($0.maxY, $1.maxY))
            }
            return [("type", .string("path")), ("d", .string(paths.map(\.d).joined(separator: " ")))]
                + paint.keys(time, bounds: bounds, frame: frame) + (trim.map { [("trim", $0)] } ?? [])
        }
        let spans = geometry.compactMap(\.span) + (paint.span.map { [$0] } ?? [])
        guard let firstSpan = spans.first else { return outline(at: 0).map { .object($0) } }
        var lo = Int(firstSpan.lowerBound.rounded(.down)), hi = Int(firstSpan.upperBound.rounded(.up))
        for s in spans.dropFirst() {
            lo = min(lo, Int(s.lowerBound.rounded(.down)))
            hi = max(hi, Int(s.upperBound.rounded(.up)))
        }
        if hi - lo > Self.maxSampledFrames {
            warning(nil, path, "a path moving over \(hi - lo) frames is drawn for its first \(Self.maxSampledFrames) only")
            hi = lo + Self.maxSampledFrames
        }
        var frames: [SceneJSON] = []
        for f in lo...hi {
            guard var keys = outline(at: Double(f)) else { continue }
            var window: [String] = []
            if f > lo { window.append("t >= " + JSONValue.format((time.seconds(Double(f) - 0.5) * 1e6).rounded() / 1e6)) }
            if f < hi { window.append("t < " + JSONValue.format((time.seconds(Double(f) + 0.5) * 1e6).rounded() / 1e6)) }
            if !window.isEmpty { keys.insert(("visible", .object([("expr", .string(window.joined(separator: " && ")))])), at: 1) }
            frames.append(.object(keys))
        }
        guard !frames.isEmpty else { return nil }
        return .object([("type", .string("group")), ("children", .array(frames))])
    }
}
