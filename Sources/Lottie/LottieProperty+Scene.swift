/// Properties written as scene values: a constant, or keyframes whose
/// curves carry After Effects' easing and holds.
extension LottieProperty {
    /// Dimension `d` (through `f`) as an animated number.
    func scene(_ d: Int, _ time: LottieTime, _ f: (Double) -> Double = { $0 }) -> SceneJSON {
        func value(_ k: Key) -> SceneJSON { .rounded(f(k.value.indices.contains(d) ? k.value[d] : k.value.last ?? 0)) }
        guard isAnimated else { return value(keys[0]) }
        return keyframes(time, d, value)
    }

    /// Dimensions `d` and `d + 1` as a pair of animated numbers. A point
    /// moving along curves is written as a key per frame (straight between).
    func scenePair(_ time: LottieTime, from d: Int = 0, _ f: (Double) -> Double = { $0 }) -> SceneJSON {
        guard isCurved else { return .array([scene(d, time, f), scene(d + 1, time, f)]) }
        let first = Int(keys[0].frame.rounded(.down)), last = Int(keys[keys.count - 1].frame.rounded(.up))
        let frames = (first...min(last, first + 5_000)).map(Double.init)
        let sampled = LottieProperty(keys: frames.map { Key(frame: $0, value: value(at: $0)) })
        return .array([sampled.scene(d, time, f), sampled.scene(d + 1, time, f)])
    }

    /// An RGB(A) colour (components 0…1, or 0…255 in old files), times `alpha`.
    func sceneColor(_ time: LottieTime) -> SceneJSON {
        guard isAnimated else { return Self.color(keys[0].value) }
        return keyframes(time, 0) { Self.color($0.value) }
    }

    static func color(_ c: [Double], alpha: Double = 1) -> SceneJSON {
        let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1
        func hex(_ x: Double) -> String {
            let b = Int((min(max(x, 0), 1) * 255).rounded())
            return (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
        let a = (c.count > 3 ? c[3] / scale : 1) * alpha
        let rgb = (0..<3).map { hex((c.indices.contains($0) ? c[$0] : 0) / scale) }.joined()
        return .string("#" + rgb + (hex(a) == "FF" ? "" : hex(a)))
    }

    /// Keys before the scene's time 0 are replaced by one at 0 holding the
    /// value there, the segment after it eased by the rest of its curve.
    func keyframes(_ time: LottieTime, _ d: Int, _ value: (Key) -> SceneJSON) -> SceneJSON {
        var keys = self.keys
        if let j = keys.firstIndex(where: { time.seconds($0.frame) >= 0 }) {
            if j > 0 {
                let before = keys[j - 1], zero = -time.start / time.stretch
                let x0 = (zero - before.frame) / (keys[j].frame - before.frame)
                let start = Key(frame: zero, value: self.value(at: zero), hold: before.hold, easing: before.easing.map { $0.after(x0) })
                keys = [start] + keys[j...]
            }
        } else {
            return value(keys[keys.count - 1])
        }
        guard keys.count > 1 else { return value(keys[0]) }
        var out: [SceneJSON] = []
        for (i, k) in keys.enumerated() {
            var key: [(String, SceneJSON)] = [("t", .rounded(time.seconds(k.frame))), ("value", value(k))]
            if i > 0 {
                let before = keys[i - 1]
                let e = before.easing[min(d, before.easing.count - 1)]
                if before.hold {
                    key.append(("curve", .string("hold")))
                } else if !e.isLinear {
                    key.append(("curve", .object([("cubicBezier", .array([
                        .rounded(min(max(e.x1, 0), 1)), .rounded(e.y1), .rounded(min(max(e.x2, 0), 1)), .rounded(e.y2)]))])))
                }
            }
            out.append(.object(key))
        }
        return .object([("keyframes", .array(out))])
    }
}
