import SceneModel

/// An animatable Lottie property (`{"a": 0|1, "k": …}`): its keyframes, each
/// value a vector of numbers (a point, a colour, or a path's vertices
/// flattened), with After Effects' easing per dimension.
struct LottieProperty {
    struct Key {
        var frame: Double
        var value: [Double]
        /// The segment to the next key holds this key's value.
        var hold = false
        /// The easing of the segment to the next key, per dimension (the
        /// last one stands for the dimensions beyond it).
        var easing: [LottieEasing] = [.linear]
        /// A moving point's path to the next key: the out tangent of this
        /// key's point (`to`) and the in tangent of the next one's (`ti`).
        var spatial: (out: [Double], in: [Double])?
    }

    /// Whether a point moves along curves (spatial tangents) between keys.
    var isCurved: Bool { keys.contains { $0.spatial != nil } }

    var keys: [Key]

    var isAnimated: Bool { keys.count > 1 }
    var first: [Double] { keys[0].value }

    init(constant value: [Double]) { keys = [Key(frame: 0, value: value)] }
    init(keys: [Key]) { self.keys = keys }

    /// The value at `frame` (layer frames), eased as After Effects does;
    /// values of different lengths (paths of different vertex counts) hold.
    func value(at frame: Double) -> [Double] {
        guard let next = keys.firstIndex(where: { $0.frame > frame }) else { return keys[keys.count - 1].value }
        guard next > 0 else { return keys[0].value }
        let a = keys[next - 1], b = keys[next]
        guard !a.hold, a.value.count == b.value.count, b.frame > a.frame else { return a.value }
        let x = (frame - a.frame) / (b.frame - a.frame)
        if let spatial = a.spatial, a.value.count >= 2 {
            return Self.along(a.value, spatial.out, spatial.in, b.value, a.easing[0].curve.value(at: x))
        }
        return a.value.indices.map { d in
            let p = a.easing[min(d, a.easing.count - 1)].curve.value(at: x)
            return a.value[d] + (b.value[d] - a.value[d]) * p
        }
    }

    /// The point at fraction `p` of the length of the cubic from `a` to `b`
    /// with tangents `out` and `in` (After Effects moves a point along its
    /// path at the eased fraction of its length), measured on 64 chords.
    static func along(_ a: [Double], _ out: [Double], _ `in`: [Double], _ b: [Double], _ p: Double) -> [Double] {
        let c1 = [a[0] + out[0], a[1] + out[1]], c2 = [b[0] + `in`[0], b[1] + `in`[1]]
        func point(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let w = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return (w.0 * a[0] + w.1 * c1[0] + w.2 * c2[0] + w.3 * b[0], w.0 * a[1] + w.1 * c1[1] + w.2 * c2[1] + w.3 * b[1])
        }
        let n = 64
        var lengths = [0.0]
        var last = point(0)
        for k in 1...n {
            let q = point(Double(k) / Double(n))
            lengths.append(lengths[k - 1] + ((q.0 - last.0) * (q.0 - last.0) + (q.1 - last.1) * (q.1 - last.1)).squareRoot())
            last = q
        }
        let target = p * lengths[n]
        var k = 1
        while k < n && lengths[k] < target { k += 1 }
        let span = lengths[k] - lengths[k - 1]
        let t = (Double(k - 1) + (span > 0 ? (target - lengths[k - 1]) / span : 0)) / Double(n)
        let q = point(t)
        return [q.0, q.1] + a.dropFirst(2)
    }

    /// The frames at which the value changes, from the first key to the last.
    var span: ClosedRange<Double> { keys[0].frame...keys[keys.count - 1].frame }

    /// The most frames a value is written for as a key per frame.
    static let maxKeyedFrames = 5_000

    /// The whole frames that values moving over `spans` are written for as
    /// a key each: from the earliest start (rounded down) to the latest end
    /// (rounded up), at most `limit` after the start; `length` is the
    /// frames they move over before that cut. Nil when nothing moves.
    static func wholeFrames(over spans: [ClosedRange<Double>], limit: Int = maxKeyedFrames) -> (frames: ClosedRange<Int>, length: Int)? {
        guard let lo = spans.map(\.lowerBound).min(), let hi = spans.map(\.upperBound).max() else { return nil }
        let first = Int(lo.rounded(.down)), last = Int(hi.rounded(.up))
        return (first...min(last, first + limit), last - first)
    }

    /// The property with `f` applied to every value.
    func map(_ f: ([Double]) -> [Double]) -> LottieProperty {
        LottieProperty(keys: keys.map { var k = $0; k.value = f(k.value); return k })
    }
}

extension LottieReader {
    /// Reads a property; `decode` turns one value into numbers. An
    /// expression (`x`) is reported as a warning: the keyframed or static
    /// value under it is used.
    mutating func property(_ v: JSONValue?, _ path: JSONPath, _ name: String,
                           decode: (inout LottieReader, JSONValue, JSONPath) -> [Double]?) -> LottieProperty? {
        guard let v else { return nil }
        guard isObject(v) else {
            // Some exporters write a bare value.
            return decode(&self, v, path).map { LottieProperty(constant: $0) }
        }
        if v["x"] != nil {
            warning(v["x"], path.key("x"), "\(name): expression ignored (unsupported yet); its keyframed or static value is used")
        }
        guard let k = v["k"] else {
            error(v, path, "\(name): missing required key \"k\"")
            return nil
        }
        let kPath = path.key("k")
        if case .array(let items) = k.kind, let firstItem = items.first, firstItem["t"] != nil {
            return keyframes(items, kPath, name, decode: decode)
        }
        return decode(&self, k, kPath).map { LottieProperty(constant: $0) }
    }

    private mutating func keyframes(_ items: [JSONValue], _ path: JSONPath, _ name: String,
                                    decode: (inout LottieReader, JSONValue, JSONPath) -> [Double]?) -> LottieProperty? {
        var keys: [LottieProperty.Key] = []
        var previousEnd: [Double]?
        for (i, item) in items.enumerated() {
            let p = path.index(i)
            guard isObject(item), let t = required(item, "t", p) else {
                if !isObject(item) { error(item, p, "\(name): expected a keyframe object, found \(item.summary)") }
                return nil
            }
            var value: [Double]?
            if let s = item["s"] { value = decode(&self, s, p.key("s")) } else { value = previousEnd ?? keys.last?.value }
            guard let value else {
                if item["s"] == nil { error(item, p, "\(name): keyframe without a value (\"s\")") }
                return nil
            }
            if let last = keys.last, t < last.frame {
                error(item["t"], p.key("t"), "\(name): keyframes go back in time (\(JSONValue.format(t)) after \(JSONValue.format(last.frame)))")
                return nil
            }
            previousEnd = item["e"].flatMap { decode(&self, $0, p.key("e")) }
            var key = LottieProperty.Key(frame: t, value: value)
            key.hold = number(item["h"], p.key("h")) == 1
            key.easing = easing(item, p)
            if let to = numbers(item["to"], p.key("to")), let ti = numbers(item["ti"], p.key("ti")),
               to.count >= 2, ti.count >= 2, (to + ti).contains(where: { $0 != 0 }) {
                key.spatial = (to, ti)
            }
            keys.append(key)
        }
        guard !keys.isEmpty else {
            error(nil, path, "\(name): no keyframes")
            return nil
        }
        return LottieProperty(keys: keys)
    }

    /// The per-dimension easing of a keyframe's outgoing segment: `o` is
    /// the first control point, `i` the second.
    private mutating func easing(_ key: JSONValue, _ path: JSONPath) -> [LottieEasing] {
        guard let o = key["o"], let i = key["i"] else { return [.linear] }
        let ox = numbers(o["x"], path.key("o").key("x")) ?? [0], oy = numbers(o["y"], path.key("o").key("y")) ?? [0]
        let ix = numbers(i["x"], path.key("i").key("x")) ?? [1], iy = numbers(i["y"], path.key("i").key("y")) ?? [1]
        let n = max(ox.count, oy.count, ix.count, iy.count, 1)
        func at(_ a: [Double], _ d: Int, _ fallback: Double) -> Double { a.isEmpty ? fallback : a[min(d, a.count - 1)] }
        return (0..<n).map { d in
            LottieEasing(x1: at(ox, d, 0), y1: at(oy, d, 0), x2: at(ix, d, 1), y2: at(iy, d, 1))
        }
    }

    /// A number or vector property.
    mutating func vector(_ v: JSONValue?, _ path: JSONPath, _ name: String) -> LottieProperty? {
        property(v, path, name) { r, v, p in r.numbers(v, p) }
    }
}
