import CFreeType
import Foundation

/// A face opened straight with FreeType, as the independent reference the
/// library's figures are checked against. One per test; not shared.
final class ReferenceFace {
    private var library: FT_Library?
    let face: FT_Face

    static func bundledPath(_ file: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Typesetting/Fonts/\(file)").path
    }

    init(_ path: String = ReferenceFace.bundledPath("Inter-Regular.otf")) {
        var lib: FT_Library?
        precondition(FT_Init_FreeType(&lib) == 0)
        var f: FT_Face?
        precondition(FT_New_Face(lib, path, 0, &f) == 0, "cannot open \(path)")
        library = lib
        face = f!
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: Int { Int(face.pointee.units_per_EM) }

    func glyph(_ c: Unicode.Scalar) -> UInt32 { FT_Get_Char_Index(face, FT_ULong(c.value)) }

    /// Advance in font units.
    func advance(_ glyph: UInt32) -> Int {
        var a: FT_Fixed = 0
        precondition(FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &a) == 0)
        return a
    }

    /// FT_Get_Kerning, unscaled: font units.
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        var v = FT_Vector()
        precondition(FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &v) == 0)
        return v.x
    }

    /// The control box of the unscaled outline (font units, y up).
    func controlBox(_ glyph: UInt32) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        precondition(FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0)
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return (box.xMin, box.yMin, box.xMax, box.yMax)
    }

    /// Number of contours of the unscaled outline.
    func contourCount(_ glyph: UInt32) -> Int {
        precondition(FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0)
        return Int(face.pointee.glyph.pointee.outline.n_contours)
    }
}
