import CHarfBuzz

/// One face as HarfBuzz sees it: a blob over the font file's bytes, the face
/// and a font at a scale of one unit per font unit, so shaped advances and
/// offsets come back as exact integers in font units (scaled to points by
/// the caller, identically on every machine).
///
/// HarfBuzz's own OpenType functions read the tables directly (no FreeType
/// object is touched), and a font made immutable may be shaped with from
/// many threads at once (HarfBuzz's test-multithread does so with 30): layout
/// needs no lock.
final class HarfBuzzFont: @unchecked Sendable {
    private let face: OpaquePointer
    private let font: OpaquePointer
    /// Keeps the bytes alive as long as the blob points at them.
    private let file: FontFile

    init(file: FontFile, index: Int, unitsPerEm: Int) {
        self.file = file
        let blob = hb_blob_create(file.base.assumingMemoryBound(to: CChar.self), UInt32(file.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        face = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// One glyph out of `hb_shape`: font units, HarfBuzz's y-up offsets.
    struct Glyph {
        var glyph: UInt32
        /// Index in the shaped text of the first character of its cluster.
        var cluster: Int
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// Shapes `text[run]` with the rest of `text` as context (so joining
    /// and contextual forms see across run edges). Glyphs come in visual
    /// order: reversed for right-to-left runs, as HarfBuzz returns them.
    /// Default-ignorable characters (joiners, variation selectors) leave no
    /// glyph. No language is set, so the result does not depend on the
    /// process's locale.
    func shape(_ text: [UInt32], run: Range<Int>, rightToLeft: Bool, script: hb_script_t) -> [Glyph] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(run.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
        if run.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if run.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape(font, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            Glyph(glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: positions[i].x_advance,
                  xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }

    /// The script of a character by HarfBuzz's Unicode data (Common for
    /// spaces, digits and punctuation, Inherited for combining marks).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }
}
