import Animation
import Geometry

/// Readers for `emitter` nodes and their cells.
extension SceneDecoder {
    /// Keys an emitter node takes beyond the common node keys (`position`,
    /// `offset`, `rotation` and `scale` among them).
    static let emitterKeys: [String] = ["shape", "size", "depth", "zPosition", "mode", "birthRate", "lifetime", "velocity", "spin",
                                        "renderMode", "seed", "prewarm", "cells"]

    /// The keys of an emitter cell (CAEmitterCell's names, plus SpriteKit's sequences).
    static let emitterCellKeys: [String] = [
        "name", "contents", "contentsRect", "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange",
        "emissionLongitude", "emissionLatitude", "emissionRange", "xAcceleration", "yAcceleration", "zAcceleration",
        "scale", "scaleRange", "scaleSpeed",
        "spin", "spinRange", "alpha", "alphaRange", "alphaSpeed", "color", "redRange", "greenRange", "blueRange",
        "redSpeed", "greenSpeed", "blueSpeed", "beginTime", "duration", "alphaSequence", "scaleSequence",
        "colorSequence", "cells",
    ]

    /// The most particles all the emitters of a scene may keep alive at once.
    public static let maxLiveParticles = 1_000_000.0

    mutating func emitter(_ fields: inout Fields) -> EmitterNode? {
        var e = EmitterNode()
        e.shape = fields.read(&self, "shape") { d, v, p in d.word(v, p, as: EmitterShape.self) } ?? .point
        e.mode = fields.read(&self, "mode") { d, v, p in d.word(v, p, as: EmitterMode.self) } ?? .volume
        e.size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) } ?? .constant(0, 0)
        e.depth = fields.read(&self, "depth") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(0)
        e.zPosition = fields.read(&self, "zPosition") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        e.birthRate = fields.read(&self, "birthRate") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(1)
        e.lifetime = fields.read(&self, "lifetime") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(1)
        e.velocity = fields.read(&self, "velocity") { d, v, p in d.animatedNumber(v, p) } ?? .constant(1)
        e.spin = fields.read(&self, "spin") { d, v, p in d.animatedNumber(v, p) } ?? .constant(1)
        e.renderMode = fields.read(&self, "renderMode") { d, v, p in d.word(v, p, as: EmitterRenderMode.self) } ?? .unordered
        e.seed = fields.read(&self, "seed") { d, v, p in d.integer(v, p) } ?? 0
        e.prewarm = fields.read(&self, "prewarm") { d, v, p in d.number(v, p, atLeast: 0, atMost: Canvas.maxDuration) } ?? 0
        e.cells = fields.read(&self, "cells") { d, v, p in d.emitterCells(v, p) } ?? []
        if case .string(let id)? = fields.object["id"]?.kind {
            e.streamName = "#" + id
        } else {
            e.streamName = fields.path.description
        }
        if fields.ok, let bound = e.particleBound {
            let before = liveParticleBound
            liveParticleBound += bound
            if liveParticleBound > Self.maxLiveParticles {
                let others = before > 0 ? ", \(Self.grouped(liveParticleBound)) with the emitters before it" : ""
                report(fields.object.value.location, fields.path,
                       "this emitter could keep \(Self.grouped(bound)) particles alive at once (birth rate × lifetime, "
                       + "sub-cells multiplied)\(others); a scene may keep at most \(Self.grouped(Self.maxLiveParticles)): "
                       + "lower a birthRate or a lifetime")
                return nil
            }
        }
        return e
    }

    private mutating func emitterCells(_ v: JSONValue, _ path: JSONPath) -> [EmitterCell]? {
        guard case .array(let items) = v.kind else { expected("an array of emitter cells", v, path); return nil }
        let cells = items.enumerated().map { emitterCell($1, path.index($0)) }
        return cells.contains { $0 == nil } ? nil : cells.map { $0! }
    }

    private mutating func emitterCell(_ v: JSONValue, _ path: JSONPath) -> EmitterCell? {
        guard enterNesting(v, path) else { return nil }
        defer { leaveNesting() }
        guard let f = object(v, path) else { return nil }
        f.checkKeys(allowed: Self.emitterCellKeys, context: "an emitter cell", into: &self)
        var fields = Fields(f, path)
        var c = EmitterCell()
        func numberField(_ d: inout SceneDecoder, _ fields: inout Fields, _ key: String, _ def: Double,
                    atLeast min: Double? = nil, atMost max: Double? = nil) -> Animated<Double> {
            fields.read(&d, key) { d, v, p in d.animatedNumber(v, p, atLeast: min, atMost: max) } ?? .constant(def)
        }
        c.name = fields.read(&self, "name") { d, v, p in d.string(v, p) }
        c.contents = fields.read(&self, "contents") { d, v, p in d.particleContents(v, p) }
        c.contentsRect = fields.read(&self, "contentsRect") { d, v, p in d.unitRect(v, p) }
        c.birthRate = numberField(&self, &fields, "birthRate", 0, atLeast: 0)
        c.lifetime = numberField(&self, &fields, "lifetime", 0, atLeast: 0)
        c.lifetimeRange = numberField(&self, &fields, "lifetimeRange", 0)
        c.velocity = numberField(&self, &fields, "velocity", 0)
        c.velocityRange = numberField(&self, &fields, "velocityRange", 0)
        c.emissionLongitude = numberField(&self, &fields, "emissionLongitude", 0)
        c.emissionRange = numberField(&self, &fields, "emissionRange", 0)
        c.emissionLatitude = numberField(&self, &fields, "emissionLatitude", 0)
        c.xAcceleration = numberField(&self, &fields, "xAcceleration", 0)
        c.yAcceleration = numberField(&self, &fields, "yAcceleration", 0)
        c.zAcceleration = numberField(&self, &fields, "zAcceleration", 0)
        c.scale = numberField(&self, &fields, "scale", 1)
        c.scaleRange = numberField(&self, &fields, "scaleRange", 0)
        c.scaleSpeed = numberField(&self, &fields, "scaleSpeed", 0)
        c.spin = numberField(&self, &fields, "spin", 0)
        c.spinRange = numberField(&self, &fields, "spinRange", 0)
        c.alpha = numberField(&self, &fields, "alpha", 1, atLeast: 0, atMost: 1)
        c.alphaRange = numberField(&self, &fields, "alphaRange", 0)
        c.alphaSpeed = numberField(&self, &fields, "alphaSpeed", 0)
        c.color = fields.read(&self, "color") { d, v, p in d.animatedColor(v, p) } ?? .constant(.white)
        c.redRange = numberField(&self, &fields, "redRange", 0)
        c.greenRange = numberField(&self, &fields, "greenRange", 0)
        c.blueRange = numberField(&self, &fields, "blueRange", 0)
        c.redSpeed = numberField(&self, &fields, "redSpeed", 0)
        c.greenSpeed = numberField(&self, &fields, "greenSpeed", 0)
        c.blueSpeed = numberField(&self, &fields, "blueSpeed", 0)
        c.beginTime = fields.read(&self, "beginTime") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0
        c.duration = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) }
        c.alphaSequence = fields.read(&self, "alphaSequence") { d, v, p in
            d.sequence(v, p) { d, v, p in d.animatedNumber(v, p) }
        }
        c.scaleSequence = fields.read(&self, "scaleSequence") { d, v, p in
            d.sequence(v, p) { d, v, p in d.animatedNumber(v, p) }
        }
        c.colorSequence = fields.read(&self, "colorSequence") { d, v, p in
            d.sequence(v, p) { d, v, p in d.animatedColor(v, p) }
        }
        c.cells = fields.read(&self, "cells") { d, v, p in d.emitterCells(v, p) } ?? []
        return fields.ok ? c : nil
    }

    /// `{"image": name}` (an asset or a built-in image) or a shape node.
    private mutating func particleContents(_ v: JSONValue, _ path: JSONPath) -> ParticleContents? {
        let expectation = "{\"image\": name} or a shape node ({\"type\": \"circle\", …})"
        guard let f = object(v, path) else { return nil }
        if f.has("type") {
            guard let node = node(v, path) else { return nil }
            guard case .shape = node.kind else {
                report(v.location, path.key("type"), "expected particle contents \(expectation), found a node that is not a shape")
                return nil
            }
            return .shape(node)
        }
        guard f.has("image") else {
            report(v.location, path, "expected particle contents \(expectation)")
            return nil
        }
        f.checkKeys(allowed: ["image"], context: "particle contents", into: &self)
        return required(f, "image", path) { d, v, p in d.imageName(v, p) }.map { .image($0) }
    }

    /// `[x, y, w, h]` within the unit square, `w` and `h` above 0.
    private mutating func unitRect(_ v: JSONValue, _ path: JSONPath) -> Rect? {
        let expectation = "[x, y, width, height] in unit coordinates of the image (within 0…1, width and height above 0)"
        guard case .array(let items) = v.kind, items.count == 4 else { expected(expectation, v, path); return nil }
        var n: [Double] = []
        for item in items {
            guard case .number(let x) = item.kind else { expected(expectation, v, path); return nil }
            n.append(x)
        }
        guard n[0] >= 0, n[1] >= 0, n[2] > 0, n[3] > 0, n[0] + n[2] <= 1 + 1e-9, n[1] + n[3] <= 1 + 1e-9 else {
            expected(expectation, v, path)
            return nil
        }
        return Rect(minX: n[0], minY: n[1], maxX: n[0] + n[2], maxY: n[1] + n[3])
    }

    /// `{"keyframes": …}` over the particle's normalised age, 0…1.
    private mutating func sequence<T>(_ v: JSONValue, _ path: JSONPath,
                                      _ read: Reader<Animated<T>>) -> Keyframes<T>? {
        guard case .object(let members) = v.kind, let keys = members.first(where: { $0.key == "keyframes" }) else {
            expected("keyframes over the particle's normalised age ({\"keyframes\": [{\"t\": 0, \"value\": …}, …]})", v, path)
            return nil
        }
        guard let animated = read(&self, v, path), case .keyframes(let k) = animated else { return nil }
        if case .array(let items) = keys.value.kind {
            for (i, item) in items.enumerated() {
                guard case .object(let km) = item.kind, let t = km.first(where: { $0.key == "t" }),
                      case .number(let n) = t.value.kind, n > 1 else { continue }
                report(t.value.location, path.key("keyframes").index(i).key("t"),
                       "expected a normalised age from 0 to 1, found \(JSONValue.format(n))")
                return nil
            }
        }
        return k
    }

    /// 2500000 → "2,500,000" (rounded up to a whole number).
    static func grouped(_ value: Double) -> String {
        guard value.isFinite, value < 1e18 else { return "more than a billion billion" }
        var digits = String(Int(value.rounded(.up)))
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
