import SceneModel

/// The nodes a paint draws: its paths joined into one outline (a `path`
/// with one subpath each). A moving outline is a morph (keyframed path
/// data); one that cannot morph, or a gradient that moves or is laid out in
/// the moving outline's bounds, is written out once per frame of its
/// movement, each copy shown for that frame.
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
        var paint = paint
        if geometry.contains(where: \.excluded) { paint.evenOdd = true }
        if let cut = geometry.lazy.compactMap(\.cut).first {
            let kept = geometry.filter { $0.cut == nil }
            let cutters = geometry.filter { $0.cut != nil }.map { g -> LottieGeometry in
                var g = g
                g.cut = nil
                return g
            }
            guard let node = paintedOutline(paint, kept, time, path) else { return nil }
            let white = LottiePaint(ink: .color(LottieProperty(constant: [1, 1, 1])), opacity: nil)
            guard let mask = paintedOutline(white, cutters, time, path) else { return cut == .subtract ? node : nil }
            return node.with("mask", mask).with("maskMode", .string(cut == .subtract ? "invertedAlpha" : "alpha"))
        }
        let trim = geometry.lazy.compactMap(\.trim).first
        if let trim, !trim.isCopy {
            let shifts = trim.shifts ?? Array(0..<LottieTrim.maxCopies)
            if shifts != [0] {
                let copies = shifts.compactMap { k -> SceneJSON? in
                    let shifted = geometry.map { g -> LottieGeometry in
                        var g = g
                        g.trim?.shift = k
                        g.trim?.isCopy = true
                        return g
                    }
                    return paintedOutline(paint, shifted, time, path)
                }
                return copies.isEmpty ? nil : .object([("type", .string("group")), ("children", .array(copies))])
            }
        }
        // Trimmed simultaneously, each path keeps its own part: a `shape` of
        // one `path` per item, each trimmed; else one `path` trimmed as a whole.
        let eachTrimmed = trim.map { !$0.oneAfterAnother } == true && geometry.count > 1
        func outline(at frame: Double, d: [SceneJSON]? = nil) -> [(String, SceneJSON)]? {
            let paths = geometry.compactMap { $0.bezier(at: frame) }.filter { !$0.v.isEmpty }
            guard !paths.isEmpty else { return nil }
            let boxes = paths.compactMap(\.bounds)
            let bounds = boxes.dropFirst().reduce(boxes[0]) {
                (min($0.minX, $1.minX), min($0.minY, $1.minY), max($0.maxX, $1.maxX), max($0.maxY, $1.maxY))
            }
            let trimKeys = trim.map { [("trim", $0.scene(time))] } ?? []
            guard eachTrimmed else {
                return [("type", .string("path")), ("d", d?.first ?? .string(paths.map(\.d).joined(separator: " ")))]
                    + paint.keys(time, bounds: bounds, frame: frame) + trimKeys
            }
            let parts = (d ?? paths.map { .string($0.d) }).map { SceneJSON.object([("type", .string("path")), ("d", $0)] + trimKeys) }
            return [("type", .string("shape")), ("shapes", .array(parts))] + paint.keys(time, bounds: bounds, frame: frame)
        }
        /// The outline's path data as morphs: one for all the paths, or one each when trimmed each.
        func morphs(keyedBy keys: LottieProperty?) -> [SceneJSON]? {
            guard eachTrimmed else { return Self.morph(geometry, time, keyedBy: keys).map { [$0] } }
            let each = geometry.compactMap { Self.morph([$0], time, keyedBy: keys) }
            return each.count == geometry.count ? each : nil
        }
        let spans = geometry.compactMap(\.span) + (paint.span.map { [$0] } ?? [])
        guard let moving = LottieProperty.wholeFrames(over: spans, limit: Self.maxSampledFrames) else { return outline(at: 0).map { .object($0) } }
        if paint.isLaidOutInBounds == false, let d = morphs(keyedBy: LottieGeometry.sharedKeys(geometry)) {
            return outline(at: spans[0].lowerBound, d: d).map { .object($0) }
        }
        if moving.length > Self.maxSampledFrames {
            warning(nil, path, "a path moving over \(moving.length) frames is drawn for its first \(Self.maxSampledFrames) only")
        }
        let (lo, hi) = (moving.frames.lowerBound, moving.frames.upperBound)
        let perFrame = LottieProperty(keys: (lo...hi).map { LottieProperty.Key(frame: Double($0), value: []) })
        if paint.isLaidOutInBounds == false, let d = morphs(keyedBy: perFrame) {
            return outline(at: Double(lo), d: d).map { .object($0) }
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

    /// The outline as keyframed path data (a morph) at the times and with
    /// the easing of `keys`: every point then moves as Lottie moves it
    /// between those keys (an affine fold of a path commutes with
    /// interpolating its points), exact at every time when `keys` are the
    /// moving paths' own. Nil when the outlines' commands differ between
    /// keys (a vertex count that changes, a path that vanishes), which a
    /// morph cannot draw.
    private static func morph(_ geometry: [LottieGeometry], _ time: LottieTime, keyedBy keys: LottieProperty?) -> SceneJSON? {
        guard let keys else { return nil }
        var commands: [Int]?, alike = true
        let d = keys.keyframes(time, 0) { key in
            let paths = geometry.compactMap { $0.bezier(at: key.frame) }
            let shape = paths.map { $0.v.isEmpty ? 0 : $0.v.count * 2 + ($0.closed ? 1 : 0) }
            if commands == nil { commands = shape } else if commands != shape { alike = false }
            return .string(paths.map(\.d).joined(separator: " "))
        }
        return alike && commands?.contains(0) == false && commands?.isEmpty == false ? d : nil
    }
}
