import Foundation
import Geometry
@testable import Typesetting

/// One library for the tests that need only the bundled fonts.
let bundled: FontLibrary = {
    do { return try FontLibrary() } catch { fatalError("\(error)") }
}()

func style(size: Double = 32, weight: FontWeight = .regular, alignment: TextAlignment = .leading,
           width: Double? = nil, lineSpacing: Double = 0, tracking: Double = 0,
           fonts: [String] = []) -> TextStyle {
    TextStyle(fonts: fonts, size: size, weight: weight, alignment: alignment, width: width,
              lineSpacing: lineSpacing, tracking: tracking)
}

/// The text of each line, rebuilt from the glyphs (bundled regular face).
func lineTexts(_ layout: TextLayout, library: FontLibrary = bundled) -> [String] {
    var reverse: [GlyphKey: Character] = [:]
    for face in library.faces {
        for (scalar, glyph) in face.cmap where scalar < 0x250 {
            let key = GlyphKey(face: face.index, glyph: glyph)
            if reverse[key] == nil || scalar < reverse[key]!.unicodeScalars.first!.value {
                reverse[key] = Character(Unicode.Scalar(scalar)!)
            }
        }
    }
    return layout.lines.map { line in
        String(layout.glyphs[line.glyphs].map { reverse[$0.key] ?? "?" })
    }
}

func temporaryFile(named name: String, contents: Data) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typesetting-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: url.path, contents: contents)
    return url.path
}
