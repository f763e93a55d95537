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
    /// The files the faces read from (kept alive with them).
    private var files: [FontFile] = []

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
    }

    /// Opens every scalable or colour-bitmap face in `file` (a collection
    /// holds several; `only` picks one), numbering them from `firstIndex`.
    /// Returns the faces, or why the file is not a usable font.
    func open(_ file: FontFile, fontName: String, firstIndex: Int,
              only: Int? = nil) -> Result<[FontFace], FontFailure.Reason> {
        guard let library else { return .failure(.notAFont(code: initError)) }
        let base = file.base.assumingMemoryBound(to: FT_Byte.self)

        var opened: [FontFace] = []
        var faceCount = 1
        var firstError: Int32 = 0
        var i = only ?? 0
        if only != nil { faceCount = i + 1 }
        while i < faceCount && i < 256 {
            var face: FT_Face?
            let error = FT_New_Memory_Face(library, base, FT_Long(file.count), FT_Long(i), &face)
            i += 1
            guard error == 0, let face else {
                if firstError == 0 { firstError = error }
                continue
            }
            if i == 1 && only == nil { faceCount = Int(face.pointee.num_faces) }
            let scalable = reel_ft_is_scalable(face) != 0
            let color = !scalable && reel_ft_has_color(face) != 0 && face.pointee.num_fixed_sizes > 0
            guard scalable || color, Self.unitsPerEm(face) > 0 else {
                FT_Done_Face(face)
                continue
            }
            let upem = FT_F26Dot6(Self.unitsPerEm(face))
            // A colour face draws from its largest strike, scaled to the text.
            let sizeError = color ? FT_Select_Size(face, Self.largestStrike(face))
                                  : FT_Set_Char_Size(face, 0, upem * 64, 72, 72)
            guard sizeError == 0 else {
                if firstError == 0 { firstError = sizeError }
                FT_Done_Face(face)
                continue
            }
            faces.append(face)
            opened.append(describe(face, faceIndex: i - 1, index: firstIndex + opened.count, fontName: fontName,
                                   isColor: color, file: file))
        }
        if opened.isEmpty {
            return .failure(firstError != 0 ? .notAFont(code: firstError) : .noOutlines)
        }
        files.append(file)
        return .success(opened)
    }

    /// The em in font units: FreeType's for scalable faces, the head table's
    /// for bitmap-only ones (FreeType leaves those at 0).
    private static func unitsPerEm(_ face: FT_Face) -> Int {
        if face.pointee.units_per_EM > 0 { return Int(face.pointee.units_per_EM) }
        guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return 0 }
        return Int(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
    }

    private static func largestStrike(_ face: FT_Face) -> FT_Int {
        var best = 0
        for i in 0..<Int(face.pointee.num_fixed_sizes) where face.pointee.available_sizes[i].height
            > face.pointee.available_sizes[best].height { best = i }
        return FT_Int(best)
    }

    /// The immutable layout data of a face just opened.
    private func describe(_ face: FT_Face, faceIndex: Int, index: Int, fontName: String, isColor: Bool,
                          file: FontFile) -> FontFace {
        let rec = face.pointee

        var cmap: [UInt32: UInt32] = [:]
        if rec.charmap != nil {
            var glyph: FT_UInt = 0
            var code = FT_Get_First_Char(face, &glyph)
            while glyph != 0 {
                if code <= 0x10FFFF { cmap[UInt32(code)] = UInt32(glyph) }
                code = FT_Get_Next_Char(face, code, &glyph)
            }
        }

        var weight = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let declared = Int(os2.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass)
            // Some old fonts declare 1…9 for 100…900.
            if (1...9).contains(declared) { weight = declared * 100 } else if declared > 0 { weight = declared }
        }

        var ascender = Int(rec.ascender), descender = Int(rec.descender), height = Int(rec.height)
        if isColor, let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            // FreeType fills the metrics of scalable faces only; a bitmap-only
            // colour face has them in hhea all the same.
            let h = hhea.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            (ascender, descender) = (Int(h.Ascender), Int(h.Descender))
            height = ascender - descender + Int(h.Line_Gap)
        }
        let upem = Self.unitsPerEm(face)
        return FontFace(index: index, fontName: fontName,
                        familyName: rec.family_name.map { String(cString: $0) } ?? "",
                        styleName: rec.style_name.map { String(cString: $0) } ?? "",
                        weightClass: weight, unitsPerEm: upem,
                        ascender: ascender, descender: descender,
                        lineGap: max(0, height - ascender + descender),
                        cmap: cmap,
                        shaper: HarfBuzzFont(file: file, index: faceIndex, unitsPerEm: upem),
                        isColor: isColor, file: file, faceIndex: faceIndex)
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

extension FreeTypeFaces {
    /// The colour bitmap of a glyph of a colour face (`FT_LOAD_COLOR` from
    /// its selected strike), premultiplied RGBA; nil when the face or glyph
    /// has none.
    func colorImage(face index: Int, glyph: UInt32) -> ColorGlyphImage? {
        guard faces.indices.contains(index) else { return nil }
        let face = faces[index]
        guard glyph < UInt32(face.pointee.num_glyphs), face.pointee.size != nil,
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
        else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
              let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                // FreeType's BGRA is premultiplied, as the rasterizer's pixels are.
                let o = (y * width + x) * 4
                pixels[o] = row[4 * x + 2]; pixels[o + 1] = row[4 * x + 1]
                pixels[o + 2] = row[4 * x]; pixels[o + 3] = row[4 * x + 3]
            }
        }
        return ColorGlyphImage(width: width, height: height, pixels: pixels, left: Int(slot.pointee.bitmap_left),
                               top: Int(slot.pointee.bitmap_top), pixelsPerEm: Int(face.pointee.size.pointee.metrics.y_ppem))
    }
}
