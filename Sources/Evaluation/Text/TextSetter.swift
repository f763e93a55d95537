import Animation
import DisplayList
import Geometry
import SceneModel
import Typesetting

/// Lays out the scene's texts: constant ones once, when the scene is
/// prepared (their outlines then come from a table every frame); animated
/// ones at each frame, through the shared, thread-safe font library.
public struct TextSetter: Sendable {
    public let library: FontLibrary
    /// Layout and outline of each constant text, by content and style.
    private let prepared: [PreparedKey: PreparedText]

    struct PreparedKey: Hashable, Sendable {
        var text: String
        var style: TextStyle
    }

    /// A text set in its box (points, box coordinates).
    struct PreparedText: Sendable {
        var bounds: Rect
        /// What the fill draws.
        var glyphs: [GlyphRun.Glyph]
        /// Where each of `glyphs` is in the text.
        var places: [GlyphPlace]
        var lineCount: Int
        /// All outlines as one path, for strokes and trims.
        var path: Path
        /// Emoji and other colour glyphs, drawn as images.
        var colorGlyphs: [ColorGlyph]

        init(_ layout: TextLayout, library: FontLibrary) {
            let (glyphs, places) = layout.displayGlyphs(library: library)
            self.init(bounds: layout.bounds, glyphs: glyphs, places: places, lineCount: layout.lines.count,
                      path: layout.path(library: library), colorGlyphs: layout.colorGlyphs(library: library))
        }

        init(bounds: Rect, glyphs: [GlyphRun.Glyph], places: [GlyphPlace], lineCount: Int, path: Path, colorGlyphs: [ColorGlyph]) {
            self.bounds = bounds
            self.glyphs = glyphs
            self.places = places
            self.lineCount = lineCount
            self.path = path
            self.colorGlyphs = colorGlyphs
        }
    }

    /// A missing-glyph warning: which node, which characters no font has,
    /// and an installed font that has them, when fontconfig knows one (it
    /// was not used: system fonts were off, or another font was preferred).
    public struct Warning: Sendable, CustomStringConvertible {
        public var source: Diagnostic
        public var missing: [Character]
        public var installedFont: String?
        public var description: String {
            var d = source
            d.message = "warning: no font has glyphs for " + missing.map { "'\($0)'" }.joined(separator: ", ")
            if let installedFont { d.message += "; installed: \(installedFont) (used when installed fonts are allowed)" }
            return d.description
        }
    }

    /// Prepares every text of `scene` whose content and style do not change;
    /// `warnings` lists the texts with characters no font has.
    public init(scene: Scene, library: FontLibrary) {
        self.library = library
        var prepared: [PreparedKey: PreparedText] = [:]
        var warnings: [Warning] = []
        Self.visit(scene.layers) { text in
            guard text.glyphs == nil else { return }
            var missing: [Character] = []
            if let key = Self.constantKey(text) {
                if prepared[key] != nil { return }
                let layout = library.prepare(key.text, style: key.style)
                prepared[key] = PreparedText(layout, library: library)
                missing = layout.missing
            } else {
                // Animated: which characters lack a font does not depend on
                // size or width, so every string it can show is set once.
                let style = TextStyle(fonts: text.fonts, weight: text.weight)
                for sample in Self.samples(of: text) {
                    for ch in library.layout(sample.text, style: style).missing where !missing.contains(ch) { missing.append(ch) }
                }
            }
            if !missing.isEmpty, let source = text.source {
                warnings.append(Warning(source: source, missing: missing,
                                        installedFont: FontLibrary.installedFont(for: missing)))
            }
        }
        self.prepared = prepared
        self.warnings = warnings
    }

    public let warnings: [Warning]

    /// The fonts that ship with Reel, loaded once per process. They are part
    /// of the build (a package resource), so failing to load them is a broken
    /// installation, not a scene error.
    public static let bundledFonts: FontLibrary = {
        do { return try FontLibrary() } catch { fatalError("Reel's bundled fonts cannot be loaded: \(error)") }
    }()

    /// `text` as set now.
    func set(_ text: TextNode, ctx: TimelineContext) -> PreparedText {
        if let glyphs = text.glyphs {
            return PreparedText(text.text.value(in: ctx), outlines: glyphs, size: text.size.value(in: ctx), alignment: text.align,
                                width: text.width?.value(in: ctx), lineSpacing: text.lineSpacing.value(in: ctx),
                                tracking: text.tracking.value(in: ctx))
        }
        let style = TextStyle(fonts: text.fonts, size: text.size.value(in: ctx), weight: text.weight,
                              alignment: text.align, width: text.width?.value(in: ctx),
                              lineSpacing: text.lineSpacing.value(in: ctx), tracking: text.tracking.value(in: ctx))
        let string = text.text.value(in: ctx)
        if let p = prepared[PreparedKey(text: string, style: style)] { return p }
        return PreparedText(library.layout(string, style: style), library: library)
    }

    /// Every string the scene's texts can show (each choice of a `pick`)
    /// with its weight: what system font fallback must cover.
    public static func samples(in scene: Scene) -> [TextSample] {
        var samples: [TextSample] = []
        visit(scene.layers) { if $0.glyphs == nil { samples += Self.samples(of: $0) } }
        return samples
    }

    private static func samples(of text: TextNode) -> [TextSample] {
        switch text.text {
        case .constant(let s): return [TextSample(text: s, weight: text.weight)]
        case .pick(let choices, _): return choices.map { TextSample(text: $0, weight: text.weight) }
        case .template(let template):
            // Its literal pieces, and every character a placeholder can write.
            let literals = template.pieces.map { piece -> String in
                if case .literal(let s) = piece { return s }
                return ""
            }.joined()
            return [TextSample(text: literals + " 0123456789.-truefalse", weight: text.weight)]
        }
    }

    private static func constantKey(_ text: TextNode) -> PreparedKey? {
        guard let string = text.constantText, case .constant(let size) = text.size,
              case .constant(let lineSpacing) = text.lineSpacing, case .constant(let tracking) = text.tracking else { return nil }
        var width: Double?
        if let w = text.width {
            guard case .constant(let v) = w else { return nil }
            width = v
        }
        return PreparedKey(text: string, style: TextStyle(fonts: text.fonts, size: size, weight: text.weight,
                                                          alignment: text.align, width: width,
                                                          lineSpacing: lineSpacing, tracking: tracking))
    }

    private static func visit(_ nodes: [Node], _ body: (TextNode) -> Void) {
        for node in nodes {
            if case .text(let t) = node.kind { body(t) }
            visit(node.subnodes, body)
        }
    }
}

extension AnimatedString {
    func value(in ctx: TimelineContext) -> String {
        switch self {
        case .constant(let s): return s
        case let .pick(choices, index):
            return choices[pickIndex(index.value(in: ctx), count: choices.count)]
        case .template(let template):
            return template.text { $0.evaluate(in: ctx) }
        }
    }
}
