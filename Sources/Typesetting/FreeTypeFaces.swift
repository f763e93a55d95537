import CFreeType
import Geometry

/// Owner of the FreeType library and its faces. FreeType objects are not
/// thread-safe: `FontLibrary` keeps this behind a lock, and everything layout
/// needs is copied out into immutable `FontFace`s at load.
///
/// Faces are opened from memory the class owns (the file is read once, so a
/// font file changing mid-render changes nothing) and sized so that one pixel
/// is one font unit: unhinted outlines then come back in 26.6 fixed point as
/// exact font units × 64, with the midpoints FreeType inserts between
/// TrueType off-curve points kept exact (FT_LOAD_NO_SCALE would round them to
/// whole units). No hinting and no bitmaps, so outlines do not depend on the
/// machine or on FreeType's hinting settings.
final class FreeTypeFaces {
    private var library: FT_Library?
    private var faces: [FT_Face] = []
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    /// FreeType's error code when the library could not start.
    let initError: Int32

    init() {
        var lib: FT_Library?
        initError = FT_Init_FreeType(&lib)
        library = initError == 0 ? lib : nil
    }

    deinit {
        for face in faces { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        for buffer in buffers { buffer.deallocate() }
    }

    /// Opens every scalable face in `bytes` (a font file; a collection holds
    /// several), numbering them from `firstIndex`. Returns the faces, or why
    /// the file is not a usable font.
    func open(_ bytes: [UInt8], fontName: String,
              firstIndex: Int) -> Result<[FontFace], FontFailure.Reason> {
        guard let library else { return .failure(.notAFont(code: initError)) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let base = buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self)

        var opened: [FontFace] = []
        var faceCount = 1
        var firstError: Int32 = 0
        var i = 0
        while i < faceCount && i < 256 {
            var face: FT_Face?
            let error = FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(i), &face)
            i += 1
            guard error == 0, let face else {
                if firstError == 0 { firstError = error }
                continue
            }
            if i == 1 { faceCount = Int(face.pointee.num_faces) }
            guard reel_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
                FT_Done_Face(face)
                continue
            }
            let upem = FT_F26Dot6(face.pointee.units_per_EM)
            let sizeError = FT_Set_Char_Size(face, 0, upem * 64, 72, 72)
            guard sizeError == 0 else {
                if firstError == 0 { firstError = sizeError }
                FT_Done_Face(face)
                continue
            }
            faces.append(face)
            opened.append(describe(face, index: firstIndex + opened.count, fontName: fontName))
        }
        if opened.isEmpty {
            buffer.deallocate()
            return .failure(firstError != 0 ? .notAFont(code: firstError) : .noOutlines)
        }
        buffers.append(buffer)
        return .success(opened)
    }

    /// The immutable layout data of a face just opened.
    private func describe(_ face: FT_Face, index: Int, fontName: String) -> FontFace {
        let rec = face.pointee
        let glyphCount = Int(rec.num_glyphs)

        var cmap: [UInt32: UInt32] = [:]
        if rec.charmap != nil {
            var glyph: FT_UInt = 0
            var code = FT_Get_First_Char(face, &glyph)
            while glyph != 0 {
                if code <= 0x10FFFF { cmap[UInt32(code)] = UInt32(glyph) }
                code = FT_Get_Next_Char(face, code, &glyph)
            }
        }

        var fixed = [FT_Fixed](repeating: 0, count: glyphCount)
        if glyphCount > 0 {
            _ = FT_Get_Advances(face, 0, FT_UInt(glyphCount), FT_Int32(FT_LOAD_NO_SCALE), &fixed)
        }
        let advances = fixed.map { Int32(truncatingIfNeeded: $0) }

        var weight = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let declared = Int(os2.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass)
            // Some old fonts declare 1…9 for 100…900.
            if (1...9).contains(declared) { weight = declared * 100 } else if declared > 0 { weight = declared }
        }

        var kerning = KerningTable()
        if reel_ft_has_kerning(face) != 0 {
            var length: FT_ULong = 0
            if FT_Load_Sfnt_Table(face, reel_ft_tag_kern(), 0, nil, &length) == 0, length > 0 {
                var bytes = [UInt8](repeating: 0, count: Int(length))
                if FT_Load_Sfnt_Table(face, reel_ft_tag_kern(), 0, &bytes, &length) == 0 {
                    kerning = KerningTable(kernTable: bytes)
                }
            }
        }

        let ascender = Int(rec.ascender), descender = Int(rec.descender)
        return FontFace(index: index, fontName: fontName,
                        familyName: rec.family_name.map { String(cString: $0) } ?? "",
                        styleName: rec.style_name.map { String(cString: $0) } ?? "",
                        weightClass: weight, unitsPerEm: Int(rec.units_per_EM),
                        ascender: ascender, descender: descender,
                        lineGap: max(0, Int(rec.height) - ascender + descender),
                        cmap: cmap, advances: advances, kerning: kerning)
    }

    /// The outline of a glyph in font units, y flipped to point down; every
    /// contour closed. Empty for an unknown face or glyph, or a glyph that is
    /// not an outline.
    func outline(face index: Int, glyph: UInt32) -> Path {
        guard faces.indices.contains(index) else { return Path() }
        let face = faces[index]
        guard glyph < UInt32(face.pointee.num_glyphs),
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return Path() }
        return GlyphOutline.path(of: &slot.pointee.outline)
    }
}
