import Animation
import Geometry

/// Text laid out in a box: SwiftUI's `Text` with its common modifiers.
public struct TextNode: Sendable, Equatable {
    // `source` does not take part in equality: it says where, not what.
    public static func == (a: TextNode, b: TextNode) -> Bool {
        a.text == b.text && a.fonts == b.fonts && a.size == b.size && a.weight == b.weight && a.fill == b.fill
            && a.stroke == b.stroke && a.align == b.align && a.width == b.width && a.lineSpacing == b.lineSpacing
            && a.tracking == b.tracking && a.animators == b.animators && a.glyphs == b.glyphs && a.trim?.from == b.trim?.from && a.trim?.to == b.trim?.to
    }

    public var text: AnimatedString
    /// Name in `assets.fonts`, or a list tried in order for each character
    /// (a fallback chain); nil = the bundled default font.
    public var fonts: [String]
    /// Outlines the text is drawn from instead of `fonts` — a Reel extension.
    public var glyphs: GlyphOutlines?
    /// Points.
    public var size: Animated<Double>
    public var weight: FontWeight
    /// Default black.
    public var fill: Paint
    public var stroke: Stroke?
    public var align: TextAlignment
    /// Wrap width in points; nil = no wrapping.
    public var width: Animated<Double>?
    /// Extra points between lines.
    public var lineSpacing: Animated<Double>
    /// Extra points after every character but a line's last.
    public var tracking: Animated<Double>
    /// The part of all glyph outlines kept, as length fractions in reading
    /// order (SwiftUI `trim` on the text's path) — a Reel extension.
    public var trim: (from: Animated<Double>, to: Animated<Double>)?
    /// Changes to the characters ranges select, in order — a Reel extension.
    public var animators: [TextAnimator] = []
    /// Where the node is in the scene file, for warnings (missing glyphs).
    public var source: Diagnostic?

    public init(text: AnimatedString, fonts: [String] = [], size: Animated<Double> = .constant(17),
                weight: FontWeight = .regular, fill: Paint = .color(.constant(.black)), stroke: Stroke? = nil,
                align: TextAlignment = .leading, width: Animated<Double>? = nil,
                lineSpacing: Animated<Double> = .constant(0), tracking: Animated<Double> = .constant(0)) {
        self.text = text
        self.fonts = fonts
        self.size = size
        self.weight = weight
        self.fill = fill
        self.stroke = stroke
        self.align = align
        self.width = width
        self.lineSpacing = lineSpacing
        self.tracking = tracking
        self.trim = nil
        self.source = nil
    }

    /// The text as a constant, when it cannot change (it can then be laid out once).
    public var constantText: String? {
        if case .constant(let s) = text { return s }
        return nil
    }
}

/// A string property: constant, one of several chosen by an index, or a
/// template whose placeholders read variables that change over time.
public indirect enum AnimatedString: Sendable, Equatable {
    case constant(String)
    case pick([String], index: Animated<Double>)
    case template(TextTemplate)
}
