import Foundation
import Geometry
import Locking

/// The fonts of a render: the bundled default family (Inter: regular,
/// semibold, bold), the bundled fallback for wider coverage (DejaVu Sans:
/// regular, bold), the scene's fonts and any installed fonts fallback
/// found, with their glyph outlines.
///
/// Build one per scene, before rendering, and share it between threads. It
/// is immutable after `init` except for the glyph-outline cache, which is
/// behind a lock; every FreeType call is serialised behind another. Layout
/// (`layout(_:style:)`) reads only immutable data and takes no lock.
public final class FontLibrary: Sendable {
    /// The name of the bundled family in `FontFailure`s.
    public static let defaultFontName = "default"
    /// Largest font file accepted, in bytes (CJK collections are about
    /// 20–30 MiB); a larger one is refused by its size, unread.
    public static let maxFileBytes = 64 << 20

    /// Every loaded face; `GlyphKey.face` indexes it.
    let faces: [FontFace]
    /// Scene font name → indices of its faces.
    let families: [String: [Int]]
    /// The bundled default faces (empty only if the bundle could not be read).
    let defaultFamily: [Int]
    /// The bundled fallback faces (DejaVu Sans: Arabic, Hebrew, Armenian,
    /// Georgian, symbols Inter lacks).
    let fallbackFamily: [Int]
    /// Installed faces fallback found, with the weight each was asked for.
    let systemFaces: [SystemFallback.Face]

    private let freeType: Locked<FreeTypeFaces>
    private let outlineCache = Locked<[GlyphKey: Path]>([:])
    private let colorCache = Locked<[GlyphKey: ColorGlyphImage?]>([:])

    /// Loads the bundled default faces and `fonts` (font name → path of a
    /// font file: a single face, or a collection whose faces form the family).
    /// Paths are used as given (the caller resolves them against the scene
    /// file). Throws every file that could not be loaded, in name order.
    ///
    /// `samples` are the texts a render will set: characters none of those
    /// fonts has (and emoji no colour font has) are looked up among the
    /// installed fonts through fontconfig (`SystemFallback`). Empty: no
    /// system font is used.
    public init(fonts: [String: String] = [:], systemFallbackFor samples: [TextSample] = []) throws(FontError) {
        var loader = FontLoader()
        func loadBundled(_ files: [String]) -> [Int] {
            files.flatMap { file -> [Int] in
                if let url = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Fonts") {
                    return loader.load(Self.defaultFontName, url.path, origin: .bundled)
                }
                loader.failures.append(FontFailure(name: Self.defaultFontName, path: "Fonts/\(file) (bundled)",
                                                   reason: .fileMissing))
                return []
            }
        }
        let defaultFamily = loadBundled(Self.bundledFiles)
        let fallbackFamily = loadBundled(Self.bundledFallbackFiles)
        var families: [String: [Int]] = [:]
        for name in fonts.keys.sorted() {
            families[name] = loader.load(name, fonts[name]!, origin: .scene(name))
        }
        guard loader.failures.isEmpty else { throw FontError(failures: loader.failures) }
        let system = SystemFallback.load(for: samples, into: &loader)

        self.faces = loader.faces
        self.families = families
        self.defaultFamily = defaultFamily
        self.fallbackFamily = fallbackFamily
        self.systemFaces = system
        self.files = loader.files
        self.freeType = Locked(loader.freeType)
    }

    /// The bundled default faces, then the fallback ones, in the order they
    /// are numbered (faces 0–2, 3–4).
    static let bundledFiles = ["Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf"]
    static let bundledFallbackFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]

    /// Every font file loaded, in face order: bundled, the scene's, then the
    /// system's. Their bytes decide every glyph (the frame cache digests them).
    public let files: [FontFile]

    /// The installed fonts fallback loaded (paths), in load order.
    public var systemFontPaths: [String] { files.filter { $0.origin == .system }.map(\.path) }

    /// The scene fonts' names, sorted.
    public var fontNames: [String] { families.keys.sorted() }

    /// Whether `name` is a loaded scene font.
    public func hasFont(named name: String) -> Bool { families[name] != nil }

    // MARK: Faces for a style

    /// The candidate faces for each character of a text in `style`: the face
    /// nearest to the weight of each font the text names (the default
    /// family's when it names no loaded font), then of the scene's other
    /// fonts (by name), then of the default family, then of the bundled
    /// fallback, then the installed faces fallback found (those asked for the
    /// nearest weight first); no face twice. The first is the text's primary face (line metrics, .notdef).
    func faceChain(for style: TextStyle) -> [Int] {
        var chain: [Int] = []
        func add(_ face: Int?) {
            if let face, !chain.contains(face) { chain.append(face) }
        }
        for name in style.fonts { add(families[name].flatMap { nearestFace(in: $0, to: style.weight) }) }
        if chain.isEmpty { add(nearestFace(in: defaultFamily, to: style.weight)) }
        for name in families.keys.sorted() where !style.fonts.contains(name) {
            add(nearestFace(in: families[name]!, to: style.weight))
        }
        add(nearestFace(in: defaultFamily, to: style.weight))
        add(nearestFace(in: fallbackFamily, to: style.weight))
        let wanted = style.weight.weightClass
        for face in systemFaces.enumerated().sorted(by: { a, b in
            let da = abs(a.element.weight - wanted), db = abs(b.element.weight - wanted)
            return da != db ? da < db : a.offset < b.offset
        }) { add(face.element.index) }
        return chain
    }

    private func nearestFace(in family: [Int], to weight: FontWeight) -> Int? {
        guard let i = Self.nearestWeight(family.map { faces[$0].weightClass }, to: weight.weightClass) else {
            return nil
        }
        return family[i]
    }

    /// Index of the weight class nearest to `wanted`. On a tie the lighter
    /// wins for wanted ≤ 500 and the heavier above, as CSS font matching
    /// leans; then the earlier face.
    static func nearestWeight(_ weights: [Int], to wanted: Int) -> Int? {
        var best: Int?
        for (i, w) in weights.enumerated() {
            guard let b = best else { best = i; continue }
            let d = abs(w - wanted), bd = abs(weights[b] - wanted)
            if d < bd || (d == bd && (wanted <= 500 ? w < weights[b] : w > weights[b])) { best = i }
        }
        return best
    }

    /// Line metrics of the primary face of `style` at its size, in points.
    public func metrics(for style: TextStyle) -> LineMetrics {
        guard let primary = faceChain(for: style).first else { return LineMetrics(ascender: 0, descender: 0, lineGap: 0) }
        return faces[primary].metrics(size: Self.validSize(style.size))
    }

    static func validSize(_ size: Double) -> Double {
        size.isFinite && size > 0 ? size : 0
    }

    // MARK: Outlines

    /// The outline of one glyph in font units, y down (baseline at y = 0,
    /// origin at x = 0), every contour closed; fill it with the nonzero rule
    /// (TrueType and CFF wind their contours in opposite directions).
    /// Extracted once per glyph and cached; safe from any thread.
    public func outline(of key: GlyphKey) -> Path {
        outlines(of: [key])[0]
    }

    /// Outlines of several glyphs, in order, taking the cache lock once (and
    /// FreeType's only for glyphs not yet extracted).
    public func outlines(of keys: [GlyphKey]) -> [Path] {
        var missing: [Int] = []
        var result: [Path] = outlineCache.withLock { cache in
            keys.enumerated().map { i, key in
                if let path = cache[key] { return path }
                missing.append(i)
                return Path()
            }
        }
        guard !missing.isEmpty else { return result }
        let extracted: [(GlyphKey, Path)] = freeType.withLock { ft in
            missing.map { i in (keys[i], ft.outline(face: keys[i].face, glyph: keys[i].glyph)) }
        }
        outlineCache.withLock { cache in
            for (key, path) in extracted { cache[key] = path }
        }
        for (j, i) in missing.enumerated() { result[i] = extracted[j].1 }
        return result
    }

    /// The file `key`'s face is in, and its index in a collection.
    public func fontFile(of key: GlyphKey) -> (path: String, index: Int)? {
        faces.indices.contains(key.face) ? (faces[key.face].file.path, faces[key.face].faceIndex) : nil
    }

    /// The em of `key`'s face in font units.
    public func unitsPerEm(of key: GlyphKey) -> Int {
        faces.indices.contains(key.face) ? faces[key.face].unitsPerEm : 0
    }

    /// Whether `key`'s face draws colour bitmaps rather than outlines.
    public func isColor(_ key: GlyphKey) -> Bool {
        faces.indices.contains(key.face) && faces[key.face].isColor
    }

    /// The colour bitmap of a glyph of a colour face (nil for outline faces
    /// and glyphs without one). Loaded once per glyph and cached; safe from
    /// any thread.
    public func colorImage(of key: GlyphKey) -> ColorGlyphImage? {
        guard isColor(key) else { return nil }
        if let cached = colorCache.withLock({ $0[key] }) { return cached }
        let image = freeType.withLock { $0.colorImage(face: key.face, glyph: key.glyph) }
        colorCache.withLock { $0[key] = image }
        return image
    }

    /// Lays out `text` and extracts the outlines of every glyph it uses, so
    /// that laying it out and drawing it later (at any frame, on any thread)
    /// only reads the cache. Call it for every constant text at prepare time.
    @discardableResult
    public func prepare(_ text: String, style: TextStyle) -> TextLayout {
        let layout = layout(text, style: style)
        var seen = Set<GlyphKey>()
        _ = outlines(of: layout.glyphs.map(\.key).filter { seen.insert($0).inserted })
        return layout
    }
}

extension FontLibrary {
    /// How many outlines are cached (for tests and diagnostics).
    var outlineCacheCount: Int { outlineCache.withLock { $0.count } }
}
