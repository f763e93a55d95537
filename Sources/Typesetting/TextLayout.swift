import Geometry

/// A text set in its box: where every glyph goes. Points, box coordinates
/// (origin at the box's top-left, y down).
public struct TextLayout: Sendable, Equatable {
    /// (0, 0) to (box width, box height): the wrap width when given, else the
    /// longest line; n × line height + (n − 1) × lineSpacing for n lines
    /// (0 for an empty text).
    public var bounds: Rect
    /// Every glyph, line by line, each line's from left to right (visual
    /// order). Spaces that a wrap turned into a line break are left out.
    public var glyphs: [PlacedGlyph]
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The primary font's metrics at the text's size.
    public var metrics: LineMetrics
    /// Characters no font in the chain (nor the default) has glyphs for,
    /// each once, in order of first appearance; they are drawn as the primary
    /// face's .notdef glyph.
    public var missing: [Character]

    public init(bounds: Rect, glyphs: [PlacedGlyph], lines: [TextLine], metrics: LineMetrics,
                missing: [Character]) {
        self.bounds = bounds
        self.glyphs = glyphs
        self.lines = lines
        self.metrics = metrics
        self.missing = missing
    }

    /// All glyph outlines in box coordinates (points), to fill with the
    /// nonzero rule or stroke. Uses (and fills) `library`'s outline cache;
    /// `library` must be the one that made this layout.
    public func path(library: FontLibrary) -> Path {
        let outlines = library.outlines(of: glyphs.map(\.key))
        var elements: [PathElement] = []
        elements.reserveCapacity(outlines.reduce(0) { $0 + $1.elements.count })
        for (glyph, outline) in zip(glyphs, outlines) {
            let s = glyph.scale, o = glyph.origin
            func map(_ p: Point) -> Point { Point(o.x + p.x * s, o.y + p.y * s) }
            for e in outline.elements {
                switch e {
                case .move(let p): elements.append(.move(map(p)))
                case .line(let p): elements.append(.line(map(p)))
                case .quad(let c, let p): elements.append(.quad(map(c), map(p)))
                case .cubic(let c1, let c2, let p): elements.append(.cubic(map(c1), map(c2), map(p)))
                case .close: elements.append(.close)
                }
            }
        }
        return Path(elements: elements)
    }
}

/// One line of a `TextLayout`.
public struct TextLine: Sendable, Equatable, Hashable {
    /// Its glyphs' indices in `TextLayout.glyphs`.
    public var glyphs: Range<Int>
    /// Where the line starts: x after alignment, y of its baseline (points).
    public var origin: Point
    /// Advance width of the line, kerning and tracking included (points).
    public var width: Double
    /// Its paragraph's direction (from the first strong character).
    public var rightToLeft: Bool

    public init(glyphs: Range<Int>, origin: Point, width: Double, rightToLeft: Bool = false) {
        self.glyphs = glyphs
        self.origin = origin
        self.width = width
        self.rightToLeft = rightToLeft
    }
}
