import CFuzzDriver
import Foundation
import Media

/// The PNG reader of image assets, with its limits (libpng's user limits,
/// the pixel budget, the chunk caps).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    _ = try? PNGCodec.decode(Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz.png")
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzPNG))
