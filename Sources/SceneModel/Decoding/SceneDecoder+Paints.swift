import Animation
import Geometry

/// Readers for paints, strokes and effects.
extension SceneDecoder {
    /// A colour, `{"linearGradient": …}`, `{"radialGradient": …}` or `{"image": …}`.
    mutating func paint(_ v: JSONValue, _ path: JSONPath) -> Paint? {
        guard case .object(let members) = v.kind,
              let kind = members.first(where: { ["linearGradient", "radialGradient", "image"].contains($0.key) }) else {
            return animatedColor(v, path).map { .color($0) }
        }
        guard let f = object(v, path) else { return nil }
        switch kind.key {
        case "image":
            f.checkKeys(.imagePaint, into: &self)
            var fields = Fields(f, path)
            let name = fields.read(&self, "image") { d, v, p in d.imageName(v, p) }
            // SwiftUI's ImagePaint repeats its image; `"tile": false` draws it once.
            let tile = fields.read(&self, "tile") { d, v, p in d.bool(v, p) } ?? true
            let scale = fields.read(&self, "scale") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 1
            guard fields.ok, let name else { return nil }
            return .image(name: name, tile: tile, scale: scale)
        case "linearGradient":
            f.checkKeys(.linearGradientPaint, into: &self)
            let p = path.key("linearGradient")
            guard let g = object(kind.value, p) else { return nil }
            g.checkKeys(.linearGradient, into: &self)
            var fields = Fields(g, p)
            let stops = gradientStops(g, p)
            let start = fields.read(&self, "start") { d, v, p in d.unitPoint(v, p) } ?? Point(0.5, 0)
            let end = fields.read(&self, "end") { d, v, p in d.unitPoint(v, p) } ?? Point(0.5, 1)
            guard fields.ok, let stops else { return nil }
            return .linearGradient(stops, start: start, end: end)
        default:
            f.checkKeys(.radialGradientPaint, into: &self)
            let p = path.key("radialGradient")
            guard let g = object(kind.value, p) else { return nil }
            g.checkKeys(.radialGradient, into: &self)
            var fields = Fields(g, p)
            let stops = gradientStops(g, p)
            let center = fields.read(&self, "center") { d, v, p in d.unitPoint(v, p) } ?? Point(0.5, 0.5)
            let startRadius = fields.read(&self, "startRadius") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(0)
            let endRadius = required(g, "endRadius", p) { d, v, p in d.animatedNumber(v, p, atLeast: 0) }
            guard fields.ok, let stops, let endRadius else { return nil }
            return .radialGradient(stops, center: center, startRadius: startRadius, endRadius: endRadius)
        }
    }

    /// SwiftUI's `UnitPoint` by name or as [x, y].
    private mutating func unitPoint(_ v: JSONValue, _ path: JSONPath) -> Point? {
        let names: [(String, Point)] = [("topLeading", Point(0, 0)), ("top", Point(0.5, 0)), ("topTrailing", Point(1, 0)),
                                        ("leading", Point(0, 0.5)), ("center", Point(0.5, 0.5)), ("trailing", Point(1, 0.5)),
                                        ("bottomLeading", Point(0, 1)), ("bottom", Point(0.5, 1)), ("bottomTrailing", Point(1, 1))]
        if case .string(let s) = v.kind {
            if let n = names.first(where: { $0.0 == s }) { return n.1 }
            var message = "expected [x, y] or a unit point name (\(names.map(\.0).joined(separator: ", "))), found \(v.summary)"
            if let m = NameSuggestion.closest(to: s, in: names.map(\.0)) { message += "; did you mean \"\(m)\"?" }
            report(v.location, path, message)
            return nil
        }
        return point(v, path)
    }

    /// `colors` (spread evenly) or `stops` ([[location, colour], …]).
    private mutating func gradientStops(_ g: ObjectFields, _ path: JSONPath) -> GradientStops? {
        switch (g["colors"], g["stops"]) {
        case let (colors?, nil):
            let p = path.key("colors")
            guard case .array(let items) = colors.kind, !items.isEmpty else { expected("a non-empty array of colours", colors, p); return nil }
            let cs = items.enumerated().map { animatedColor($1, p.index($0)) }
            guard !cs.contains(where: { $0 == nil }) else { return nil }
            let n = cs.count
            return GradientStops(stops: cs.enumerated().map { (n == 1 ? 0 : Double($0) / Double(n - 1), $1!) })
        case let (nil, stops?):
            let p = path.key("stops")
            guard case .array(let items) = stops.kind, !items.isEmpty else { expected("a non-empty array of [location, colour]", stops, p); return nil }
            var result: [(location: Double, color: Animated<Color>)] = []
            var ok = true
            for (i, item) in items.enumerated() {
                guard case .array(let pair) = item.kind, pair.count == 2 else {
                    expected("[location, colour]", item, p.index(i)); ok = false; continue
                }
                let location = number(pair[0], p.index(i).index(0), atLeast: 0, atMost: 1)
                let color = animatedColor(pair[1], p.index(i).index(1))
                guard let location, let color else { ok = false; continue }
                if let last = result.last, location < last.location {
                    report(pair[0].location, p.index(i).index(0), "stop locations must not decrease; found \(JSONValue.format(location)) after \(JSONValue.format(last.location))")
                    ok = false
                }
                result.append((location, color))
            }
            return ok ? GradientStops(stops: result) : nil
        case (nil, nil):
            report(g.value.location, path, "a gradient needs \"colors\" or \"stops\"")
            return nil
        default:
            report(g.value.location, path, "a gradient takes \"colors\" or \"stops\", not both")
            return nil
        }
    }

    /// `{"color" | paint keys, "width", "cap", "join", "miterLimit", "dash", "dashPhase"}`.
    mutating func stroke(_ v: JSONValue, _ path: JSONPath) -> Stroke? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.stroke, into: &self)
        var fields = Fields(f, path)
        let color = fields.read(&self, "color") { d, v, p in d.paint(v, p) }
        let paint = fields.read(&self, "paint") { d, v, p in d.paint(v, p) }
        if color != nil && paint != nil {
            report(f.value.location, path, "a stroke takes \"color\" or \"paint\", not both")
            fields.ok = false
        }
        var stroke = Stroke(paint: paint ?? color ?? .color(.constant(.black)))
        stroke.width = fields.read(&self, "width") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(1)
        stroke.cap = fields.read(&self, "cap") { d, v, p in d.word(v, p, as: LineCap.self) } ?? .butt
        stroke.join = fields.read(&self, "join") { d, v, p in d.word(v, p, as: LineJoin.self) } ?? .miter
        stroke.miterLimit = fields.read(&self, "miterLimit") { d, v, p in d.number(v, p, atLeast: 1) } ?? 10
        stroke.dash = fields.read(&self, "dash") { d, v, p in d.dashPattern(v, p) } ?? []
        stroke.dashPhase = fields.read(&self, "dashPhase") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        return fields.ok ? stroke : nil
    }

    private mutating func dashPattern(_ v: JSONValue, _ path: JSONPath) -> [Double]? {
        guard case .array(let items) = v.kind else { expected("an array of dash lengths", v, path); return nil }
        let lengths = items.enumerated().map { number($1, path.index($0), atLeast: 0) }
        return lengths.contains { $0 == nil } ? nil : lengths.map { $0! }
    }

    mutating func shadow(_ v: JSONValue, _ path: JSONPath) -> Shadow? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.shadow, into: &self)
        var fields = Fields(f, path)
        // SwiftUI's default shadow colour: black at 33 % opacity.
        let color = fields.read(&self, "color") { d, v, p in d.animatedColor(v, p) } ?? .constant(Color(r: 0, g: 0, b: 0, a: 0.33))
        let radius = fields.read(&self, "radius") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(0)
        let offset = fields.read(&self, "offset") { d, v, p in d.animatedPair(v, p) } ?? .constant(0, 0)
        return fields.ok ? Shadow(color: color, radius: radius, offset: offset) : nil
    }

    mutating func backdrop(_ v: JSONValue, _ path: JSONPath) -> Backdrop? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.backdrop, into: &self)
        var fields = Fields(f, path)
        let blur = fields.read(&self, "blur") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(0)
        let tint = fields.read(&self, "tint") { d, v, p in d.animatedColor(v, p) }
        return fields.ok ? Backdrop(blur: blur, tint: tint) : nil
    }

    /// The name of an image in `assets.images`, of a built-in image the scene
    /// does not redefine, or of an image parameter (its asset, or the image file it
    /// names, declared under its path).
    mutating func imageName(_ v: JSONValue, _ path: JSONPath) -> String? {
        guard let name = string(v, path) else { return nil }
        if case .image(let image)? = fixedParameter(name) {
            if assets.images[image] == nil && BuiltInImage(rawValue: image) == nil {
                let at = JSONPath.root.key("variables").key(name)
                assets.images[image] = AssetFile(path: image, location: v.location, jsonPath: at.description)
            }
            return image
        }
        guard assets.images[name] != nil || BuiltInImage(rawValue: name) != nil else {
            let known = assets.images.keys.sorted() + parameters.filter { $0.kind == .image }.map(\.name)
            var message = "no image named \"\(name)\" in assets.images"
            message += known.isEmpty ? " (the scene declares none)" : " (declared: \(known.joined(separator: ", ")))"
            if let m = NameSuggestion.closest(to: name, in: known) { message += "; did you mean \"\(m)\"?" }
            report(v.location, path, message)
            return nil
        }
        return name
    }
}
