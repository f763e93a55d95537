import Animation
import Geometry

/// Readers for a node's colour filters (`ColorFilter`).
extension SceneDecoder {
    /// The node's colour filters, in the order they apply.
    mutating func colorFilters(_ fields: inout Fields) -> [ColorFilter] {
        var filters: [ColorFilter] = []
        func number(_ d: inout SceneDecoder, _ fields: inout Fields, _ key: String, atLeast low: Double? = nil,
                    atMost high: Double? = nil) -> Animated<Double>? {
            fields.read(&d, key) { d, v, p in d.animatedNumber(v, p, atLeast: low, atMost: high) }
        }
        if let v = number(&self, &fields, "hueRotation") { filters.append(.hueRotation(v)) }
        if let v = number(&self, &fields, "saturation", atLeast: 0) { filters.append(.saturation(v)) }
        if let v = number(&self, &fields, "brightness", atLeast: -1, atMost: 1) { filters.append(.brightness(v)) }
        if let v = number(&self, &fields, "contrast") { filters.append(.contrast(v)) }
        if let v = number(&self, &fields, "grayscale", atLeast: 0, atMost: 1) { filters.append(.grayscale(v)) }
        if let c = fields.read(&self, "colorMultiply", { d, v, p in d.animatedColor(v, p) }) { filters.append(.colorMultiply(c)) }
        if fields.read(&self, "colorInvert", { d, v, p in d.bool(v, p) }) == true { filters.append(.colorInvert) }
        if let m = fields.read(&self, "colorMap", { d, v, p in d.colorMap(v, p) }) { filters.append(.colorMap(m)) }
        return filters
    }
}

extension SceneDecoder {
    /// `{"colors" or "stops", "amount"}`: the stops as a gradient's.
    mutating func colorMap(_ v: JSONValue, _ path: JSONPath) -> ColorMap? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.colorMap, into: &self)
        let stops = gradientStops(f, path)
        var fields = Fields(f, path)
        let amount = fields.read(&self, "amount") { d, v, p in d.animatedNumber(v, p, atLeast: 0, atMost: 1) } ?? .constant(1)
        guard let stops, fields.ok else { return nil }
        return ColorMap(stops: stops, amount: amount)
    }
}
