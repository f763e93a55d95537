import Determinism
import SceneModel

/// A fill, stroke, gradient fill or gradient stroke item, written as the
/// paint keys of the shape node that draws the paths above it.
struct LottiePaint {
    enum Ink {
        case color(LottieProperty)
        /// `count` colour stops in `colors`; `radial` from `start` to `end`
        /// (the radius), else along them; points in the paths' coordinates.
        /// A radial one's `highlight` (percent of the radius) and `angle`
        /// (degrees from the start → end direction) place its focus.
        case gradient(radial: Bool, start: LottieProperty, end: LottieProperty, colors: LottieProperty, count: Int,
                      highlight: LottieProperty? = nil, angle: LottieProperty? = nil)
    }

    /// The layer frames over which a gradient moves (it is then drawn once
    /// per frame, as a moving path is).
    var span: ClosedRange<Double>? {
        guard case .gradient(_, let start, let end, let colors, _, let highlight, let angle) = ink else { return nil }
        let spans = ([start, end, colors] + [highlight, angle].compactMap { $0 }).filter(\.isAnimated).map(\.span)
        guard let first = spans.first else { return nil }
        return spans.dropFirst().reduce(first) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
    }

    /// Stops as [offset, colour]: `k` holds `count` colour stops [offset,
    /// r, g, b] followed by alpha stops [offset, alpha], which are read at
    /// the colour stops' offsets.
    static func stops(_ k: [Double], count n: Int) -> [(Double, SceneJSON)] {
        guard k.count >= 4 * n else { return [] }
        let alphas = stride(from: 4 * n, to: k.count - 1, by: 2).map { (k[$0], k[$0 + 1]) }
        func alpha(at t: Double) -> Double {
            guard let next = alphas.firstIndex(where: { $0.0 >= t }) else { return alphas.last?.1 ?? 1 }
            guard next > 0 else { return alphas[0].1 }
            let a = alphas[next - 1], b = alphas[next]
            return b.0 > a.0 ? a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0) : b.1
        }
        var stops: [(Double, SceneJSON)] = []
        for j in 0..<n {
            let t = min(max(k[4 * j], stops.last?.0 ?? 0), 1)
            stops.append((t, LottieProperty.color([k[4 * j + 1], k[4 * j + 2], k[4 * j + 3]], alpha: alpha(at: k[4 * j]))))
        }
        return stops
    }

    var ink: Ink

    /// Whether the paint depends on its outline's bounds (a gradient, in
    /// unit points of them), so a moving outline moves the paint too.
    var isLaidOutInBounds: Bool {
        if case .color = ink { return false }
        return true
    }

    var opacity: LottieProperty?
    /// A colour ink's paint when it reads a parameter (`LottieReader.colorParameter`).
    var parameter: SceneJSON?
    var evenOdd = false
    /// Stroke keys (width, cap, join…) when it strokes.
    var stroke: [(String, SceneJSON)]?

    /// The keys for a node whose outline has `bounds` (gradients are laid
    /// out in unit points of it).
    func keys(_ time: LottieTime, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?, frame: Double) -> [(String, SceneJSON)] {
        let paint: SceneJSON
        switch ink {
        case .color(let c): paint = parameter ?? c.sceneColor(time)
        case .gradient(let radial, let startValue, let endValue, let colors, let count, let highlight, let angle):
            let start = startValue.value(at: frame) + [0, 0], end = endValue.value(at: frame) + [0, 0]
            let stops = Self.stops(colors.value(at: frame), count: count)
            let b = bounds ?? (0, 0, 1, 1)
            func unit(_ p: [Double]) -> SceneJSON {
                let w = b.maxX - b.minX, h = b.maxY - b.minY
                return .point(w > 0 ? (p[0] - b.minX) / w : 0.5, h > 0 ? (p[1] - b.minY) / h : 0.5)
            }
            let stopList = SceneJSON.array(stops.map { .array([.rounded($0.0), $0.1]) })
            if radial {
                let r = ((end[0] - start[0]) * (end[0] - start[0]) + (end[1] - start[1]) * (end[1] - start[1])).squareRoot()
                var keys: [(String, SceneJSON)] = [("stops", stopList), ("center", unit(start)), ("startRadius", .number(0)), ("endRadius", .rounded(r))]
                if let focus = Self.focus(start, end, radius: r, highlight: highlight?.value(at: frame).first ?? 0,
                                          angle: angle?.value(at: frame).first ?? 0) {
                    keys.append(("focus", unit(focus)))
                }
                paint = .object([("radialGradient", .object(keys))])
            } else {
                paint = .object([("linearGradient", .object([("stops", stopList), ("start", unit(start)), ("end", unit(end))]))])
            }
        }
        var out: [(String, SceneJSON)] = []
        if let stroke {
            let colorKey = if case .color = ink { "color" } else { "paint" }
            out.append(("stroke", .object([(colorKey, paint)] + stroke)))
        } else {
            out.append(("fill", paint))
            if evenOdd { out.append(("fillRule", .string("evenodd"))) }
        }
        if let opacity, opacity.isAnimated || opacity.first.first != 100 {
            out.append(("opacity", opacity.scene(0, time) { min(max($0 / 100, 0), 1) }))
        }
        return out
    }
}

extension LottiePaint {
    /// A radial gradient's focus, as lottie-web places SVG's `fx`, `fy`: the
    /// highlight (percent, kept within ±99) of the radius from the start,
    /// turned `angle` degrees from the start → end direction; nil without a
    /// highlight.
    static func focus(_ start: [Double], _ end: [Double], radius: Double, highlight: Double, angle: Double) -> [Double]? {
        guard highlight != 0, radius > 0 else { return nil }
        let length = min(max(highlight / 100, -0.99), 0.99) * radius
        let direction = DeterministicMath.atan2Degrees(end[1] - start[1], end[0] - start[0])
        let turn = DeterministicMath.sinCos(degrees: direction + angle)
        return [start[0] + turn.cos * length, start[1] + turn.sin * length]
    }
}

extension LottieReader {
    /// Reads a `fl`, `st`, `gf` or `gs` item.
    mutating func paint(_ item: JSONValue, _ path: JSONPath, _ ty: String, _ time: LottieTime) -> LottiePaint? {
        let name = "shape \"\(string(item["nm"], path.key("nm")) ?? ty)\" (\(ty))"
        let ink: LottiePaint.Ink
        if ty == "fl" || ty == "st" {
            guard let c = vector(item["c"], path.key("c"), "\(name) colour") else {
                error(item, path, "\(name): missing required key \"c\""); return nil
            }
            ink = .color(c)
        } else {
            guard let g = gradient(item, path, name) else { return nil }
            ink = g
        }
        var paint = LottiePaint(ink: ink, opacity: vector(item["o"], path.key("o"), "\(name) opacity"))
        paint.evenOdd = number(item["r"], path.key("r")) == 2
        if case .color(let c) = ink { paint.parameter = colorParameter(string(item["nm"], path.key("nm")), c) }
        if ty == "st" || ty == "gs" {
            var keys: [(String, SceneJSON)] = []
            let width = vector(item["w"], path.key("w"), "\(name) width") ?? LottieProperty(constant: [1])
            keys.append(("width", width.scene(0, time) { max($0, 0) }))
            let caps = [1: "butt", 2: "round", 3: "square"], joins = [1: "miter", 2: "round", 3: "bevel"]
            if let cap = number(item["lc"], path.key("lc")).flatMap({ caps[Int($0)] }), cap != "butt" { keys.append(("cap", .string(cap))) }
            if let join = number(item["lj"], path.key("lj")).flatMap({ joins[Int($0)] }), join != "miter" { keys.append(("join", .string(join))) }
            if let ml = number(item["ml"], path.key("ml")), ml != 10 { keys.append(("miterLimit", .rounded(max(ml, 1)))) }
            // The offset (`n` "o") may move: the scene's `dashPhase` is animated; dash and gap lengths are not.
            var dash: [Double] = [], phase: LottieProperty?
            for (i, entry) in array(item["d"], path.key("d")).enumerated() {
                let p = path.key("d").index(i)
                guard let v = vector(entry["v"], p.key("v"), "\(name) dash") else { continue }
                if string(entry["n"], p.key("n")) == "o" { phase = v; continue }
                if v.isAnimated { warning(entry["v"], p.key("v"), "\(name): animated dash and gap lengths are not supported yet; the first value is used") }
                dash.append(max(v.first.first ?? 0, 0))
            }
            if !dash.isEmpty, dash.contains(where: { $0 > 0 }) {
                keys.append(("dash", .array(dash.map { .rounded($0) })))
                if let phase, phase.isAnimated || phase.first.first != 0 { keys.append(("dashPhase", phase.scene(0, time))) }
            }
            paint.stroke = keys
        }
        return paint
    }

    /// A gradient's ink (`g.p` stops in `g.k`, from `s` to `e`).
    private mutating func gradient(_ item: JSONValue, _ path: JSONPath, _ name: String) -> LottiePaint.Ink? {
        guard let g = item["g"], let count = number(g["p"], path.key("g").key("p")),
              let values = vector(g["k"], path.key("g").key("k"), "\(name) colours"),
              let start = vector(item["s"], path.key("s"), "\(name) start"),
              let end = vector(item["e"], path.key("e"), "\(name) end") else {
            error(item, path, "\(name): a gradient needs \"g\" (with \"p\" and \"k\"), \"s\" and \"e\"")
            return nil
        }
        let n = Int(max(0, min(count, 1000)))
        guard n > 0, values.keys.allSatisfy({ $0.value.count >= 4 * n }) else {
            error(g, path.key("g"), "\(name): \(n) colour stops need \(4 * n) numbers, found \(values.first.count)")
            return nil
        }
        let radial = number(item["t"], path.key("t")) == 2
        guard radial, let highlight = vector(item["h"], path.key("h"), "\(name) highlight") else {
            return .gradient(radial: radial, start: start, end: end, colors: values, count: n)
        }
        return .gradient(radial: true, start: start, end: end, colors: values, count: n, highlight: highlight,
                         angle: vector(item["a"], path.key("a"), "\(name) highlight angle"))
    }
}
