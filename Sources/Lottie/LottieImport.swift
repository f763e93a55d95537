import Foundation
import SceneModel

/// Lottie (Bodymovin) animations as scenes: a Lottie file is converted to
/// scene JSON, which renders like any scene — so rendering the file and
/// rendering the scene `reel import lottie` writes are the same by
/// construction. Problems are located in the Lottie file.
public enum LottieImport {
    /// The keys every Lottie document has at its top level.
    public static let signature = ["v", "fr", "ip", "op", "w", "h", "layers"]

    /// Whether a parsed JSON document is a Lottie animation (by its top-level keys).
    public static func isLottie(_ root: JSONValue) -> Bool {
        guard case .object(let members) = root.kind else { return false }
        let keys = Set(members.map(\.key))
        return signature.allSatisfy(keys.contains)
    }

    /// Whether `bytes` hold a Lottie animation, judged from its top-level keys.
    public static func isLottie(_ bytes: [UInt8]) -> Bool {
        (try? JSONParser.parse(bytes)).map(isLottie) ?? false
    }

    /// The converted scene and the warnings about what it shows approximately.
    public struct Result: Sendable {
        public var scene: SceneJSON
        public var warnings: [Diagnostic]
    }

    /// Converts a Lottie document; image paths (relative to the Lottie file)
    /// are checked with `imageExists`, fonts the file names found by `font`,
    /// and both written through `imagePath`.
    public static func convert(_ root: JSONValue, file: String, imageExists: @escaping (String) -> Bool = { _ in true },
                               font: @escaping (LottieFontRequest) -> LottieFont = { _ in .bundled },
                               imagePath: (String) -> String = { $0 }) throws(SceneLoadError) -> Result {
        var r = LottieReader(file: file)
        r.imageExists = imageExists
        r.font = font
        let path = JSONPath.root
        let fr = r.required(root, "fr", path) ?? 30
        let ip = r.required(root, "ip", path) ?? 0
        let op = r.required(root, "op", path) ?? 1
        let w = r.required(root, "w", path) ?? 1
        let h = r.required(root, "h", path) ?? 1
        if !(fr > 0 && fr <= 240) { r.error(root["fr"], path.key("fr"), "a frame rate of \(JSONValue.format(fr)) fps; Reel renders 0 < fps ≤ 240") }
        for (key, side) in [("w", w), ("h", h)] where !(side >= 1 && side <= 16384) {
            r.error(root[key], path.key(key), "a \(key == "w" ? "width" : "height") of \(JSONValue.format(side)); it must be 1…16384")
        }
        let duration = (op - ip) / fr
        if fr > 0, !(duration > 0 && duration <= 3600) {
            r.error(root["op"], path.key("op"), "out point \(JSONValue.format(op)) and in point \(JSONValue.format(ip)) make \(JSONValue.format(duration)) s; it must be 0 < duration ≤ 3600")
        }
        if fr > 0, CanvasField.start.problem(ip / fr) != nil {
            r.error(root["ip"], path.key("ip"), "in point \(JSONValue.format(ip)) is at \(JSONValue.format(ip / fr)) s; it must be \(CanvasField.start.requirement)")
        }
        guard r.errors.isEmpty else { throw SceneLoadError(diagnostics: r.errors) }
        r.frameRate = fr
        r.extent = max(w, h)
        for (i, asset) in r.array(root["assets"], path.key("assets")).enumerated() {
            if let id = r.string(asset["id"], path.key("assets").index(i).key("id")) { r.assets[id] = (asset, path.key("assets").index(i)) }
        }
        for (i, glyph) in r.array(root["chars"], path.key("chars")).enumerated() { r.glyphs.append((glyph, path.key("chars").index(i))) }
        for (i, font) in r.array(root["fonts"]?["list"], path.key("fonts").key("list")).enumerated() {
            let fp = path.key("fonts").key("list").index(i)
            if let name = r.string(font["fName"], fp.key("fName")) {
                let family = (r.string(font["fFamily"], fp.key("fFamily")) ?? name).trimmingCharacters(in: .whitespaces)
                r.fontFamilies[name] = (family, r.string(font["fStyle"], fp.key("fStyle")) ?? "", r.number(font["ascent"], fp.key("ascent")))
            }
        }
        let layers = r.layers(root["layers"], path.key("layers"), LottieTime(fr: fr))
        guard r.errors.isEmpty else { throw SceneLoadError(diagnostics: r.errors) }
        var scene: [(String, SceneJSON)] = [
            ("version", .number(1)),
            ("canvas", .object([("width", .number(w)), ("height", .number(h)), ("fps", .number(fr)), ("duration", .rounded(duration))] + (ip == 0 ? [] : [("start", .rounded(ip / fr))]))),
        ]
        func files(_ named: [(String, SceneJSON)]) -> SceneJSON {
            .object(named.map { name, file -> (String, SceneJSON) in
                guard case .string(let f) = file else { return (name, file) }
                return (name, .string(imagePath(f)))
            })
        }
        let assets = [("images", r.images), ("fonts", r.fonts)].filter { !$0.1.isEmpty }.map { ($0.0, files($0.1)) }
        if !assets.isEmpty { scene.append(("assets", .object(assets))) }
        if !r.parameters[0].isEmpty { scene.append(("variables", LottieReader.variables(r.parameters[0]))) }
        if !r.components.isEmpty { scene.append(("components", .object(r.components))) }
        scene.append(("layers", .array(layers)))
        return Result(scene: .object(scene), warnings: r.warnings)
    }

    /// Converts Lottie file bytes (syntax errors located as for scenes).
    public static func convert(_ bytes: [UInt8], file: String, imageExists: @escaping (String) -> Bool = { _ in true },
                               font: @escaping (LottieFontRequest) -> LottieFont = { _ in .bundled },
                               imagePath: (String) -> String = { $0 }) throws(SceneLoadError) -> Result {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneLoadError(diagnostics: [Diagnostic(file: file, location: error.location, path: "$", message: error.message)])
        }
        return try convert(root, file: file, imageExists: imageExists, font: font, imagePath: imagePath)
    }
}
