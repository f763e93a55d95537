import SceneModel

/// A composition's layers as nodes. Lottie lists layers top first, each
/// placed by its own transform and its parents' (transforms only, not
/// opacity); a layer with `tt` takes the layer above it (`td`, or the one
/// `tp` names) as its track matte.
extension LottieReader {
    /// The most layers one composition may have.
    static let maxLayers = 10_000

    mutating func layers(_ v: JSONValue?, _ path: JSONPath, _ time: LottieTime) -> [SceneJSON] {
        let items = array(v, path)
        guard items.count <= Self.maxLayers else {
            error(v, path, "\(items.count) layers in one composition; at most \(Self.maxLayers)")
            return []
        }
        var byIndex: [Int: (JSONValue, JSONPath)] = [:]
        for (i, item) in items.enumerated() {
            if let ind = number(item["ind"], path.index(i).key("ind")) { byIndex[Int(ind)] = (item, path.index(i)) }
        }
        var out: [SceneJSON] = []
        for (i, item) in items.enumerated().reversed() {
            let p = path.index(i)
            guard isObject(item) else { error(item, p, "expected a layer object, found \(item.summary)"); continue }
            if number(item["td"], p.key("td")) == 1 || number(item["hd"], p.key("hd")) == 1 { continue }
            guard var node = layer(item, p, time, byIndex) else { continue }
            if let tt = number(item["tt"], p.key("tt")), tt != 0 {
                let modes = [1: "alpha", 2: "invertedAlpha", 3: "luminance", 4: "invertedLuminance"]
                guard let mode = modes[Int(tt)] else { error(item["tt"], p.key("tt"), "track matte mode \(JSONValue.format(tt)) is not one of 1…4"); continue }
                let source: (JSONValue, JSONPath)?
                if let tp = number(item["tp"], p.key("tp")) { source = byIndex[Int(tp)] } else { source = i > 0 ? (items[i - 1], path.index(i - 1)) : nil }
                guard let (matteItem, matteP) = source else { error(item["tt"], p.key("tt"), "the track matte layer is missing"); continue }
                if number(matteItem["tt"], matteP.key("tt")).map({ $0 != 0 }) == true {
                    warning(matteItem["tt"], matteP.key("tt"), "a track matte with a track matte of its own is not supported yet; its own matte is ignored")
                }
                guard let matte = layer(matteItem, matteP, time, byIndex) else { continue }
                let id = "matte \(matteP)"
                out.append(matte.with("id", .string(id)))
                node = node.with("matte", .object([("node", .string(id)), ("mode", .string(mode))]))
            }
            out.append(node)
        }
        return out
    }

    /// One layer: its content in its own coordinates, masked, inside its
    /// transform and its parents', shown between its in and out points.
    private mutating func layer(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ byIndex: [Int: (JSONValue, JSONPath)]) -> SceneJSON? {
        let name = string(item["nm"], p.key("nm"))
        let ty = Int(number(item["ty"], p.key("ty")) ?? -1)
        let label = "layer \"\(name ?? "")\" (ty \(ty))"
        let st = number(item["st"], p.key("st")) ?? 0
        var sr = number(item["sr"], p.key("sr")) ?? 1
        if sr <= 0 { error(item["sr"], p.key("sr"), "\(label): a time stretch of \(JSONValue.format(sr)) is not supported"); sr = 1 }
        // Keyframes are in the composition's frames whatever the layer's
        // start time; `st` and `sr` set when and how fast a precomp's own
        // time runs.
        var content: [SceneJSON]
        switch ty {
        case 0: content = precompLayer(item, p, time, time.layer(start: st, stretch: sr), label).map { [$0] } ?? []
        case 1:
            let w = number(item["sw"], p.key("sw")) ?? 0, h = number(item["sh"], p.key("sh")) ?? 0
            // A solid named as a parameter can be reads its colour from one.
            var fill = SceneJSON.string(string(item["sc"], p.key("sc")) ?? "#000000")
            if let name = string(item["nm"], p.key("nm")), declare(name, fill) { fill = .object([("expr", .string(name))]) }
            content = [.object([("type", .string("rect")), ("size", .point(max(w, 0), max(h, 0))), ("fill", fill)])]
        case 2: content = imageLayer(item, p, label).map { [$0] } ?? []
        case 3: return nil
        case 4:
            var nextID = 0
            content = shapeGroup(array(item["shapes"], p.key("shapes")), p.key("shapes"), time, nextID: &nextID).draws
        case 5: content = textLayer(item, p, time, label).map { [$0] } ?? []
        default:
            error(item["ty"], p.key("ty"), "\(label): layer type \(ty) is not supported yet")
            return nil
        }
        let threeD = number(item["ddd"], p.key("ddd")) == 1
        if threeD {
            warning(item["ddd"], p.key("ddd"), "\(label): a 3D layer is drawn without depth: its x and y rotations turn it as seen from the front, without perspective; z positions, orientation and cameras are ignored")
        }
        if let masks = item["masksProperties"], let mask = mask(masks, p.key("masksProperties"), time, label) {
            content = [.object([("type", .string("group")), ("children", .array(content))] + mask)]
        }
        let effects = layerEffects(item, p, time, label, content: &content)
        var placement = transform(item["ks"], p.key("ks"), label, threeD: threeD)
        if number(item["ao"], p.key("ao")) == 1 { placement = placement.autoOriented() }
        var node = placement.node(content, time, id: name, opacity: true)
        for (key, value) in effects { node = node.with(key, value) }
        var seen: Set<Int> = []
        var parent = number(item["parent"], p.key("parent")).map { Int($0) }
        while let ind = parent {
            guard seen.insert(ind).inserted, seen.count <= 100 else { error(item["parent"], p.key("parent"), "\(label): its parents form a cycle"); return nil }
            guard let (ancestor, ap) = byIndex[ind] else {
                warning(item["parent"], p.key("parent"), "\(label): no layer has index \(ind); the layer is drawn without that parent")
                break
            }
            node = transform(ancestor["ks"], ap.key("ks"), "layer \"\(string(ancestor["nm"], ap.key("nm")) ?? "")\"",
                             threeD: number(ancestor["ddd"], ap.key("ddd")) == 1).node([node], time, id: nil, opacity: false)
            parent = number(ancestor["parent"], ap.key("parent")).map { Int($0) }
        }
        let ip = number(item["ip"], p.key("ip")) ?? -1e9, op = number(item["op"], p.key("op")) ?? 1e9
        func floored(_ x: Double) -> String { JSONValue.format((x * 1e6).rounded(.down) / 1e6) }
        node = node.with("visible", .object([("expr", .string("t >= \(floored(time.compositionSeconds(ip))) && t < \(floored(time.compositionSeconds(op)))"))]))
        let blends = [1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten", 6: "colorDodge", 7: "colorBurn",
                      8: "hardLight", 9: "softLight", 10: "difference", 11: "exclusion", 12: "hue", 13: "saturation",
                      14: "color", 15: "luminosity", 16: "plusLighter"]
        if let bm = number(item["bm"], p.key("bm")), bm != 0 {
            if let blend = blends[Int(bm)] { node = node.with("blend", .string(blend)) } else { error(item["bm"], p.key("bm"), "\(label): blend mode \(JSONValue.format(bm)) is not supported yet") }
        }
        return node
    }
}
