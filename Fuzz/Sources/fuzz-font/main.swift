import CFuzzDriver
import Foundation
@testable import Typesetting

/// The font loader: FreeType opening the bytes as a face or a collection,
/// then what Reel reads from each face itself (weight, metrics) and the outlines of the first glyphs.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let faces = FreeTypeFaces()
    let file = FontFile(path: "fuzz", origin: .scene("fuzz"), bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    guard case .success(let opened) = faces.open(file, fontName: "fuzz", firstIndex: 0) else { return 0 }
    for face in opened {
        _ = face.metrics(size: 17)
        for glyph in 0..<8 { _ = faces.outline(face: face.index, glyph: UInt32(glyph)) }
    }
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzFont))
