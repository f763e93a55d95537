import Animation
import Geometry

/// Readers for a text node's own glyph outlines (`glyphs`).
extension SceneDecoder {
    mutating func glyphOutlines(_ v: JSONValue, _ path: JSONPath) -> GlyphOutlines? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.glyphOutlines, into: &self)
        var fields = Fields(f, path)
        let em = fields.read(&self, "unitsPerEm") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 1000
        let ascender = fields.read(&self, "ascender") { d, v, p in d.number(v, p, atLeast: 0) } ?? em * 0.8
        let descender = fields.read(&self, "descender") { d, v, p in d.number(v, p, atLeast: 0) } ?? em * 0.2
        let glyphs = required(f, "characters", path) { d, v, p in d.glyphTable(v, p) }
        guard fields.ok, let glyphs else { return nil }
        return GlyphOutlines(unitsPerEm: em, ascender: ascender, descender: descender, glyphs: glyphs)
    }

    /// Each key one character, its glyph the value.
    private mutating func glyphTable(_ v: JSONValue, _ path: JSONPath) -> [Character: GlyphOutlines.Glyph]? {
        guard case .object(let members) = v.kind else { expected("an object of glyphs by character", v, path); return nil }
        var table: [Character: GlyphOutlines.Glyph] = [:], ok = true
        for m in members {
            let p = path.key(m.key)
            guard m.key.count == 1, let ch = m.key.first else {
                report(m.keyLocation, p, "a glyph's key is one character, found \"\(m.key)\"")
                ok = false
                continue
            }
            if table[ch] != nil { report(m.keyLocation, p, "duplicate key \"\(m.key)\""); ok = false; continue }
            guard let glyph = glyph(m.value, p) else { ok = false; continue }
            table[ch] = glyph
        }
        return ok ? table : nil
    }

    private mutating func glyph(_ v: JSONValue, _ path: JSONPath) -> GlyphOutlines.Glyph? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.glyph, into: &self)
        var fields = Fields(f, path)
        let outline = fields.read(&self, "d") { d, v, p in d.svgPath(v, p) } ?? Path(elements: [])
        let advance = required(f, "advance", path) { d, v, p in d.number(v, p) }
        guard fields.ok, let advance else { return nil }
        return GlyphOutlines.Glyph(outline: outline, advance: advance)
    }
}
