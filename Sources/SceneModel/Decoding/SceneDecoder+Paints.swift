import Animation
import Geometry

/// Readers for paints, strokes and effects.
extension SceneDecoder {
    /// The keys that make an object a paint other than a colour.
    static let paintKinds = ["linearGradient", "radialGradient", "angularGradient", "ellipticalGradient", "image"]

    /// A colour, `{"linearGradient": …}`, `{"radialGradient": …}`,
    /// `{"angularGradient": …}`, `{"ellipticalGradient": …}` or `{"image": …}`.
    mutating func paint(_ v: JSONValue, _ path: JSONPath) -> Paint? {
        guard case .object(let members) = v.kind,
              let kind = members.first(where: { Self.paintKinds.contains($0.key) }) else {
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
        default:
            return gradientPaint(f, kind, path)
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
