import SceneModel

/// Precomp layers (a component and a `use` of it) and image layers (an
/// image asset).
extension LottieReader {
    /// `time` is the composition's (the remap's keyframes are in its
    /// frames), `own` the precomp's: its frame 0 at `st`, running 1/`sr` as fast.
    mutating func precompLayer(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ own: LottieTime, _ label: String) -> SceneJSON? {
        guard let ref = string(item["refId"], p.key("refId")) else { error(item, p, "\(label): missing required key \"refId\""); return nil }
        guard let (asset, ap) = assets[ref], asset["layers"] != nil else {
            warning(item["refId"], p.key("refId"), "\(label): no precomp asset has id \"\(ref)\"; the layer is not drawn"); return nil
        }
        if converting.contains(ref) {
            error(item["refId"], p.key("refId"), "\(label): precomp \"\(ref)\" contains itself (\((converting + [ref]).joined(separator: " → ")))")
            return nil
        }
        if !components.contains(where: { $0.0 == ref }) {
            converting.append(ref)
            parameters.append([])
            let inner = layers(asset["layers"], ap.key("layers"), LottieTime(fr: time.fr))
            converting.removeLast()
            let parameters = self.parameters.removeLast()
            componentParameters[ref] = parameters
            components.append((ref, .object((parameters.isEmpty ? [] : [("variables", Self.variables(parameters))]) + [("layers", .array(inner))])))
        }
        var keys: [(String, SceneJSON)] = [("type", .string("use")), ("component", .string(ref))]
        // The precomp's parameters are passed on from parameters of the
        // same names here, unless one here has another default.
        let passed = (componentParameters[ref] ?? []).filter { declare($0.0, $0.1) }
        if !passed.isEmpty { keys.append(("with", .object(passed.map { ($0.0, Self.passedOn($0.0, $0.1)) }))) }
        if let tm = vector(item["tm"], p.key("tm"), "\(label) time remap") {
            keys.append(("time", tm.scene(0, time)))
        } else {
            if own.seconds(0) != 0 { keys.append(("begin", .rounded(own.seconds(0)))) }
            if own.stretch != 1 { keys.append(("speed", .rounded(1 / own.stretch))) }
        }
        let w = number(item["w"], p.key("w")) ?? number(asset["w"], ap.key("w")), h = number(item["h"], p.key("h")) ?? number(asset["h"], ap.key("h"))
        if let w, let h { keys.append(("clip", .object([("type", .string("rect")), ("size", .point(max(w, 0), max(h, 0)))]))) }
        return .object(keys)
    }

    mutating func imageLayer(_ item: JSONValue, _ p: JSONPath, _ label: String) -> SceneJSON? {
        guard let ref = string(item["refId"], p.key("refId")) else { error(item, p, "\(label): missing required key \"refId\""); return nil }
        guard let (asset, ap) = assets[ref], let file = string(asset["p"], ap.key("p")) else {
            warning(item["refId"], p.key("refId"), "\(label): no image asset has id \"\(ref)\"; the layer is not drawn"); return nil
        }
        let embedded = file.hasPrefix("data:")
        let path = embedded ? file : (string(asset["u"], ap.key("u")) ?? "") + file
        if !images.contains(where: { $0.0 == ref }) {
            // Players draw the rest of the animation without a picture they
            // cannot load (lottie-ios, lottie-web, ThorVG), and a file's
            // images often travel separately from it: so does Reel, saying so.
            guard embedded || imageExists(path) else {
                warning(asset["p"], ap.key("p"), "\(label): image file \(path) not found; the layer is not drawn")
                return nil
            }
            images.append((ref, .string(path)))
        }
        var keys: [(String, SceneJSON)] = [("type", .string("image")), ("image", .string(ref))]
        if let w = number(asset["w"], ap.key("w")), let h = number(asset["h"], ap.key("h")), w > 0, h > 0 { keys.append(("size", .point(w, h))) }
        return .object(keys)
    }
}
