import Animation
import Geometry

/// Readers for gradient paints: SwiftUI's `LinearGradient`,
/// `RadialGradient`, `AngularGradient` and `EllipticalGradient`, each
/// `{"<kind>": {stops or colours, geometry}}` with geometry in unit points
/// of the node's bounds.
extension SceneDecoder {
    /// The paint object `f`, whose gradient is `member` (`linearGradient`,
    /// `radialGradient`, `angularGradient` or `ellipticalGradient`).
    mutating func gradientPaint(_ f: ObjectFields, _ member: JSONValue.Member, _ path: JSONPath) -> Paint? {
        let kinds: [String: (paint: FormatObject, gradient: FormatObject)] = [
            "linearGradient": (.linearGradientPaint, .linearGradient),
            "radialGradient": (.radialGradientPaint, .radialGradient),
            "angularGradient": (.angularGradientPaint, .angularGradient),
            "ellipticalGradient": (.ellipticalGradientPaint, .ellipticalGradient),
        ]
        guard let kind = kinds[member.key] else { return nil }
        f.checkKeys(kind.paint, into: &self)
        let p = path.key(member.key)
        guard let g = object(member.value, p) else { return nil }
        g.checkKeys(kind.gradient, into: &self)
        var fields = Fields(g, p)
        let stops = gradientStops(g, p)
        func readUnitPoint(_ d: inout SceneDecoder, _ key: String, _ otherwise: Point) -> Point {
            fields.read(&d, key) { d, v, p in d.unitPoint(v, p) } ?? otherwise
        }
        func readNumber(_ d: inout SceneDecoder, _ key: String, atLeast low: Double? = nil) -> Animated<Double>? {
            fields.read(&d, key) { d, v, p in d.animatedNumber(v, p, atLeast: low) }
        }
        let paint: Paint?
        switch kind.gradient {
        case .linearGradient:
            let start = readUnitPoint(&self, "start", Point(0.5, 0)), end = readUnitPoint(&self, "end", Point(0.5, 1))
            paint = stops.map { .linearGradient($0, start: start, end: end) }
        case .radialGradient:
            let center = readUnitPoint(&self, "center", Point(0.5, 0.5))
            let startRadius = readNumber(&self, "startRadius", atLeast: 0) ?? .constant(0)
            let endRadius = required(g, "endRadius", p) { d, v, p in d.animatedNumber(v, p, atLeast: 0) }
            let focus = fields.read(&self, "focus") { d, v, p in d.unitPoint(v, p) }
            paint = stops.flatMap { stops in
                endRadius.map { .radialGradient(stops, center: center, startRadius: startRadius, endRadius: $0, focus: focus) }
            }
        case .angularGradient:
            let center = readUnitPoint(&self, "center", Point(0.5, 0.5))
            let startAngle = readNumber(&self, "startAngle") ?? .constant(0), endAngle = readNumber(&self, "endAngle")
            paint = stops.map { .angularGradient($0, center: center, startAngle: startAngle, endAngle: endAngle) }
        default:
            // SwiftUI's defaults: from the centre out to the inscribed ellipse.
            let center = readUnitPoint(&self, "center", Point(0.5, 0.5))
            let start = readNumber(&self, "startRadiusFraction", atLeast: 0) ?? .constant(0)
            let end = readNumber(&self, "endRadiusFraction", atLeast: 0) ?? .constant(0.5)
            paint = stops.map { .ellipticalGradient($0, center: center, startRadiusFraction: start, endRadiusFraction: end) }
        }
        return fields.ok ? paint : nil
    }

    /// SwiftUI's `UnitPoint` by name or as [x, y].
    mutating func unitPoint(_ v: JSONValue, _ path: JSONPath) -> Point? {
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
    mutating func gradientStops(_ g: ObjectFields, _ path: JSONPath) -> GradientStops? {
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
}
