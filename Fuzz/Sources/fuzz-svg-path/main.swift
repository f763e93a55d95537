import CFuzzDriver
import Foundation
import Geometry

/// The SVG path parser (as a scene's `d` reaches it), then what a path goes
/// through before drawing: its bounds, dashing and stroking.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSVGPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = try? Path(svgData: text, maxSegments: 100_000) else { return 0 }
    _ = path.controlBounds
    _ = path.stroked(StrokeStyle(width: 2, cap: .round, join: .miter, dash: [3, 2]), tolerance: 0.25)
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzSVGPath))
