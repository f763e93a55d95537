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
        if let l = fields.read(&self, "levels", { d, v, p in d.levelsList(v, p) }) { filters.append(.levels(l)) }
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

extension SceneDecoder {
    /// One `{"channels", "inputBlack", …}` or a list of them, applied in order.
    mutating func levelsList(_ v: JSONValue, _ path: JSONPath) -> [Levels]? {
        guard case .array(let items) = v.kind else { return levels(v, path).map { [$0] } }
        guard !items.isEmpty else { expected("a levels object or a non-empty array of them", v, path); return nil }
        let list = items.enumerated().map { levels($1, path.index($0)) }
        return list.contains { $0 == nil } ? nil : list.map { $0! }
    }

    private mutating func levels(_ v: JSONValue, _ path: JSONPath) -> Levels? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.levels, into: &self)
        var fields = Fields(f, path)
        let channels = fields.read(&self, "channels") { d, v, p in d.word(v, p, as: ColorChannels.self) } ?? .rgb
        func level(_ d: inout SceneDecoder, _ key: String, _ otherwise: Double, atLeast low: Double = 0) -> Animated<Double> {
            fields.read(&d, key) { d, v, p in d.animatedNumber(v, p, atLeast: low, atMost: low > 0 ? nil : 1) } ?? .constant(otherwise)
        }
        let inputBlack = level(&self, "inputBlack", 0), inputWhite = level(&self, "inputWhite", 1)
        let gamma = level(&self, "gamma", 1, atLeast: 0.01)
        let outputBlack = level(&self, "outputBlack", 0), outputWhite = level(&self, "outputWhite", 1)
        guard fields.ok else { return nil }
        return Levels(channels: channels, inputBlack: inputBlack, inputWhite: inputWhite, gamma: gamma,
                      outputBlack: outputBlack, outputWhite: outputWhite)
    }
}
