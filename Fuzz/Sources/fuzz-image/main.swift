import CFuzzDriver
import Foundation
import Media

/// Every scene image reader behind `ImageDecoder`: the signature check,
/// libpng, libjpeg-turbo with its EXIF (libexif) and ICC markers, libwebp and
/// its demuxer, libheif with Reel's box walk, and the shared finish (Little
/// CMS colour conversion, orientation), with the pixel budget.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    _ = try? ImageDecoder.decode(Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzImage))
