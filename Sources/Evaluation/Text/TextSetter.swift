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
        /// All outlines as one path, for strokes and trims.
        var path: Path

        init(_ layout: TextLayout, library: FontLibrary) {
            bounds = layout.bounds
            glyphs = layout.displayGlyphs(library: library)
            path = layout.path(library: library)
        }
    }

    /// A missing-glyph warning: which node, and which characters no font has.
    public struct Warning: Sendable, CustomStringConvertible {
        public var source: Diagnostic
        public var missing: [Character]
        public var description: String {
            var d = source
            d.message = "warning: no font has glyphs for " + missing.map { "'\($0)'" }.joined(separator: ", ")
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
            guard let key = Self.constantKey(text) else { return }
            if prepared[key] != nil { return }
            let layout = library.prepare(key.text, style: key.style)
            prepared[key] = PreparedText(layout, library: library)
            if !layout.missing.isEmpty, let source = text.source {
                warnings.append(Warning(source: source, missing: layout.missing))
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
        let style = TextStyle(fonts: text.fonts, size: text.size.value(in: ctx), weight: text.weight,
                              alignment: text.align, width: text.width?.value(in: ctx),
                              lineSpacing: text.lineSpacing.value(in: ctx), tracking: text.tracking.value(in: ctx))
        let string = text.text.value(in: ctx)
        if let p = prepared[PreparedKey(text: string, style: style)] { return p }
        return PreparedText(library.layout(string, style: style), library: library)
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
            switch node.kind {
            case .text(let t): body(t)
            case .group(let children, _): visit(children, body)
            default: break
            }
        }
    }
}

extension AnimatedString {
    func value(in ctx: TimelineContext) -> String {
        switch self {
        case .constant(let s): return s
        case let .pick(choices, index):
            return choices[pickIndex(index.value(in: ctx), count: choices.count)]
        }
    }
}
