import SceneModel

/// What the conversion has found wrong with the file so far: errors stop
/// the import, warnings name a difference from After Effects that the scene
/// still shows approximately. Both are located in the Lottie file.
struct LottieReader {
    let file: String
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    /// Whether an image file exists, by its path relative to the Lottie file.
    var imageExists: (String) -> Bool = { _ in true }
    /// Precomps and images of `assets`, by id.
    var assets: [String: (JSONValue, JSONPath)] = [:]
    /// The precomps converted so far (scene components), and those being converted.
    var components: [(String, SceneJSON)] = []
    var converting: [String] = []
    /// Image assets the layers used: scene asset name → file.
    var images: [(String, SceneJSON)] = []
    var frameRate = 30.0
    /// The animation's larger side: what covers any layer, several times over.
    var extent = 1.0
    /// Glyph outlines the file carries (`chars`), and its fonts by name → family and style.
    var glyphs: [(JSONValue, JSONPath)] = []
    var fontFamilies: [String: (family: String, style: String, ascent: Double?)] = [:]
    /// Finds the file of a font the file names; each asked for once.
    var font: (LottieFontRequest) -> LottieFont = { _ in .bundled }
    var fontsFound: [LottieFontRequest: LottieFont] = [:]
    /// Font files the text layers use: scene font name → file.
    var fonts: [(String, SceneJSON)] = []
    /// The parameters of each composition being converted (innermost
    /// last), and those of each converted precomp: name → declaration.
    var parameters: [[(String, SceneJSON)]] = [[]]
    var componentParameters: [String: [(String, SceneJSON)]] = [:]
    /// Fonts already reported missing, to say so once.
    var missingFonts: Set<String> = []

    mutating func error(_ v: JSONValue?, _ path: JSONPath, _ message: String) {
        errors.append(Diagnostic(file: file, location: v?.location, path: path.description, message: message))
    }

    mutating func warning(_ v: JSONValue?, _ path: JSONPath, _ message: String) {
        warnings.append(Diagnostic(file: file, location: v?.location, path: path.description, message: message))
    }

    /// `v` as a number; a wrong type is reported (a missing value is not).
    mutating func number(_ v: JSONValue?, _ path: JSONPath) -> Double? {
        guard let v else { return nil }
        switch v.kind {
        case .number(let n): return n
        case .bool(let b): return b ? 1 : 0
        default: error(v, path, "expected a number, found \(v.summary)"); return nil
        }
    }

    /// A required number.
    mutating func required(_ object: JSONValue, _ key: String, _ path: JSONPath) -> Double? {
        guard let v = object[key] else {
            error(object, path, "missing required key \"\(key)\"")
            return nil
        }
        return number(v, path.key(key))
    }

    mutating func string(_ v: JSONValue?, _ path: JSONPath) -> String? {
        guard let v else { return nil }
        guard case .string(let s) = v.kind else { error(v, path, "expected a string, found \(v.summary)"); return nil }
        return s
    }

    /// The items of an array; anything else is reported and reads as empty.
    mutating func array(_ v: JSONValue?, _ path: JSONPath) -> [JSONValue] {
        guard let v else { return [] }
        guard case .array(let items) = v.kind else { error(v, path, "expected an array, found \(v.summary)"); return [] }
        return items
    }

    /// The numbers of an array of numbers.
    mutating func numbers(_ v: JSONValue?, _ path: JSONPath) -> [Double]? {
        guard let v else { return nil }
        if case .number(let n) = v.kind { return [n] }
        guard case .array(let items) = v.kind else { error(v, path, "expected an array of numbers, found \(v.summary)"); return nil }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let n) = item.kind else { error(item, path.index(i), "expected a number, found \(item.summary)"); return nil }
            out.append(n)
        }
        return out
    }

    func isObject(_ v: JSONValue?) -> Bool {
        if case .object? = v?.kind { return true }
        return false
    }
}
