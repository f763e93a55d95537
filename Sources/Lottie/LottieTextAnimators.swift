import SceneModel

/// Text animators (`t.a`): each a range selector (`s`) and the properties
/// it changes (`a`), written as a text node's `animators` — After Effects'
/// range selector, character by character.
extension LottieReader {
    /// One animator as read: the scene's form but its tracking, which is
    /// in thousandths of an em of each document's size.
    struct TextAnimation {
        /// The scene animator's members but tracking.
        var members: [(String, SceneJSON)] = []
        var tracking: LottieProperty?

        /// The scene's animator for text of `size` (tracking is in thousandths of an em, as the document's `tr`).
        func scene(size: Double, _ time: LottieTime) -> SceneJSON {
            .object(members + (tracking.map { [("tracking", $0.scene(0, time) { $0 * size / 1000 })] } ?? []))
        }
    }

    /// The properties of `a` the scene's animators take, by Lottie key.
    private static let animatedProperties = ["o", "fc", "sc", "p", "s", "r", "t", "a", "sk", "sa", "sw", "fh", "fs", "fb"]
    /// The scene's names of After Effects' selector modes (`m` 1…6).
    private static let modes = ["add", "subtract", "intersect", "min", "max", "difference"]

    mutating func textAnimators(_ v: JSONValue?, _ path: JSONPath, _ time: LottieTime, _ label: String) -> [TextAnimation] {
        array(v, path).enumerated().compactMap { i, animator in
            let ap = path.index(i), sp = ap.key("s"), pp = ap.key("a")
            let selector = animator["s"]
            func property(_ key: String, _ what: String) -> LottieProperty? {
                vector(selector?[key], sp.key(key), "\(label) text selector \(what)")
            }
            func fixed(_ p: LottieProperty?, _ value: Double) -> Bool { p.map { !$0.isAnimated && $0.first.first == value } ?? true }
            let start = property("s", "start"), end = property("e", "end"), offset = property("o", "offset")
            let amount = property("a", "amount"), easeHigh = property("xe", "ease high"), easeLow = property("ne", "ease low")
            let smoothness = property("sm", "smoothness")
            let index = number(selector?["r"], sp.key("r")) == 2
            let basis = Int(number(selector?["b"], sp.key("b")) ?? 1), shape = Int(number(selector?["sh"], sp.key("sh")) ?? 1)
            let mode = Int(number(selector?["m"], sp.key("m")) ?? 1)
            if mode < 1 || mode > Self.modes.count {
                warning(selector?["m"], sp.key("m"), "\(label): a text selector's mode \(mode) is not one of 1…6; it is read as add")
            }
            if number(selector?["rn"], sp.key("rn")) == 1 {
                warning(selector?["rn"], sp.key("rn"), "\(label): a text selector's random order is not supported; characters are selected in order")
            }
            var range: [(String, SceneJSON)] = []
            if let start, !fixed(start, 0) { range.append(("start", start.scene(0, time))) }
            if let end { range.append(("end", end.scene(0, time))) }
            if let offset, !fixed(offset, 0) { range.append(("offset", offset.scene(0, time))) }
            if index { range.append(("units", .string("index"))) }
            let bases = ["characters", "charactersExcludingSpaces", "words", "lines"]
            if basis > 1 && basis <= bases.count { range.append(("basedOn", .string(bases[basis - 1]))) }
            let shapes = ["square", "rampUp", "rampDown", "triangle", "round", "smooth"]
            if shape > 1 && shape <= shapes.count { range.append(("shape", .string(shapes[shape - 1]))) }
            if let easeHigh, !fixed(easeHigh, 0) { range.append(("easeHigh", easeHigh.scene(0, time) { $0 / 100 })) }
            if let easeLow, !fixed(easeLow, 0) { range.append(("easeLow", easeLow.scene(0, time) { $0 / 100 })) }
            if let amount, !fixed(amount, 100) { range.append(("amount", amount.scene(0, time) { $0 / 100 })) }
            if let smoothness, !fixed(smoothness, 100), shape <= 1 { range.append(("smoothness", smoothness.scene(0, time) { $0 / 100 })) }
            if mode > 1 && mode <= Self.modes.count { range.append(("mode", .string(Self.modes[mode - 1]))) }

            var out = TextAnimation()
            var scene: [(String, SceneJSON)] = range.isEmpty ? [] : [("range", .object(range))]
            guard case .object(let members)? = animator["a"]?.kind else { return nil }
            let unsupported = members.map(\.key).filter { !Self.animatedProperties.contains($0) }
            if !unsupported.isEmpty {
                warning(animator["a"], pp, "\(label): a text animator's \(unsupported.joined(separator: ", ")) is not supported yet; the text is drawn without it")
            }
            if let o = vector(animator["a"]?["o"], pp.key("o"), "\(label) text opacity") {
                scene.append(("opacity", o.scene(0, time) { $0 / 100 }))
            }
            if let fc = vector(animator["a"]?["fc"], pp.key("fc"), "\(label) text fill") {
                scene.append(("color", fc.sceneColor(time)))
            }
            if let sc = vector(animator["a"]?["sc"], pp.key("sc"), "\(label) text stroke") {
                scene.append(("strokeColor", sc.sceneColor(time)))
            }
            if let p = vector(animator["a"]?["p"], pp.key("p"), "\(label) text position") {
                scene.append(("offset", p.scenePair(time)))
            }
            if let s = vector(animator["a"]?["s"], pp.key("s"), "\(label) text scale") { scene.append(("scale", s.scenePair(time) { $0 / 100 })) }
            if let r = vector(animator["a"]?["r"], pp.key("r"), "\(label) text rotation") { scene.append(("rotation", r.scene(0, time))) }
            if let a = vector(animator["a"]?["a"], pp.key("a"), "\(label) text anchor") { scene.append(("anchor", a.scenePair(time))) }
            let numbers: [(key: String, name: String, what: String, scale: Double)] = [
                ("sk", "skew", "skew", 1), ("sa", "skewAxis", "skew axis", 1), ("sw", "strokeWidth", "stroke width", 1),
                ("fh", "hue", "fill hue", 1), ("fs", "saturation", "fill saturation", 0.01), ("fb", "brightness", "fill brightness", 0.01),
            ]
            for n in numbers {
                if let v = vector(animator["a"]?[n.key], pp.key(n.key), "\(label) text \(n.what)") { scene.append((n.name, v.scene(0, time) { $0 * n.scale })) }
            }
            out.tracking = vector(animator["a"]?["t"], pp.key("t"), "\(label) text tracking")
            guard out.tracking != nil || scene.contains(where: { $0.0 != "range" }) else { return nil }
            out.members = scene
            return out
        }
    }
}
