import Animation
import Geometry

/// Readers for a text node's `animators`.
extension SceneDecoder {
    /// Most animators one text takes: each is worked out for every character, every frame.
    static let maxTextAnimators = 64

    mutating func textAnimators(_ v: JSONValue, _ path: JSONPath) -> [TextAnimator]? {
        guard case .array(let items) = v.kind else { expected("an array of text animators", v, path); return nil }
        guard items.count <= Self.maxTextAnimators else {
            report(v.location, path, "at most \(Self.maxTextAnimators) text animators, found \(items.count)")
            return nil
        }
        let animators = items.enumerated().map { textAnimator($1, path.index($0)) }
        return animators.contains { $0 == nil } ? nil : animators.map { $0! }
    }

    private mutating func textAnimator(_ v: JSONValue, _ path: JSONPath) -> TextAnimator? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.textAnimator, into: &self)
        var fields = Fields(f, path)
        var animator = TextAnimator()
        animator.range = fields.read(&self, "range") { d, v, p in d.textRange(v, p) } ?? TextRange()
        animator.opacity = fields.read(&self, "opacity") { d, v, p in d.animatedNumber(v, p) }
        animator.color = fields.read(&self, "color") { d, v, p in d.animatedColor(v, p) }
        animator.strokeColor = fields.read(&self, "strokeColor") { d, v, p in d.animatedColor(v, p) }
        animator.offset = fields.read(&self, "offset") { d, v, p in d.animatedPair(v, p) }
        animator.scale = fields.read(&self, "scale") { d, v, p in d.animatedScale(v, p) }
        animator.rotation = fields.read(&self, "rotation") { d, v, p in d.animatedNumber(v, p) }
        animator.tracking = fields.read(&self, "tracking") { d, v, p in d.animatedNumber(v, p) }
        animator.anchor = fields.read(&self, "anchor") { d, v, p in d.animatedPair(v, p) }
        animator.skew = fields.read(&self, "skew") { d, v, p in d.animatedNumber(v, p) }
        animator.skewAxis = fields.read(&self, "skewAxis") { d, v, p in d.animatedNumber(v, p) }
        animator.strokeWidth = fields.read(&self, "strokeWidth") { d, v, p in d.animatedNumber(v, p) }
        animator.hue = fields.read(&self, "hue") { d, v, p in d.animatedNumber(v, p) }
        animator.saturation = fields.read(&self, "saturation") { d, v, p in d.animatedNumber(v, p) }
        animator.brightness = fields.read(&self, "brightness") { d, v, p in d.animatedNumber(v, p) }
        return fields.ok ? animator : nil
    }

    private mutating func textRange(_ v: JSONValue, _ path: JSONPath) -> TextRange? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.textRange, into: &self)
        var fields = Fields(f, path)
        var range = TextRange()
        func number(_ key: String, _ d: inout SceneDecoder, _ fields: inout Fields) -> Animated<Double>? {
            fields.read(&d, key) { d, v, p in d.animatedNumber(v, p) }
        }
        range.start = number("start", &self, &fields) ?? .constant(0)
        range.end = number("end", &self, &fields)
        range.offset = number("offset", &self, &fields) ?? .constant(0)
        range.units = fields.read(&self, "units") { d, v, p in d.word(v, p, as: TextRange.Units.self) } ?? .percent
        range.basedOn = fields.read(&self, "basedOn") { d, v, p in d.word(v, p, as: TextRange.Basis.self) } ?? .characters
        range.shape = fields.read(&self, "shape") { d, v, p in d.word(v, p, as: TextRange.Shape.self) } ?? .square
        range.easeHigh = number("easeHigh", &self, &fields) ?? .constant(0)
        range.easeLow = number("easeLow", &self, &fields) ?? .constant(0)
        range.amount = number("amount", &self, &fields) ?? .constant(1)
        range.smoothness = number("smoothness", &self, &fields) ?? .constant(1)
        range.mode = fields.read(&self, "mode") { d, v, p in d.word(v, p, as: TextRange.Mode.self) } ?? .add
        return fields.ok ? range : nil
    }
}
